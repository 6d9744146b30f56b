import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendByMonth } from '../../../core/stay-change-pricing.ts';
import { bookings, outgoingMail, stayChanges } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { bookingLedger } from '../payments/ledger-repository.ts';
import { runStayChangeJobs } from './use-cases/answer-stay-change.ts';

// Changing a confirmed stay paid on arrival (decision 058): who may propose and answer, the price of
// the difference, the database refusing taken dates, the fee owed following the new total, expiry.
describe('changing a confirmed stay', () => {
  let t: TestContext;
  let hostId: string;
  let host: string;
  let stranger: string;
  let guestCount = 0;

  const newGuest = async () => {
    const email = `changer-${++guestCount}@example.com`;
    const user = await createUser(t.db, { email });
    return { id: user.id, email, cookie: await signIn(t.app, email) };
  };
  const sublet = () =>
    createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(500),
      minStayDays: 1,
      maxStayDays: 365,
      pricePerMonth: 4000,
    });
  const propose = (cookie: string, bookingId: string, body: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${bookingId}/changes`, payload: body });
  const answer = (cookie: string, changeId: string, verb: string) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/stay-changes/${changeId}/${verb}` });
  const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const mailsTo = async (email: string) =>
    (
      await t.db
        .select({ subject: outgoingMail.subject, language: outgoingMail.language })
        .from(outgoingMail)
        .where(eq(outgoingMail.toAddress, email))
    ).map((mail) => mail.subject);

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'change-host@example.com', role: 'host', language: 'he' })).id;
    host = await signIn(t.app, 'change-host@example.com');
    await createUser(t.db, { email: 'change-stranger@example.com' });
    stranger = await signIn(t.app, 'change-stranger@example.com');
  });
  afterAll(() => t?.close());

  it('a guest extends by a month; only the host answers; accepting moves the dates, the total and the fee owed', async () => {
    const listing = await sublet();
    const guest = await newGuest();
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(40),
    });
    const newCheckOut = extendByMonth(booking.checkOut);
    const body = { checkIn: booking.checkIn, checkOut: newCheckOut, guests: 1 };

    // The price before sending: one more month and its fee.
    const quote = await injectAs(t.app, guest.cookie, { method: 'POST', url: `/api/bookings/${booking.id}/changes/quote`, payload: body });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ kind: 'extension', refund: 0 });
    expect(quote.json().charge).toBe(quote.json().total - booking.total);

    // Nobody else learns the booking exists.
    expect((await propose(stranger, booking.id, body)).statusCode).toBe(404);
    const sent = await propose(guest.cookie, booking.id, body);
    expect(sent.statusCode, sent.body).toBe(201);
    const change = sent.json();
    expect(change).toMatchObject({ role: 'guest', mine: true, status: 'proposed', checkOut: newCheckOut });
    expect(new Date(change.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // One open proposal per booking, from either side.
    expect((await propose(host, booking.id, { ...body, guests: 2 })).json().error.code).toBe('stay_change_open_exists');
    // The host is told, in Hebrew.
    expect(await mailsTo('change-host@example.com')).toContainEqual(expect.stringContaining('בקשה לשינוי'));

    const seen = await injectAs(t.app, host, { method: 'GET', url: `/api/bookings/${booking.id}/changes` });
    expect(seen.json().changes).toMatchObject([{ id: change.id, mine: false, status: 'proposed' }]);
    expect((await injectAs(t.app, stranger, { method: 'GET', url: `/api/bookings/${booking.id}/changes` })).statusCode).toBe(404);

    // The proposer cannot answer their own proposal; a stranger cannot see it.
    expect((await answer(guest.cookie, change.id, 'accept')).json().error.code).toBe('stay_change_not_yours');
    expect((await answer(stranger, change.id, 'accept')).statusCode).toBe(404);

    const accepted = await answer(host, change.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().change).toMatchObject({ status: 'accepted', mine: false });
    const after = await bookingRow(booking.id);
    expect([after.checkIn, after.checkOut, after.total]).toEqual([booking.checkIn, newCheckOut, quote.json().total]);
    expect(after.quote?.nights).toBe(quote.json().quote.nights);
    // Paid on arrival: the fee owed grows by the fee's difference, balanced.
    const lines = (await bookingLedger(t.db, booking.id)).filter((line) => line.key === `stay_change_fee:${change.id}`);
    expect(lines.map((line) => [line.account, line.amount]).sort()).toEqual(
      [
        ['host_owes_fees', after.serviceFee - booking.serviceFee],
        ['platform_fees', -(after.serviceFee - booking.serviceFee)],
      ].sort(),
    );
    expect(await mailsTo(guest.email)).toContainEqual(expect.stringContaining('Change accepted'));
    // Answered once: a second answer is refused.
    expect((await answer(host, change.id, 'decline')).json().error.code).toBe('stay_change_answered');
  });

  it('the host proposes a shortening and the guest declines: nothing moves', async () => {
    const listing = await sublet();
    const guest = await newGuest();
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(70),
    });
    const sent = await propose(host, booking.id, { checkIn: booking.checkIn, checkOut: daysFromNow(40), guests: 1 });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().price).toMatchObject({ kind: 'shortening', moneyBack: 0 });
    // A host who shortens gives back everything the shorter stay no longer costs.
    expect(sent.json().price.refund).toBe(booking.total - sent.json().price.quote.total);
    expect((await answer(host, sent.json().id, 'accept')).json().error.code).toBe('stay_change_not_yours');
    const declined = await answer(guest.cookie, sent.json().id, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().change.status).toBe('declined');
    expect(await bookingRow(booking.id)).toMatchObject({ checkOut: booking.checkOut, total: booking.total });
    expect(await mailsTo('change-host@example.com')).toContainEqual(expect.stringContaining('השינוי נדחה'));
  });

  it('refuses dates another stay holds, when proposed and when accepted (the proposal stays open)', async () => {
    const listing = await sublet();
    const guest = await newGuest();
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(40),
    });
    await createBooking(t.db, { propertyId: listing.id, checkIn: daysFromNow(50), checkOut: daysFromNow(60) });
    const over = await propose(guest.cookie, booking.id, { checkIn: booking.checkIn, checkOut: daysFromNow(55), guests: 1 });
    expect([over.statusCode, over.json().error.code]).toEqual([409, 'stay_change_unavailable']);

    const sent = await propose(guest.cookie, booking.id, { checkIn: booking.checkIn, checkOut: daysFromNow(48), guests: 1 });
    expect(sent.statusCode, sent.body).toBe(201);
    // Someone books the nights in between before the host answers.
    await createBooking(t.db, { propertyId: listing.id, checkIn: daysFromNow(44), checkOut: daysFromNow(46) });
    const refused = await answer(host, sent.json().id, 'accept');
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'stay_change_unavailable']);
    expect((await t.db.select().from(stayChanges).where(eq(stayChanges.id, sent.json().id)))[0]!.status).toBe('proposed');
    expect((await bookingRow(booking.id)).checkOut).toBe(booking.checkOut);
    // The host can still decline it.
    expect((await answer(host, sent.json().id, 'decline')).statusCode).toBe(200);
  });

  it('refuses a stay that is not confirmed, a proposal that changes nothing, and a started stay moving its check-in', async () => {
    const listing = await sublet();
    const guest = await newGuest();
    const pending = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'pending',
      checkIn: daysFromNow(100),
      checkOut: daysFromNow(130),
    });
    expect(
      (await propose(guest.cookie, pending.id, { checkIn: pending.checkIn, checkOut: daysFromNow(140), guests: 1 })).json().error.code,
    ).toBe('stay_change_not_allowed');
    const started = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(-5),
      checkOut: daysFromNow(25),
    });
    expect(
      (await propose(guest.cookie, started.id, { checkIn: started.checkIn, checkOut: started.checkOut, guests: 1 })).json().error.code,
    ).toBe('stay_change_no_change');
    expect(
      (await propose(guest.cookie, started.id, { checkIn: daysFromNow(1), checkOut: daysFromNow(25), guests: 1 })).json().error.code,
    ).toBe('stay_change_started');
    // In the last month of a sublet, the guest is offered one more month.
    const list = await injectAs(t.app, guest.cookie, { method: 'GET', url: `/api/bookings/${started.id}/changes` });
    expect(list.json()).toMatchObject({ offersExtension: true, extensionCheckOut: extendByMonth(started.checkOut) });
    const extended = await propose(guest.cookie, started.id, {
      checkIn: started.checkIn,
      checkOut: extendByMonth(started.checkOut),
      guests: 1,
    });
    expect(extended.statusCode, extended.body).toBe(201);
    // The host is not offered "Extend your stay".
    expect((await injectAs(t.app, host, { method: 'GET', url: `/api/bookings/${started.id}/changes` })).json().offersExtension).toBe(false);
  });

  it('the proposer withdraws; an unanswered proposal expires once, and its sender is told', async () => {
    const listing = await sublet();
    const guest = await newGuest();
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(40),
    });
    const first = (await propose(guest.cookie, booking.id, { checkIn: booking.checkIn, checkOut: daysFromNow(45), guests: 1 })).json();
    expect((await answer(host, first.id, 'withdraw')).json().error.code).toBe('stay_change_not_yours');
    const withdrawn = await answer(guest.cookie, first.id, 'withdraw');
    expect([withdrawn.statusCode, withdrawn.json().status]).toEqual([200, 'withdrawn']);
    expect((await answer(host, first.id, 'accept')).json().error.code).toBe('stay_change_answered');

    const second = (await propose(guest.cookie, booking.id, { checkIn: booking.checkIn, checkOut: daysFromNow(46), guests: 1 })).json();
    await t.db
      .update(stayChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stayChanges.id, second.id));
    // Past its time it cannot be accepted, even before the job has run.
    expect((await answer(host, second.id, 'accept')).json().error.code).toBe('stay_change_answered');
    expect(await runStayChangeJobs(t.app.bookingDeps)).toEqual([second.id]);
    expect(await runStayChangeJobs(t.app.bookingDeps)).toEqual([]);
    expect((await t.db.select().from(stayChanges).where(eq(stayChanges.id, second.id)))[0]!.status).toBe('expired');
    expect(await mailsTo(guest.email)).toContainEqual(expect.stringContaining('Change request expired'));
    expect((await bookingRow(booking.id)).checkOut).toBe(booking.checkOut);
  });
});
