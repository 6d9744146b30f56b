import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, israelInstant, today as israelToday } from '../../../core/dates.ts';
import { addMonthsIso } from '../../../core/stay-months.ts';
import type { StayQuote } from '../../../core/quote.ts';
import { periodPayableSql } from '../../db/period-payouts-sql.ts';
import { bookings, ledgerTransactions, outgoingMail, payments } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { bookingLedger, unbalancedBookings } from '../payments/ledger-repository.ts';
import { chargeDuePeriods, remindDirectPeriods, rescheduleStay } from './use-cases/long-stay-payments.ts';

/*
 * Long stays paid period by period (issue 37, decision 054), through the API with the Stripe
 * stand-in: the schedule's rows at booking, the first Checkout saving the card, the job charging a
 * due period off-session, a refused charge paid through its own Checkout, and the direct way.
 * Dates are moved in the test's own rows (a period's due day), never the code's clock.
 */

const webhookSecret = 'whsec_longstaysecret';
const verified = { profile: { idVerificationStatus: 'verified' as const } };

async function sums(t: TestContext, bookingId: string) {
  const result: Record<string, number> = {};
  for (const line of await bookingLedger(t.db, bookingId)) result[line.account] = (result[line.account] ?? 0) + line.amount;
  return result;
}

const periodRows = (t: TestContext, bookingId: string) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'period')))
    .orderBy(payments.sequence);

/** Makes a period due today, as if the stay had been booked months ago (the test's data, not the clock). */
const makeDueToday = (t: TestContext, periodId: string) =>
  t.db.update(payments).set({ dueOn: israelToday(), nextAttemptOn: israelToday() }).where(eq(payments.id, periodId));

describe('long stays by card (the Stripe stand-in)', () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;
  let guests = 0;
  let requests = 0;

  const newGuest = async () => {
    const email = `long-${++guests}@example.com`;
    await createUser(t.db, { email, ...verified });
    return signIn(t.app, email);
  };
  const sublet = () =>
    createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      pricePerMonth: 4200,
      cleaningFee: 300,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(700),
      minStayDays: 1,
      maxStayDays: 365,
    });
  const book = (cookie: string, body: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: '/api/bookings', payload: body, remoteAddress: `10.9.0.${++requests % 250}` });

  /** A guest books three months, pays the first on the hosted page with `card`, and the host accepts. */
  async function threeMonths(card = '4242 4242 4242 4242') {
    const listing = await sublet();
    const guest = await newGuest();
    const checkIn = daysFromNow(20);
    const response = await book(guest, { propertyId: listing.id, checkIn, checkOut: addMonthsIso(checkIn, 3) });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json() as { id: string; total: number; checkoutUrl: string; money: { quote: StayQuote } };
    const paid = await stripe.pay(booking.checkoutUrl.split('/pay/')[1]!, card);
    expect(paid.status).toBe(303);
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` })).statusCode).toBe(200);
    return { ...booking, guest };
  }

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    hostId = (await createUser(t.db, { email: 'long-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'long-host@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('books three months: one row per period, the Checkout takes only the first and saves the card; the booking shows the schedule', async () => {
    const booking = await threeMonths();
    const schedule = booking.money.quote.schedule!;
    expect(schedule).toHaveLength(3);
    expect(schedule.reduce((sum, payment) => sum + payment.amount, 0)).toBe(booking.total);

    const rows = await periodRows(t, booking.id);
    expect(rows.map((row) => [row.sequence, row.amount, row.dueOn, row.provider])).toEqual(
      schedule.map((payment) => [payment.sequence, payment.amount, payment.dueOn, 'stripe']),
    );
    // Only the first period was asked for, on the guest's Customer, saving the card for later.
    const session = [...stripe.sessions.values()].find((candidate) => candidate.metadata.bookingId === booking.id)!;
    expect(session).toMatchObject({ amount_total: schedule[0]!.amount * 100, setup_future_usage: 'off_session' });
    expect(session.customer).toMatch(/^cus_test_/);
    const [stored] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored!.savedPaymentMethodId).toMatch(/^pm_test_/);

    // Accepted: the first period is captured and paid; the ledger has its capture only.
    expect((await periodRows(t, booking.id)).map((row) => row.status)).toEqual(['succeeded', 'scheduled', 'scheduled']);
    expect(await sums(t, booking.id)).toEqual({
      provider_balance: schedule[0]!.amount,
      host_payable: -(schedule[0]!.amount - schedule[0]!.serviceFee),
      platform_fees: -schedule[0]!.serviceFee,
    });

    // Both sides see the schedule on the booking.
    const mine = (await injectAs(t.app, booking.guest, { method: 'GET', url: '/api/bookings' })).json().bookings;
    const hosts = (await injectAs(t.app, host, { method: 'GET', url: '/api/host/bookings' })).json().bookings;
    for (const list of [mine, hosts]) {
      const view = list.find((candidate: { id: string }) => candidate.id === booking.id);
      expect(view.money.schedule.map((payment: { amount: number; status: string }) => [payment.amount, payment.status])).toEqual([
        [schedule[0]!.amount, 'succeeded'],
        [schedule[1]!.amount, 'scheduled'],
        [schedule[2]!.amount, 'scheduled'],
      ]);
    }
  });

  it('the job charges a due period off-session once, with a key per period, and records its capture', async () => {
    const booking = await threeMonths();
    const [, second] = await periodRows(t, booking.id);
    await makeDueToday(t, second!.id);
    const before = stripe.carriedOut(/^POST \/v1\/payment_intents$/);
    const deps = (t.app as unknown as { bookingDeps: Parameters<typeof chargeDuePeriods>[0] }).bookingDeps;
    expect(await chargeDuePeriods(deps)).toEqual([{ id: second!.id, outcome: 'succeeded' }]);
    expect(await chargeDuePeriods(deps)).toEqual([]);
    expect(stripe.carriedOut(/^POST \/v1\/payment_intents$/)).toBe(before + 1);
    expect(stripe.calls.filter((call) => call.idempotencyKey === `period-${second!.id}-1`)).toHaveLength(1);

    const rows = await periodRows(t, booking.id);
    expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'scheduled']);
    expect(rows[1]!.receiptNumber).not.toBeNull();
    const [capture] = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.key, `capture:${second!.id}`));
    expect(capture).toBeDefined();
    expect((await sums(t, booking.id)).provider_balance).toBe(rows[0]!.amount + rows[1]!.amount);

    // The booking's receipt lists every payment, the paid ones with their own receipt numbers (item 8).
    const receipt = (await injectAs(t.app, booking.guest, { method: 'GET', url: `/api/bookings/${booking.id}/receipt` })).json();
    expect(
      receipt.periods.map((period: { sequence: number; amount: number; status: string; receiptNumber: number | null }) => [
        period.sequence,
        period.amount,
        period.status,
        period.receiptNumber,
      ]),
    ).toEqual(rows.map((row) => [row.sequence, row.amount, row.status, row.receiptNumber]));
    expect(receipt.periods[1].receiptNumber).not.toBe(receipt.receiptNumber);
    // The first period was paid by the stay's own capture: its receipt is the stay's.
    expect(receipt.periods[0].receiptNumber).toBe(receipt.receiptNumber);
    expect(receipt.periods[0].paidAt).not.toBeNull();
  });

  it('a declined card: failed, the guest is mailed the pay-now link, tried again on day 2; paying through its own Checkout settles it', async () => {
    // 4000000000000341: saved by the Checkout, declined when charged later (Stripe's test card).
    const booking = await threeMonths('4000000000000341');
    const [, second] = await periodRows(t, booking.id);
    await makeDueToday(t, second!.id);
    const deps = (t.app as unknown as { bookingDeps: Parameters<typeof chargeDuePeriods>[0] }).bookingDeps;
    expect(await chargeDuePeriods(deps)).toEqual([{ id: second!.id, outcome: 'failed' }]);
    const [failed] = await t.db.select().from(payments).where(eq(payments.id, second!.id));
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'card_declined', attempts: 1 });
    expect(failed!.nextAttemptOn! > israelToday()).toBe(true);
    const mails = await t.db
      .select()
      .from(outgoingMail)
      .where(like(outgoingMail.textBody, `%?pay=${second!.id}%`));
    expect(mails).toHaveLength(1);
    // Not again today: the next try is on day 2.
    expect(await chargeDuePeriods(deps)).toEqual([]);

    // The booking shows it failed; another guest (or the host) cannot pay it.
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/periods/${second!.id}/pay` })).statusCode).toBe(404);
    const payNow = await injectAs(t.app, booking.guest, { method: 'POST', url: `/api/bookings/periods/${second!.id}/pay?lang=he` });
    expect(payNow.statusCode, payNow.body).toBe(200);
    const sessionId = payNow.json().checkoutUrl.split('/pay/')[1];
    expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: second!.amount * 100, capture_method: 'automatic' });
    expect((await stripe.pay(sessionId, '4242 4242 4242 4242')).status).toBe(303);
    expect((await periodRows(t, booking.id)).map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'scheduled']);
    // A replayed event changes nothing.
    const last = stripe.events.at(-1)!;
    await stripe.deliver(last.payload);
    expect((await bookingLedger(t.db, booking.id)).filter((line) => line.key === `capture:${second!.id}`)).toHaveLength(3);
  });

  it('a card that needs the guest (authentication required) moves the period to action_required', async () => {
    const booking = await threeMonths('4000002760003184');
    const [, second] = await periodRows(t, booking.id);
    await makeDueToday(t, second!.id);
    const deps = (t.app as unknown as { bookingDeps: Parameters<typeof chargeDuePeriods>[0] }).bookingDeps;
    expect(await chargeDuePeriods(deps)).toEqual([{ id: second!.id, outcome: 'action_required' }]);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, second!.id));
    expect(row).toMatchObject({ status: 'action_required', failureCode: 'authentication_required' });
  });

  it('rescheduleStay rebuilds the unpaid periods from the current dates and quote, adding up to the total', async () => {
    const booking = await threeMonths();
    const [stored] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    // A month longer, priced by the stay-changes work (here: the quote's total and fee grown by a month).
    const quote = stored!.quote as StayQuote;
    const longer = { ...quote, units: 4, stayPrice: quote.stayPrice + 4200, subtotal: quote.subtotal + 4200 };
    const total = longer.subtotal + quote.serviceFee + 420;
    await t.db
      .update(bookings)
      .set({
        checkOut: addMonthsIso(stored!.checkIn, 4),
        quote: { ...longer, serviceFee: quote.serviceFee + 420, total },
        total,
        serviceFee: quote.serviceFee + 420,
      })
      .where(eq(bookings.id, booking.id));
    const rebuilt = await t.db.transaction((tx) => rescheduleStay(tx, booking.id));
    expect(rebuilt.map((payment) => payment.sequence)).toEqual([1, 2, 3]);
    const rows = await periodRows(t, booking.id);
    const live = rows.filter((row) => row.status !== 'cancelled');
    expect(live).toHaveLength(4);
    expect(live.reduce((sum, row) => sum + row.amount, 0)).toBe(total);
    expect(live.reduce((sum, row) => sum + (row.serviceFee ?? 0), 0)).toBe(quote.serviceFee + 420);
  });

  it('a paid period’s host share is payable 24 hours after it starts, never at booking', async () => {
    const booking = await threeMonths();
    const [first] = await periodRows(t, booking.id);
    const payable = async (at: Date) =>
      (await t.db.execute<{ ok: boolean }>(sql`select ${periodPayableSql(at)} as ok from payments p where p.id = ${first!.id}`)).rows[0]!
        .ok;
    const checkIn = new Date(`${first!.periodStart}T00:00:00+02:00`);
    expect(await payable(new Date())).toBe(false);
    expect(await payable(new Date(checkIn.getTime() + 22 * 3_600_000))).toBe(false);
    expect(await payable(new Date(checkIn.getTime() + 26 * 3_600_000))).toBe(true);
  });

  it('payouts due and the host’s earnings count a period only once it has run 24 hours (item 4)', async () => {
    const ownHostId = (await createUser(t.db, { email: 'payable-host@example.com', role: 'host', ...verified })).id;
    const ownHost = await signIn(t.app, 'payable-host@example.com');
    await createUser(t.db, { email: 'payable-admin@example.com', role: 'admin' });
    const admin = await signIn(t.app, 'payable-admin@example.com');
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId: ownHostId,
      pricePerMonth: 6000,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(700),
      minStayDays: 1,
      maxStayDays: 365,
    });
    const guest = await newGuest();
    const checkIn = daysFromNow(20);
    const made = await book(guest, { propertyId: listing.id, checkIn, checkOut: addMonthsIso(checkIn, 3) });
    expect(made.statusCode, made.body).toBe(201);
    await stripe.pay(made.json().checkoutUrl.split('/pay/')[1]!);
    expect((await injectAs(t.app, ownHost, { method: 'POST', url: `/api/bookings/${made.json().id}/accept` })).statusCode).toBe(200);
    const rows = await periodRows(t, made.json().id);
    const share = (row: (typeof rows)[number]) => row.amount - (row.serviceFee ?? 0);

    const dueNow = async () => {
      const list = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/payouts-due' })).json();
      const hosts = (Array.isArray(list) ? list : list.hosts) as { hostId: string; due: number; payable: number }[];
      return hosts.find((candidate) => candidate.hostId === ownHostId)!;
    };
    const earnings = async () => (await injectAs(t.app, ownHost, { method: 'GET', url: '/api/host/earnings' })).json();
    // Accepted weeks before check-in: the first month is captured and owed to the host, but not payable yet.
    expect(await dueNow()).toMatchObject({ payable: share(rows[0]!), due: 0 });
    expect(await earnings()).toMatchObject({ due: 0, waiting: share(rows[0]!), scheduled: share(rows[1]!) + share(rows[2]!) });
    // The host cannot be sent it either.
    const early = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/finance/payouts',
      payload: { hostId: ownHostId, amount: 1, reference: 'TOO-EARLY' },
    });
    expect(early.statusCode).toBe(409);

    // Admin Finance lists it by the date it becomes payable: 24 hours after check-in, Israel's time.
    const upcoming = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/upcoming-payouts' })).json().payouts;
    const mine = upcoming.filter((payout: { hostId: string }) => payout.hostId === ownHostId);
    expect(mine).toEqual([
      expect.objectContaining({
        bookingId: made.json().id,
        sequence: 0,
        periodStart: checkIn,
        amount: share(rows[0]!),
        state: 'waiting',
        payableAt: israelInstant(addDaysIso(checkIn, 1), '00:00').toISOString(),
      }),
    ]);
    const dates = upcoming.map((payout: { payableAt: string }) => payout.payableAt);
    expect(dates).toEqual([...dates].sort());

    // The stay started two days ago (the test's rows, not the clock): the first month is payable.
    await t.db
      .update(payments)
      .set({ periodStart: daysFromNow(-2) })
      .where(eq(payments.id, rows[0]!.id));
    expect(await dueNow()).toMatchObject({ due: share(rows[0]!) });
    expect(await earnings()).toMatchObject({ due: share(rows[0]!), waiting: 0 });
    const after = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/upcoming-payouts' })).json().payouts;
    expect(after.filter((payout: { hostId: string }) => payout.hostId === ownHostId)).toEqual([]);
  });

  it('every booking’s ledger sums to zero', async () => {
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });
});

describe('long stays paid directly to the host (no Stripe)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the host marks each period received (fee owed per period), the guest is reminded once, overdue shows on both sides', async () => {
    const hostId = (await createUser(t.db, { email: 'direct-host@example.com', role: 'host', ...verified })).id;
    await createUser(t.db, { email: 'direct-guest@example.com', ...verified });
    const host = await signIn(t.app, 'direct-host@example.com');
    const guest = await signIn(t.app, 'direct-guest@example.com');
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      pricePerMonth: 5000,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
    });
    const checkIn = daysFromNow(10);
    const created = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listing.id, checkIn, checkOut: addMonthsIso(checkIn, 2) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json();
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` })).statusCode).toBe(200);
    // No fee for the whole stay at once: per period, as each is received.
    expect(await bookingLedger(t.db, booking.id)).toEqual([]);
    const [first, second] = await periodRows(t, booking.id);
    expect([first!.provider, second!.provider]).toEqual(['direct', 'direct']);

    // Only the host marks it; twice is once.
    expect((await injectAs(t.app, guest, { method: 'POST', url: `/api/bookings/periods/${first!.id}/received` })).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/periods/${first!.id}/received` })).statusCode).toBe(204);
    }
    expect(await sums(t, booking.id)).toEqual({ host_owes_fees: first!.serviceFee!, platform_fees: -first!.serviceFee! });

    // The second period due in three days: one reminder, however often the job runs.
    const deps = (t.app as unknown as { bookingDeps: Parameters<typeof remindDirectPeriods>[0] }).bookingDeps;
    await t.db
      .update(payments)
      .set({ dueOn: daysFromNow(3) })
      .where(eq(payments.id, second!.id));
    expect(await remindDirectPeriods(deps)).toEqual([second!.id]);
    expect(await remindDirectPeriods(deps)).toEqual([]);

    // Past its due day it shows overdue to both.
    await t.db
      .update(payments)
      .set({ dueOn: daysFromNow(-1) })
      .where(eq(payments.id, second!.id));
    for (const [cookie, url] of [
      [guest, '/api/bookings'],
      [host, '/api/host/bookings'],
    ] as const) {
      const view = (await injectAs(t.app, cookie, { method: 'GET', url })).json().bookings[0];
      expect(view.money.schedule.map((payment: { status: string }) => payment.status)).toEqual(['succeeded', 'overdue']);
    }
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });
});
