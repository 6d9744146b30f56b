import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendByMonth } from '../../../core/stay-change-pricing.ts';
import { bookings, payments, stayChanges } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { bookingLedger } from '../payments/ledger-repository.ts';

const webhookSecret = 'whsec_standinsecret';
const verified = { profile: { idVerificationStatus: 'verified' as const } };

// A card stay paid at once changes (decision 058): a shortening refunds through the stand-in with a
// key of its own and a balanced ledger refund; an extension opens a Checkout for the difference, which
// the webhook captures and the ledger records. A long stay paid period by period (decision 054) changes
// through its periods instead. Every booking's ledger sums to zero.
describe('changing a card stay (the Stripe stand-in)', () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;

  const sessionOf = (url: string) => url.split('/pay/')[1]!;
  const sums = async (bookingId: string) => {
    const totals: Record<string, number> = {};
    for (const line of await bookingLedger(t.db, bookingId)) totals[line.account] = (totals[line.account] ?? 0) + line.amount;
    return totals;
  };

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    hostId = (await createUser(t.db, { email: 'card-change-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'card-change-host@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const book = async (email: string, listing: { id: number }, checkIn: string, checkOut: string) => {
    await createUser(t.db, { email, ...verified });
    const guest = await signIn(t.app, email);
    const made = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listing.id, checkIn, checkOut },
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json();
    await stripe.pay(sessionOf(booking.checkoutUrl));
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` })).statusCode).toBe(200);
    return { guest, booking };
  };

  it('shortens a stay paid at once with a refund of its own, then extends it with a Checkout for the difference', async () => {
    // Three weeks of a rental: under 28 nights, the stay is paid at once.
    const listing = await createProperty(t.db, {
      propertyType: 'rental',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
      pricePerWeek: 3000,
    });
    const { guest, booking } = await book('card-changer@example.com', listing, daysFromNow(20), daysFromNow(41));

    // Three weeks → two, well before check-in: the week given up comes back whole.
    const shorter = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn: booking.checkIn, checkOut: daysFromNow(34), guests: 1 },
    });
    expect(shorter.statusCode, shorter.body).toBe(201);
    const refund = shorter.json().price;
    expect(refund).toMatchObject({ kind: 'shortening', moneyBack: refund.refund });
    expect(refund.refund).toBeGreaterThanOrEqual(3000);
    const accepted = await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${shorter.json().id}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const refundRows = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const refundRow = refundRows.find((row) => row.kind === 'refund')!;
    expect(refundRow).toMatchObject({ amount: refund.refund, status: 'succeeded', ledgerKey: `refund:${refundRow.id}` });
    // One part (the stay has one charge), sent under the refund's own key: the id its change keeps (decision 061).
    const [change] = await t.db.select().from(stayChanges).where(eq(stayChanges.id, shorter.json().id));
    expect(refundRow).toMatchObject({ refundKey: `refund-${change!.paymentId}`, idempotencyKey: `refund-${change!.paymentId}` });
    expect(stripe.calls.find((call) => call.path === '/v1/refunds')?.idempotencyKey).toBe(`refund-${change!.paymentId}`);
    const [shortened] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(shortened).toMatchObject({ checkOut: daysFromNow(34), total: booking.total - refund.refund, paymentStatus: 'captured' });
    // What the provider holds is what the guest now pays; the host's and the platform's shares follow.
    expect(await sums(booking.id)).toEqual({
      provider_balance: shortened!.total,
      host_payable: -(shortened!.total - shortened!.serviceFee),
      platform_fees: -shortened!.serviceFee,
    });

    // A week more again, proposed by the guest and accepted by the host: the guest pays the difference from My Bookings.
    const longer = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn: booking.checkIn, checkOut: daysFromNow(41), guests: 1 },
    });
    expect(longer.statusCode, longer.body).toBe(201);
    const charge = longer.json().price.charge;
    expect(charge).toBeGreaterThan(0);
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${longer.json().id}/accept` })).statusCode).toBe(200);
    const list = await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/changes` });
    const payUrl = list.json().payUrl as string;
    expect(payUrl).toMatch(new RegExp(`^${stripe.url}/pay/`));
    expect(stripe.sessions.get(sessionOf(payUrl))).toMatchObject({ amount_total: charge * 100, metadata: { bookingId: booking.id } });
    await stripe.pay(sessionOf(payUrl));
    const chargeRow = (await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).find((row) => row.kind === 'charge')!;
    expect(chargeRow).toMatchObject({ amount: charge, status: 'captured', ledgerKey: `capture:${chargeRow.id}` });
    const [extended] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(await sums(booking.id)).toEqual({
      provider_balance: extended!.total,
      host_payable: -(extended!.total - extended!.serviceFee),
      platform_fees: -extended!.serviceFee,
    });
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/changes` })).json().payUrl).toBeNull();
  });

  it('extends a long stay by one more period, charged when due, and shortens it without a refund while nothing past the new total was paid', async () => {
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
      pricePerMonth: 5000,
    });
    const checkIn = daysFromNow(20);
    const twoMonths = extendByMonth(extendByMonth(checkIn));
    const { guest, booking } = await book('long-changer@example.com', listing, checkIn, twoMonths);
    const periods = async () =>
      (await t.db.select().from(payments).where(eq(payments.bookingId, booking.id)))
        .filter((row) => row.kind === 'period' && row.status !== 'cancelled')
        .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    const before = await periods();
    expect(before).toHaveLength(2);
    const paidFirst = before[0]!.amount;

    // One more month: the schedule grows by one period; nothing is charged now (the job takes it when due).
    const longer = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn, checkOut: extendByMonth(twoMonths), guests: 1 },
    });
    expect(longer.statusCode, longer.body).toBe(201);
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${longer.json().id}/accept` })).statusCode).toBe(200);
    const after = await periods();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ id: before[0]!.id, status: 'succeeded', amount: paidFirst });
    expect(after.map((row) => row.periodEnd).at(-1)).toBe(extendByMonth(twoMonths));
    const [extended] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    // The periods add up to the new total to the shekel; no Checkout for a difference was opened.
    expect(after.reduce((sum, row) => sum + row.amount, 0)).toBe(extended!.total);
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/changes` })).json().payUrl).toBeNull();
    expect((await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).some((row) => row.kind === 'charge')).toBe(false);

    // Back to two months: only the first month was paid, which the new total covers, so nothing goes back to the card.
    const shorter = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn, checkOut: twoMonths, guests: 1 },
    });
    expect(shorter.statusCode, shorter.body).toBe(201);
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${shorter.json().id}/accept` })).statusCode).toBe(200);
    const shortened = await periods();
    expect(shortened).toHaveLength(2);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(shortened.reduce((sum, period) => sum + period.amount, 0)).toBe(row!.total);
    expect((await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).some((p) => p.kind === 'refund')).toBe(false);
    // The ledger holds the one capture, balanced.
    const totals = await sums(booking.id);
    expect(Object.values(totals).reduce((a, b) => a + b, 0)).toBe(0);
    expect(totals.provider_balance).toBe(paidFirst);
  });
});
