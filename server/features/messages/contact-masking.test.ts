import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMark } from '../../../core/contact-masking.ts';
import { bookingMessages, contactMaskingEvents, outgoingMail } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

// Masking on the server (core/contact-masking.ts, decision 049): messages before a confirmed stay,
// listing text always; the sender is told what was hidden and admins see a count per member.
describe('contact masking', () => {
  let t: TestContext;
  let admin: string;
  let host: string;
  let guest: string;
  let guestId: string;
  let hostId: string;
  let listingId: number;

  const phoneAndBit = 'Call me on 050-1234567, deposit by Bit please';
  const maskedPhoneAndBit = `Call me on ${maskMark}, deposit by ${maskMark} please`;
  const maskingsOf = async (email: string) =>
    (await injectAs(t.app, admin, { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(email)}` })).json()[0].maskings;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await signIn(t.app, (await createUser(t.db, { role: 'admin' })).email);
    const hostUser = await createUser(t.db, { email: 'masked-host@example.com', role: 'host', firstName: 'Yossi' });
    const guestUser = await createUser(t.db, { email: 'masked-guest@example.com', firstName: 'Dana' });
    hostId = hostUser.id;
    guestId = guestUser.id;
    listingId = (await createProperty(t.db, { hostId, propertyType: 'sublet', titleEn: 'Loft', titleHe: 'לופט' })).id;
    host = await signIn(t.app, hostUser.email);
    guest = await signIn(t.app, guestUser.email);
  });
  afterAll(() => t.close());

  it("masks a guest's question before any request, stores only the masked text and says what was hidden", async () => {
    const sent = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/conversations',
      payload: { propertyId: listingId, body: phoneAndBit },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ body: maskedPhoneAndBit, maskedKinds: ['phone', 'payment'] });

    const stored = await t.db.select().from(bookingMessages).where(eq(bookingMessages.senderId, guestId));
    expect(stored.map((m) => m.body)).toEqual([maskedPhoneAndBit]);
    expect(JSON.stringify(stored)).not.toContain('1234567');
    // The host reads the masked text, with the kinds, and so does the mail telling them.
    const thread = (
      await injectAs(t.app, host, { method: 'GET', url: `/api/conversations/${sent.json().conversationId}/messages` })
    ).json();
    expect(thread.messages[0]).toMatchObject({ body: maskedPhoneAndBit, mine: false, maskedKinds: ['phone', 'payment'] });
    const mails = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, 'masked-host@example.com'));
    expect(mails.every((mail) => !mail.textBody.includes('1234567'))).toBe(true);

    expect(await maskingsOf('masked-guest@example.com')).toBe(1);
    const [event] = await t.db.select().from(contactMaskingEvents).where(eq(contactMaskingEvents.userId, guestId));
    expect(event).toMatchObject({ source: 'message', propertyId: listingId, kinds: ['phone', 'payment'] });
  });

  it('masks a request’s thread while it waits, and lets everything pass once the stay is confirmed', async () => {
    const request = await createBooking(t.db, { propertyId: listingId, guestId, status: 'pending' });
    const write = (cookie: string, body: string) =>
      injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${request.id}/messages`, payload: { body } });

    const before = await write(host, 'Pay by bank transfer to dana@example.com');
    expect(before.json()).toMatchObject({ body: `Pay by ${maskMark} to ${maskMark}`, maskedKinds: ['email', 'payment'] });
    // Ordinary text is never touched, and says nothing was hidden.
    expect((await write(guest, 'It is a bit noisy? Rent ₪4,200 from 12.3.2027')).json()).toMatchObject({
      body: 'It is a bit noisy? Rent ₪4,200 from 12.3.2027',
      maskedKinds: [],
    });

    await createBooking(t.db, { propertyId: listingId, guestId, status: 'confirmed', checkIn: daysFromNow(90), checkOut: daysFromNow(95) });
    const after = await write(guest, phoneAndBit);
    expect(after.json()).toMatchObject({ body: phoneAndBit, maskedKinds: [] });
    expect((await write(host, 'My number is +972-52-7654321')).json().body).toBe('My number is +972-52-7654321');

    expect(await maskingsOf('masked-host@example.com')).toBe(1);
    expect(await maskingsOf('masked-guest@example.com')).toBe(1);
  });

  it("masks a listing's title and description whenever they are saved, and tells the host", async () => {
    const created = await injectAs(t.app, host, {
      method: 'POST',
      url: '/api/host/listings',
      payload: {
        propertyType: 'rental',
        titleEn: 'Sea view, call 0501234567',
        descriptionHe: 'דירה שקטה ליד הים עם מרפסת. תשלום בהעברה בנקאית בלבד',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      titleEn: `Sea view, call ${maskMark}`,
      descriptionHe: `דירה שקטה ליד הים עם מרפסת. תשלום ${maskMark} בלבד`,
      maskedKinds: ['phone', 'payment'],
    });
    const id = created.json().id;

    const edited = await injectAs(t.app, host, {
      method: 'PATCH',
      url: `/api/host/listings/${id}`,
      payload: { descriptionEn: 'More photos on www.example.com or write to me at host at gmail dot com' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      descriptionEn: `More photos on ${maskMark} or write to me at ${maskMark}`,
      maskedKinds: ['email', 'link'],
    });
    // Read back: stored masked; a read says nothing was hidden just now.
    const read = (await injectAs(t.app, host, { method: 'GET', url: `/api/host/listings/${id}` })).json();
    expect(read).toMatchObject({ titleEn: `Sea view, call ${maskMark}`, maskedKinds: [] });
    const clean = await injectAs(t.app, host, {
      method: 'PATCH',
      url: `/api/host/listings/${id}`,
      payload: { titleHe: 'דירה עם נוף לים' },
    });
    expect(clean.json().maskedKinds).toEqual([]);

    expect(await maskingsOf('masked-host@example.com')).toBe(3);
  });
});
