import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendByMonth } from '../../../core/stay-change-pricing.ts';
import { bookings, payments } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { bookingLedger } from '../payments/ledger-repository.ts';

const webhookSecret = 'whsec_standinsecret';
const verified = { profile: { idVerificationStatus: 'verified' as const } };

// A card stay paid at once changes (decision 058): a shortening refunds through the stand-in with a
// key of its own and a balanced ledger refund; an extension opens a Checkout for the difference, which
// the webhook captures and the ledger records. Every booking's ledger sums to zero.
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
    stripe = await startStripeStandIn({ webhookSecret });
    t = await createTestContext({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_lina',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL: 'https://lina.test',
      },
    });
    stripe.setWebhook(
      async (payload, signature) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
            payload,
          })
        ).statusCode,
    );
    hostId = (await createUser(t.db, { email: 'card-change-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'card-change-host@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('shortens with a refund of its own, then extends with a Checkout for the difference', async () => {
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
      pricePerMonth: 5000,
    });
    await createUser(t.db, { email: 'card-changer@example.com', ...verified });
    const guest = await signIn(t.app, 'card-changer@example.com');
    const made = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(80) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json();
    await stripe.pay(sessionOf(booking.checkoutUrl));
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` })).statusCode).toBe(200);

    // Two months → one: within the long-stay policy's 48 hours of grace the month comes back whole.
    const shorter = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn: booking.checkIn, checkOut: daysFromNow(50), guests: 1 },
    });
    expect(shorter.statusCode, shorter.body).toBe(201);
    const refund = shorter.json().price;
    expect(refund).toMatchObject({ kind: 'shortening', moneyBack: refund.refund });
    expect(refund.refund).toBeGreaterThan(5000);
    const accepted = await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${shorter.json().id}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const refundRows = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const refundRow = refundRows.find((row) => row.kind === 'refund')!;
    expect(refundRow).toMatchObject({ amount: refund.refund, status: 'succeeded', ledgerKey: `refund:${refundRow.id}` });
    expect(stripe.calls.find((call) => call.path === '/v1/refunds')?.idempotencyKey).toBe(`refund-${refundRow.id}`);
    const [shortened] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(shortened).toMatchObject({ checkOut: daysFromNow(50), total: booking.total - refund.refund, paymentStatus: 'captured' });
    // What the provider holds is what the guest now pays; the host's and the platform's shares follow.
    expect(await sums(booking.id)).toEqual({
      provider_balance: shortened!.total,
      host_payable: -(shortened!.total - shortened!.serviceFee),
      platform_fees: -shortened!.serviceFee,
    });

    // One more month, proposed by the guest and accepted by the host: the guest pays the difference from My Bookings.
    const longer = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn: booking.checkIn, checkOut: extendByMonth(daysFromNow(50)), guests: 1 },
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
});
