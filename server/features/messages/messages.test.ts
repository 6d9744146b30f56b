import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryRateLimits } from '../../../core/booking-rules.ts';
import { bookingMessages, conversations, hostFigures, outgoingMail, users } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { clearOfWindowEdge, createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('booking messages', () => {
  let t: TestContext;
  let guest: string;
  let host: string;
  let stranger: string;
  let bookingId: string;

  // Opening a thread in the app: a POST, which marks the other side's messages read.
  const thread = (cookie: string, id = bookingId) => injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/messages/read` });
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
    expect(mail.subject).toBe('הודעה חדשה מ-Yossi: לופט');
    expect(mail.textBody).toContain('One more thing:');
    expect(mail.textBody).toContain(`/he/my-bookings?thread=${bookingId}`);
    // Once the guest has read them, the next message mails again.
    await thread(guest);
    await write(host, 'See you soon.');
    expect(await mailTo('guest@example.com')).toHaveLength(before + 2);
  });

  it('marks nothing read on a GET, which any site can make the browser send (a link, an image); reading is a POST', async () => {
    await write(guest, 'Unread until opened');
    const unreadBefore = await unread(host);
    expect(unreadBefore).toBeGreaterThan(0);
    // The booking's thread is its guest and listing's conversation, the only one here.
    const [row] = await t.db.select({ conversationId: conversations.id }).from(conversations);
    // A cross-site navigation: the SameSite=Lax cookie goes along, our X-Requested-With does not.
    for (const url of [`/api/bookings/${bookingId}/messages`, `/api/conversations/${row!.conversationId}/messages`]) {
      const navigation = await t.app.inject({ method: 'GET', url, headers: { cookie: host, 'sec-fetch-site': 'cross-site' } });
      expect(navigation.statusCode).toBe(200);
      expect(navigation.json().messages.at(-1)).toMatchObject({ body: 'Unread until opened', readAt: null });
    }
    expect(await unread(host)).toBe(unreadBefore);
    // Nor can such a page POST: the cross-site guard refuses it.
    const forged = await t.app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/messages/read`, headers: { cookie: host } });
    expect(forged.statusCode).toBe(403);
    expect(await unread(host)).toBe(unreadBefore);
    // The app's own POST reads it, by either way in.
    const opened = await injectAs(t.app, host, { method: 'POST', url: `/api/conversations/${row!.conversationId}/messages/read` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().messages.at(-1).readAt).not.toBeNull();
    expect(await unread(host)).toBe(0);
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

describe('contact host: a conversation before any request', () => {
  let t: TestContext;
  let guest: string;
  let host: string;
  let stranger: string;
  let hostId: string;
  let guestId: string;
  let listingId: number;

  let addresses = 0;
  const ask = (cookie: string, propertyId: number, body: string) =>
    injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/conversations',
      payload: { propertyId, body },
      remoteAddress: `10.7.0.${++addresses % 250}`,
    });
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method, url, payload });
  const mailTo = (email: string) => t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, email));

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host', firstName: 'Yossi', language: 'he' })).id;
    guestId = (await createUser(t.db, { email: 'guest@example.com', firstName: 'Dana' })).id;
    await createUser(t.db, { email: 'stranger@example.com' });
    listingId = (
      await createProperty(t.db, {
        hostId,
        propertyType: 'sublet',
        titleEn: 'Loft',
        titleHe: 'לופט',
        availableFrom: daysFromNow(1),
        availableUntil: daysFromNow(400),
        minStayDays: 1,
      })
    ).id;
    host = await signIn(t.app, 'host@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    stranger = await signIn(t.app, 'stranger@example.com');
  });
  afterAll(() => t.close());

  it('opens a conversation with a question, mails the host, and the request that follows continues it', async () => {
    // The host's response figures count the question as an ask (server/db/host-figures.ts).
    const figures = async () =>
      (
        await t.db
          .select({ asked: hostFigures.requestsAsked, inDay: hostFigures.requestsAnsweredInDay, recomputeAt: hostFigures.recomputeAt })
          .from(hostFigures)
          .innerJoin(users, eq(users.id, hostFigures.hostId))
          .where(eq(users.email, 'host@example.com'))
      )[0];
    const before = await figures();
    expect((await call(guest, 'GET', `/api/properties/${listingId}/conversation`)).json()).toEqual({ conversationId: null, messages: [] });
    const asked = await ask(guest, listingId, '  Is the flat quiet at night?  ');
    expect(asked.statusCode).toBe(201);
    // Unanswered: not counted yet, but the figures are due again within a day.
    expect((await figures())!.recomputeAt!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const { conversationId, message } = asked.json();
    expect(message).toMatchObject({ body: 'Is the flat quiet at night?', mine: true, senderFirstName: 'Dana' });

    // The host: an unread message, an inquiry on the Hosting page, a mail in their language.
    expect(await unreadOf(t, host)).toEqual({ asGuest: 0, asHost: 1 });
    const inquiries = (await call(host, 'GET', '/api/conversations?as=host&lang=he')).json().conversations;
    expect(inquiries).toEqual([
      expect.objectContaining({
        id: conversationId,
        propertyTitle: 'לופט',
        guestFirstName: 'Dana',
        lastMessage: 'Is the flat quiet at night?',
        unreadMessages: 1,
        bookingId: null,
      }),
    ]);
    const [mail] = await mailTo('host@example.com');
    expect(mail!.subject).toBe('Dana שואל/ת על לופט');
    expect(mail!.textBody).toContain(`/host/bookings?conversation=${conversationId}`);

    // The host answers; the guest sees it from the property page.
    const answer = await call(host, 'POST', `/api/conversations/${conversationId}/messages`, { body: 'Very quiet, a side street.' });
    expect(answer.statusCode).toBe(201);
    expect(await figures()).toMatchObject({ asked: (before?.asked ?? 0) + 1, inDay: (before?.inDay ?? 0) + 1 });
    expect(await unreadOf(t, guest)).toEqual({ asGuest: 1, asHost: 0 });
    const fromPage = (await call(guest, 'POST', `/api/properties/${listingId}/conversation/read`)).json();
    expect(fromPage.conversationId).toBe(conversationId);
    expect(fromPage.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['Is the flat quiet at night?', true],
      ['Very quiet, a side street.', false],
    ]);
    expect(await unreadOf(t, guest)).toEqual({ asGuest: 0, asHost: 0 });
    // Asking again writes in the same conversation: no second inquiry.
    const again = await ask(guest, listingId, 'Great, thanks!');
    expect(again.json().conversationId).toBe(conversationId);

    // The guest requests a stay: the booking's thread is the same conversation.
    const booking = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listingId, checkIn: daysFromNow(30), checkOut: daysFromNow(60) },
    });
    expect(booking.statusCode).toBe(201);
    const bookingId = booking.json().id;
    expect(booking.json().conversationId).toBe(conversationId);
    const thread = (await call(host, 'GET', `/api/bookings/${bookingId}/messages`)).json().messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual([
      'Is the flat quiet at night?',
      'Very quiet, a side street.',
      'Great, thanks!',
    ]);
    await call(host, 'POST', `/api/bookings/${bookingId}/messages`, { body: 'Request received.' });
    const viaConversation = (await call(guest, 'GET', `/api/conversations/${conversationId}/messages`)).json().messages;
    expect(viaConversation.at(-1).body).toBe('Request received.');
    expect((await call(host, 'GET', '/api/conversations?as=host')).json().conversations[0].bookingId).toBe(bookingId);
  });

  it('keeps conversations to published listings of someone else, and to their two parties', async () => {
    expect((await ask(host, listingId, 'Hello me')).json().error.code).toBe('own_listing');
    const draft = await createProperty(t.db, { hostId, status: 'draft', publishedAt: null });
    expect((await ask(guest, draft.id, 'Hi')).statusCode).toBe(404);
    expect((await ask(guest, 999_999, 'Hi')).statusCode).toBe(404);
    expect((await ask(guest, listingId, '   ')).statusCode).toBe(400);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.guestId, guestId));
    expect((await call(stranger, 'GET', `/api/conversations/${conversation!.id}/messages`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/conversations/${conversation!.id}/messages`, { body: 'hi' })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/conversations?as=host')).json().conversations).toEqual([]);
  });

  it('limits new conversations per account a day; writing in open ones is not limited by it', async () => {
    await clearOfWindowEdge(inquiryRateLimits.perAccount.windowMs);
    const { id: spammerId, email } = await createUser(t.db, { email: 'spammer@example.com' });
    const spammer = await signIn(t.app, email);
    const listings = await Promise.all(
      Array.from({ length: inquiryRateLimits.perAccount.limit + 1 }, () => createProperty(t.db, { hostId, propertyType: 'rental' })),
    );
    for (const listing of listings.slice(0, -1)) expect((await ask(spammer, listing.id, 'Cheap offer!')).statusCode).toBe(201);
    const refused = await ask(spammer, listings.at(-1)!.id, 'Cheap offer!');
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'too_many_inquiries']);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ask(spammer, listings[0]!.id, 'One more line')).statusCode).toBe(201);
    const opened = await t.db.select().from(conversations).where(eq(conversations.guestId, spammerId));
    expect(opened).toHaveLength(inquiryRateLimits.perAccount.limit);
  });

  it('lets the host report a conversation, with its messages for the admin; nobody else may', async () => {
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.guestId, guestId));
    const report = (cookie: string) =>
      call(cookie, 'POST', '/api/reports', { targetType: 'conversation', conversationId: conversation!.id, reason: 'inappropriate' });
    expect((await report(guest)).statusCode).toBe(404);
    expect((await report(stranger)).statusCode).toBe(404);
    const filed = await report(host);
    expect(filed.statusCode).toBe(201);
    const { id: adminId, email } = await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    expect(adminId).toBeDefined();
    const admin = await signIn(t.app, email);
    const listed = (await call(admin, 'GET', '/api/admin/reports')).json();
    const row = listed.find((r: { id: number }) => r.id === filed.json().id);
    expect(row).toMatchObject({
      targetType: 'conversation',
      conversationId: conversation!.id,
      reportedUserId: guestId,
      propertyId: listingId,
    });
    expect(row.conversationMessages[0]).toMatchObject({ senderEmail: 'guest@example.com', body: 'Is the flat quiet at night?' });
  });

  it('puts a message written with only a booking (the previous release) into its conversation', async () => {
    const other = await createUser(t.db, { email: 'older@example.com' });
    const booking = await createBooking(t.db, {
      propertyId: listingId,
      guestId: other.id,
      status: 'pending',
      checkIn: daysFromNow(200),
      checkOut: daysFromNow(230),
    });
    await t.db.insert(bookingMessages).values({ bookingId: booking.id, senderId: other.id, body: 'Written by the old release' });
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.guestId, other.id));
    expect(conversation!.lastMessageAt).not.toBeNull();
    const [stored] = await t.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, booking.id));
    expect(stored!.conversationId).toBe(conversation!.id);
  });
});

describe('a suspended host', () => {
  let t: TestContext;
  afterAll(() => t.close());

  it('cannot be written to any more, in a question or a booking opened before, like a new conversation', async () => {
    t = await createTestContext();
    const hostUser = await createUser(t.db, { email: 'host@example.com', role: 'host' });
    const guestUser = await createUser(t.db, { email: 'guest@example.com' });
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    const listing = await createProperty(t.db, { hostId: hostUser.id, propertyType: 'sublet' });
    const booking = await createBooking(t.db, { propertyId: listing.id, guestId: guestUser.id, status: 'confirmed' });
    const guest = await signIn(t.app, 'guest@example.com');
    const admin = await signIn(t.app, 'admin@example.com');
    const post = (url: string, payload: Record<string, unknown>) => injectAs(t.app, guest, { method: 'POST', url, payload });
    const asked = await post('/api/conversations', { propertyId: listing.id, body: 'Is it quiet?' });
    expect(asked.statusCode).toBe(201);
    const { conversationId } = asked.json();

    const suspended = await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/users/${hostUser.id}/suspend` });
    expect(suspended.statusCode).toBe(200);
    const before = await t.db.select().from(bookingMessages);
    for (const url of [`/api/conversations/${conversationId}/messages`, `/api/bookings/${booking.id}/messages`]) {
      const refused = await post(url, { body: 'Hello?' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('listing_not_found');
    }
    // As a new question is.
    expect((await post('/api/conversations', { propertyId: listing.id, body: 'Hello?' })).json().error.code).toBe('listing_not_found');
    expect(await t.db.select().from(bookingMessages)).toHaveLength(before.length);
    // The guest still reads what was written.
    const thread = await injectAs(t.app, guest, { method: 'GET', url: `/api/conversations/${conversationId}/messages` });
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual(['Is it quiet?']);
  });
});

async function unreadOf(t: TestContext, cookie: string) {
  return (await injectAs(t.app, cookie, { method: 'GET', url: '/api/messages/unread-count' })).json();
}
