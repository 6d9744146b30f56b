import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingMail } from '../../db/schema.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('booking messages', () => {
  let t: TestContext;
  let guest: string;
  let host: string;
  let stranger: string;
  let bookingId: string;

  const thread = (cookie: string, id = bookingId) => injectAs(t.app, cookie, { method: 'GET', url: `/api/bookings/${id}/messages` });
  const write = (cookie: string, body: unknown, id = bookingId) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/messages`, payload: { body } });
  const unreadCounts = async (cookie: string) =>
    (await injectAs(t.app, cookie, { method: 'GET', url: '/api/messages/unread-count' })).json();
  const unread = async (cookie: string) => {
    const { asGuest, asHost } = await unreadCounts(cookie);
    return asGuest + asHost;
  };
  const mailTo = (email: string) => t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, email));

  beforeAll(async () => {
    t = await createTestContext();
    const hostUser = await createUser(t.db, { email: 'host@example.com', role: 'host', firstName: 'Yossi' });
    const guestUser = await createUser(t.db, { email: 'guest@example.com', firstName: 'Dana', language: 'he' });
    await createUser(t.db, { email: 'stranger@example.com' });
    const listing = await createProperty(t.db, { hostId: hostUser.id, propertyType: 'sublet', titleEn: 'Loft', titleHe: 'לופט' });
    bookingId = (await createBooking(t.db, { propertyId: listing.id, guestId: guestUser.id, status: 'pending' })).id;
    host = await signIn(t.app, 'host@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    stranger = await signIn(t.app, 'stranger@example.com');
  });
  afterAll(() => t.close());

  it('lets guest and host write to each other, counting and clearing unread messages', async () => {
    const sent = await write(guest, '  Is early check-in possible?  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ body: 'Is early check-in possible?', mine: true, senderFirstName: 'Dana', readAt: null });

    expect(await unreadCounts(host)).toEqual({ asGuest: 0, asHost: 1 });
    expect(await unread(guest)).toBe(0);
    const hostBookings = (await injectAs(t.app, host, { method: 'GET', url: '/api/host/bookings' })).json().bookings;
    expect(hostBookings.find((b: { id: string }) => b.id === bookingId).unreadMessages).toBe(1);

    // Opening the thread marks the other side's messages read, not one's own.
    const seen = (await thread(host)).json().messages;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ mine: false, senderFirstName: 'Dana' });
    expect(seen[0].readAt).not.toBeNull();
    expect(await unread(host)).toBe(0);

    await write(host, 'Yes, from noon.');
    expect(await unreadCounts(guest)).toEqual({ asGuest: 1, asHost: 0 });
    const guestView = (await thread(guest)).json().messages;
    expect(guestView.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['Is early check-in possible?', true],
      ['Yes, from noon.', false],
    ]);
    const guestBookings = (await injectAs(t.app, guest, { method: 'GET', url: '/api/bookings' })).json().bookings;
    expect(guestBookings[0].unreadMessages).toBe(0);
  });

  it('e-mails the recipient about the first unread message only, in their language', async () => {
    const before = (await mailTo('guest@example.com')).length;
    await write(host, 'One more thing:');
    await write(host, 'bring a towel.');
    const mails = await mailTo('guest@example.com');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('הודעה חדשה מYossi: לופט');
    expect(mail.textBody).toContain('One more thing:');
    expect(mail.textBody).toContain(`/he/my-bookings?thread=${bookingId}`);
    // Once the guest has read them, the next message mails again.
    await thread(guest);
    await write(host, 'See you soon.');
    expect(await mailTo('guest@example.com')).toHaveLength(before + 2);
  });

  it('keeps the thread between the two of them', async () => {
    expect((await thread(stranger)).statusCode).toBe(404);
    expect((await write(stranger, 'hello')).statusCode).toBe(404);
    expect(await unread(stranger)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/messages` })).statusCode).toBe(401);
    expect((await thread(guest, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await thread(guest, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses empty and overlong messages with a validation error, never a 500', async () => {
    const blank = await write(guest, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({ code: 'validation_failed', fields: { body: expect.any(String) } });
    expect((await write(guest, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await write(guest, 42)).statusCode).toBe(400);
  });
});
