/**
 * Refunds split over a long stay's card charges (issue 37, decision 061), through the API with the
 * Stripe stand-in: each month of a card sublet is its own PaymentIntent, and Stripe gives back at most
 * what one took. A host's cancellation after two months, a move-in refund larger than one month and a
 * shortened stay each send one part per PaymentIntent, newest first, under keys of their own; a retry
 * sends nothing again; a refund larger than what is left is refused. Dates are moved in the test's own
 * rows (a period's due day, a stay's check-in), never the code's clock.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, today as israelToday } from '../../../core/dates.ts';
import { DomainError } from '../../../core/domain-error.ts';
import { addMonthsIso } from '../../../core/stay-months.ts';
import { bookings, ledgerTransactions, payments } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { bookingLedger, unbalancedBookings } from '../payments/ledger-repository.ts';
import { stripeAddressOptions } from '../payments/stripe-provider.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { chargeDuePeriods } from './use-cases/long-stay-payments.ts';
import { settleCardPayments } from './use-cases/settle-card-payments.ts';
import { planRefund } from './use-cases/split-refund.ts';

const webhookSecret = 'whsec_longstayrefunds';
const verified = { profile: { idVerificationStatus: 'verified' as const } };

describe('refunds of a long card stay, split over its PaymentIntents (the Stripe stand-in)', () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let sdk: Stripe;
  let deps: BookingDeps;
  let hostId: string;
  let host: string;
  let admin: string;
  let guests = 0;
  let requests = 0;

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.46.0.${++requests % 250}` });
  const rowsOf = (bookingId: string) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt);
  const bookingRow = async (bookingId: string) => (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;
  const refundsTo = (intent: string) => stripe.refunds.filter((refund) => refund.payment_intent === intent).map((refund) => refund.amount);
  const refundCalls = () => stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');

  /**
   * A guest books three months of a sublet (or of a rental priced by the week), pays the first on the
   * hosted page, the host accepts, and the job charges the second month.
   */
  async function twoMonthsPaid(type: 'sublet' | 'rental' = 'sublet') {
    const listing = await createProperty(t.db, {
      propertyType: type,
      hostId,
      ...(type === 'sublet' ? { pricePerMonth: 4200 } : { pricePerWeek: 1000 }),
      cleaningFee: 300,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(700),
      minStayDays: 1,
      maxStayDays: 365,
      checkInTime: '00:00',
    });
    const email = `refund-guest-${++guests}@example.com`;
    await createUser(t.db, { email, ...verified });
    const guest = await signIn(t.app, email);
    const checkIn = daysFromNow(20);
    const made = await call(guest, 'POST', '/api/bookings', { propertyId: listing.id, checkIn, checkOut: addMonthsIso(checkIn, 3) });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json() as { id: string; total: number; checkoutUrl: string };
    expect((await stripe.pay(booking.checkoutUrl.split('/pay/')[1]!)).status).toBe(303);
    expect((await call(host, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    const periods = () =>
      t.db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'period')))
        .orderBy(payments.sequence);
    const second = (await periods())[1]!;
    await t.db.update(payments).set({ dueOn: israelToday(), nextAttemptOn: israelToday() }).where(eq(payments.id, second.id));
    expect(await chargeDuePeriods(deps)).toEqual([{ id: second.id, outcome: 'succeeded' }]);
    const [first, paidSecond, third] = await periods();
    const capture = (await rowsOf(booking.id)).find((row) => row.kind === 'capture')!;
    const authorization = (await rowsOf(booking.id)).find((row) => row.kind === 'authorization')!;
    // Two PaymentIntents: the first month's (the Checkout's hold, captured) and the second's (off-session).
    expect(capture.providerPaymentId).toMatch(/^pi_test_/);
    expect(paidSecond!.providerPaymentId).toMatch(/^pi_test_/);
    expect(paidSecond!.providerPaymentId).not.toBe(capture.providerPaymentId);
    return { ...booking, guest, first: first!, second: paidSecond!, third: third!, capture, authorization };
  }

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    sdk = new Stripe('sk_test_direct', { ...stripeAddressOptions(stripe.url), maxNetworkRetries: 0 });
    deps = (t.app as unknown as { bookingDeps: BookingDeps }).bookingDeps;
    hostId = (await createUser(t.db, { email: 'refund-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'refund-host@example.com');
    await createUser(t.db, { email: 'refund-admin@example.com', role: 'admin' });
    admin = await signIn(t.app, 'refund-admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('the stand-in refuses, as Stripe does, a refund above what remains on a PaymentIntent, and a refund key used again for another amount', async () => {
    const stay = await twoMonthsPaid();
    const intent = stay.capture.providerPaymentId!;
    const agorot = stay.capture.amount * 100;
    const tooLarge = await sdk.refunds.create({ payment_intent: intent, amount: agorot + 100 }).catch((error: unknown) => error);
    expect(tooLarge).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((tooLarge as Stripe.errors.StripeError).code).toBe('amount_too_large');
    await sdk.refunds.create({ payment_intent: intent, amount: agorot - 100 }, { idempotencyKey: 'stand-in-check' });
    // What remains is 100 agorot: one more is too large, and the same key for another amount is refused.
    const overRemaining = await sdk.refunds.create({ payment_intent: intent, amount: 101 }).catch((error: unknown) => error);
    expect((overRemaining as Stripe.errors.StripeError).code).toBe('amount_too_large');
    const reused = await sdk.refunds.create({ payment_intent: intent, amount: 50 }, { idempotencyKey: 'stand-in-check' }).catch((e) => e);
    expect((reused as Stripe.errors.StripeError).type).toBe('StripeIdempotencyError');
    // The same key for the same refund is answered with the refund made, and nothing more is refunded.
    const again = await sdk.refunds.create({ payment_intent: intent, amount: agorot - 100 }, { idempotencyKey: 'stand-in-check' });
    expect(again.amount).toBe(agorot - 100);
    expect(refundsTo(intent)).toEqual([agorot - 100]);
  });

  it('a host who cancels after two months were charged refunds both, one part per PaymentIntent, newest first', async () => {
    const stay = await twoMonthsPaid();
    const before = refundCalls().length;
    const cancelled = await call(host, 'POST', `/api/bookings/${stay.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paid = stay.first.amount + stay.second.amount;
    // Everything paid came back: refunded, not "partially" (the months not charged never will be).
    expect(cancelled.json().money).toMatchObject({ paymentStatus: 'refunded', refunded: paid });

    // Each PaymentIntent gave back what it took; the second month's first, each under a key of its own.
    expect(refundsTo(stay.second.providerPaymentId!)).toEqual([stay.second.amount * 100]);
    expect(refundsTo(stay.capture.providerPaymentId!)).toEqual([stay.first.amount * 100]);
    const refundKey = `refund-${stay.authorization.id}`;
    expect(
      refundCalls()
        .slice(before)
        .map((c) => [c.idempotencyKey, c.status]),
    ).toEqual([
      [`${refundKey}-${stay.second.id}`, 200],
      [`${refundKey}-${stay.capture.id}`, 200],
    ]);

    // A refund row per part, each under the charge it gave back from, with its own ledger movement.
    const parts = (await rowsOf(stay.id)).filter((row) => row.kind === 'refund').sort((a, b) => a.sequence! - b.sequence!);
    expect(parts.map((row) => [row.parentId, row.providerPaymentId, row.amount, row.status, row.refundKey])).toEqual([
      [stay.second.id, stay.second.providerPaymentId, stay.second.amount, 'succeeded', refundKey],
      [stay.capture.id, stay.capture.providerPaymentId, stay.first.amount, 'succeeded', refundKey],
    ]);
    const ledger = await bookingLedger(t.db, stay.id);
    const refundLines = ledger.filter((line) => line.kind === 'refund' && line.account === 'provider_balance');
    expect(refundLines.map((line) => [line.key, line.amount])).toEqual(parts.map((row) => [`refund:${row.id}`, -row.amount]));
    // The card holds nothing of the stay any more; host and platform give back their shares of it.
    const sum = (account: string) => ledger.filter((line) => line.account === account).reduce((total, line) => total + line.amount, 0);
    expect(sum('provider_balance')).toBe(0);
    expect(sum('host_payable') + sum('platform_fees')).toBe(0);
    expect(await unbalancedBookings(t.db)).toEqual([]);
    // The month not yet charged never will be.
    expect((await t.db.select().from(payments).where(eq(payments.id, stay.third.id)))[0]!.status).toBe('cancelled');

    // The receipt shows the two charges and the two refunds, as the guest's card statement does.
    const receipt = (await call(stay.guest, 'GET', `/api/bookings/${stay.id}/receipt`)).json();
    expect(receipt).toMatchObject({ refunded: paid, paymentStatus: 'refunded' });
    const movements = receipt.movements as { kind: string; amount: number }[];
    expect(movements.filter((m) => m.kind === 'charge').map((m) => m.amount)).toEqual([stay.first.amount, stay.second.amount]);
    expect(movements.filter((m) => m.kind === 'refund').map((m) => m.amount)).toEqual([stay.second.amount, stay.first.amount]);

    // The jobs, run again, find nothing left to send.
    const carried = stripe.carriedOut(/^POST \/v1\/refunds$/);
    await settleCardPayments(deps);
    expect(stripe.carriedOut(/^POST \/v1\/refunds$/)).toBe(carried);
  });

  it('a refund retried after a lost answer sends the same parts under the same keys: nothing is refunded twice', async () => {
    const stay = await twoMonthsPaid();
    // Stripe is down when the host cancels: the cancellation stands, its parts are planned, nothing is sent.
    stripe.setFault({ status: 500 });
    try {
      expect((await call(host, 'POST', `/api/bookings/${stay.id}/cancel`)).statusCode).toBe(200);
    } finally {
      stripe.setFault(null);
    }
    const planned = (await rowsOf(stay.id)).filter((row) => row.kind === 'refund').sort((a, b) => a.sequence! - b.sequence!);
    expect(planned.map((row) => [row.providerPaymentId, row.amount, row.status])).toEqual([
      [stay.second.providerPaymentId, stay.second.amount, 'processing'],
      [stay.capture.providerPaymentId, stay.first.amount, 'processing'],
    ]);
    expect((await bookingRow(stay.id)).paymentStatus).toBe('captured');
    expect(refundsTo(stay.second.providerPaymentId!)).toEqual([]);

    // The first part did reach Stripe, but its answer was lost (the process stopped before recording it).
    await sdk.refunds.create(
      { payment_intent: planned[0]!.providerPaymentId!, amount: planned[0]!.amount * 100 },
      { idempotencyKey: planned[0]!.idempotencyKey! },
    );
    const carried = stripe.carriedOut(/^POST \/v1\/refunds$/);
    const before = refundCalls().length;
    await settleCardPayments(deps);
    // The job sent both parts again under their keys: Stripe replayed the first, made only the second.
    expect(
      refundCalls()
        .slice(before)
        .map((c) => [c.idempotencyKey, c.replayed]),
    ).toEqual([
      [planned[0]!.idempotencyKey, true],
      [planned[1]!.idempotencyKey, false],
    ]);
    expect(stripe.carriedOut(/^POST \/v1\/refunds$/)).toBe(carried + 1);
    expect(refundsTo(stay.second.providerPaymentId!)).toEqual([stay.second.amount * 100]);
    expect(refundsTo(stay.capture.providerPaymentId!)).toEqual([stay.first.amount * 100]);
    expect((await bookingRow(stay.id)).paymentStatus).toBe('refunded');

    // Recorded answers lost too (the rows put back to processing, the stay to captured): the retry
    // asks Stripe again under the same keys, which answers with the refunds it made; the ledger keeps one movement per part.
    await t.db
      .update(payments)
      .set({ status: 'processing' })
      .where(and(eq(payments.bookingId, stay.id), eq(payments.kind, 'refund')));
    await t.db.update(bookings).set({ paymentStatus: 'captured' }).where(eq(bookings.id, stay.id));
    const again = refundCalls().length;
    await settleCardPayments(deps);
    expect(
      refundCalls()
        .slice(again)
        .every((c) => c.replayed),
    ).toBe(true);
    expect(stripe.carriedOut(/^POST \/v1\/refunds$/)).toBe(carried + 1);
    expect(
      stripe.refunds.filter((refund) => [stay.second.providerPaymentId, stay.capture.providerPaymentId].includes(refund.payment_intent)),
    ).toHaveLength(2);
    const refundTransactions = await t.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.bookingId, stay.id), eq(ledgerTransactions.kind, 'refund')));
    expect(refundTransactions).toHaveLength(2);
    expect((await bookingRow(stay.id)).paymentStatus).toBe('refunded');
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });

  it.runIf(testDriver === 'postgres')(
    'two jobs retrying one refund at once plan it once and refund each PaymentIntent once (PostgreSQL)',
    async () => {
      const stay = await twoMonthsPaid();
      stripe.setFault({ status: 500 });
      try {
        expect((await call(host, 'POST', `/api/bookings/${stay.id}/cancel`)).statusCode).toBe(200);
      } finally {
        stripe.setFault(null);
      }
      // As if cancelled by the release before refunds were split: nothing planned, the promise on the booking.
      await t.db.delete(payments).where(and(eq(payments.bookingId, stay.id), eq(payments.kind, 'refund')));
      await Promise.all([settleCardPayments(deps), settleCardPayments(deps)]);
      const parts = (await rowsOf(stay.id)).filter((row) => row.kind === 'refund');
      expect(parts.map((row) => [row.providerPaymentId, row.status]).sort()).toEqual(
        [
          [stay.second.providerPaymentId, 'succeeded'],
          [stay.capture.providerPaymentId, 'succeeded'],
        ].sort(),
      );
      expect(refundsTo(stay.second.providerPaymentId!)).toEqual([stay.second.amount * 100]);
      expect(refundsTo(stay.capture.providerPaymentId!)).toEqual([stay.first.amount * 100]);
      const refundTransactions = await t.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.bookingId, stay.id), eq(ledgerTransactions.kind, 'refund')));
      expect(refundTransactions).toHaveLength(2);
      expect((await bookingRow(stay.id)).paymentStatus).toBe('refunded');
      expect(await unbalancedBookings(t.db)).toEqual([]);
    },
  );

  it('a move-in partial refund larger than one month is split over the months paid; refundable is what was paid, not the whole stay', async () => {
    const stay = await twoMonthsPaid();
    // The stay starts today (the test's rows): the guest may report in its first 24 hours.
    await t.db
      .update(bookings)
      .set({ checkIn: israelToday(), checkOut: addMonthsIso(israelToday(), 3) })
      .where(eq(bookings.id, stay.id));
    const reported = await call(stay.guest, 'POST', `/api/bookings/${stay.id}/move-in-report`, {
      reason: 'not_as_described',
      description: 'The balcony in the photos does not exist.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = reported.json().id as string;
    const paid = stay.first.amount + stay.second.amount;
    const queue = async () =>
      ((await call(admin, 'GET', '/api/admin/move-in-reports')).json().reports as { id: string; refundable: number }[]).find(
        (r) => r.id === reportId,
      )!;
    // What the guest paid through us so far: two months, not the stay's total.
    expect(paid).toBeLessThan(stay.total);
    expect((await queue()).refundable).toBe(paid);
    const tooMuch = await call(admin, 'POST', `/api/admin/move-in-reports/${reportId}/decision`, {
      decision: 'partial_refund',
      amount: paid + 1,
    });
    expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([400, 'move_in_refund_invalid']);

    const amount = stay.second.amount + 250;
    const decided = await call(admin, 'POST', `/api/admin/move-in-reports/${reportId}/decision`, { decision: 'partial_refund', amount });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ refundAmount: amount, refundSent: true });
    // The second month gives back all it took, the first the rest.
    expect(refundsTo(stay.second.providerPaymentId!)).toEqual([stay.second.amount * 100]);
    expect(refundsTo(stay.capture.providerPaymentId!)).toEqual([250 * 100]);
    const refundKey = `refund-move-in-${reportId}`;
    expect(
      refundCalls()
        .filter((c) => c.idempotencyKey?.startsWith(refundKey))
        .map((c) => c.idempotencyKey),
    ).toEqual([`${refundKey}-${stay.second.id}`, `${refundKey}-${stay.capture.id}`]);
    const after = await bookingRow(stay.id);
    expect([after.status, after.paymentStatus, after.refunded]).toEqual(['confirmed', 'partially_refunded', amount]);
    const ledger = await bookingLedger(t.db, stay.id);
    const refunds = ledger.filter((line) => line.kind === 'refund' && line.account === 'provider_balance');
    expect(refunds.map((line) => line.amount).sort((a, b) => a - b)).toEqual([-stay.second.amount, -250].sort((a, b) => a - b));
    expect(ledger.filter((line) => line.account === 'provider_balance').reduce((sum, line) => sum + line.amount, 0)).toBe(paid - amount);
    expect(await unbalancedBookings(t.db)).toEqual([]);
    // What is left to give back is the first month's rest.
    expect((await queue()).refundable).toBe(stay.first.amount - 250);
  });

  it('a refund larger than everything the charges can still give back is refused whole, writing nothing', async () => {
    const stay = await twoMonthsPaid();
    const paid = stay.first.amount + stay.second.amount;
    const plan = (amount: number) =>
      t.db.transaction((tx) => planRefund(tx, deps, { bookingId: stay.id, refundKey: `refund-test-${amount}`, amount, serviceFee: 0 }));
    const refused = await plan(paid + 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('refund_exceeds_refundable');
    expect((await rowsOf(stay.id)).filter((row) => row.kind === 'refund')).toEqual([]);
    // Everything paid is exactly what can be planned, newest first; planning it again changes nothing.
    const parts = await plan(paid);
    expect(parts.map((part) => [part.chargeId, part.amount])).toEqual([
      [stay.second.id, stay.second.amount],
      [stay.capture.id, stay.first.amount],
    ]);
    expect((await plan(paid)).map((part) => part.id)).toEqual(parts.map((part) => part.id));
    // The planned parts count as given back: nothing more can be planned on this stay.
    const more = await t.db
      .transaction((tx) => planRefund(tx, deps, { bookingId: stay.id, refundKey: 'refund-test-more', amount: 1, serviceFee: 0 }))
      .catch((error: unknown) => error);
    expect((more as DomainError).code).toBe('refund_exceeds_refundable');
  });

  it('a stay shortened below what was paid sends back the difference over both months', async () => {
    // A rental priced by the week: a week costs less than a month, so the difference is more than the second month.
    const stay = await twoMonthsPaid('rental');
    const [booked] = await t.db.select().from(bookings).where(eq(bookings.id, stay.id));
    // The host proposes a week instead of three months (a host gives back everything beyond the new price).
    const proposed = await call(host, 'POST', `/api/bookings/${stay.id}/changes`, {
      checkIn: booked!.checkIn,
      checkOut: addDaysIso(booked!.checkIn, 7),
      guests: booked!.guests,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const accepted = await call(stay.guest, 'POST', `/api/stay-changes/${proposed.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [shortened] = await t.db.select().from(bookings).where(eq(bookings.id, stay.id));
    const paid = stay.first.amount + stay.second.amount;
    const back = paid - shortened!.total;
    expect(back).toBeGreaterThan(stay.second.amount);
    expect(refundsTo(stay.second.providerPaymentId!)).toEqual([stay.second.amount * 100]);
    expect(refundsTo(stay.capture.providerPaymentId!)).toEqual([(back - stay.second.amount) * 100]);
    const ledger = await bookingLedger(t.db, stay.id);
    // The card now holds exactly the shortened stay's price.
    expect(ledger.filter((line) => line.account === 'provider_balance').reduce((sum, line) => sum + line.amount, 0)).toBe(shortened!.total);
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });
});
