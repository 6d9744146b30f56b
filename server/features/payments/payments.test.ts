import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancellationRefund } from '../../../core/cancellation-policies.ts';
import { israelInstant } from '../../../core/dates.ts';
import { refundOfPaidPart } from '../../../core/payment-schedule.ts';
import type { StayQuote } from '../../../core/quote.ts';
import { bookings, paymentEvents, payments, securityEvents } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { createTestContext, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { runBookingJobs } from '../bookings/use-cases/run-booking-jobs.ts';
import { settleCardPayments } from '../bookings/use-cases/settle-card-payments.ts';
import { bookingLedger, unbalancedBookings } from './ledger-repository.ts';
import { stripeAddressOptions } from './stripe-provider.ts';

const webhookSecret = 'whsec_standinsecret';
const verified = { profile: { idVerificationStatus: 'verified' as const } };
const webhookUrl = '/api/payments/stripe/webhook';

/** The sum of a booking's ledger per account. */
async function accounts(t: TestContext, bookingId: string) {
  const sums: Record<string, number> = {};
  for (const line of await bookingLedger(t.db, bookingId)) sums[line.account] = (sums[line.account] ?? 0) + line.amount;
  return sums;
}

describe('card payments through Stripe Checkout (the stand-in)', () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;
  let guestCount = 0;
  let requests = 0;

  const newGuest = async () => {
    const email = `payer-${++guestCount}@example.com`;
    await createUser(t.db, { email, ...verified });
    return signIn(t.app, email);
  };
  const home = (overrides: Parameters<typeof createProperty>[1] = {}) =>
    createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
      ...overrides,
    });
  const book = (cookie: string, body: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: '/api/bookings?lang=he', payload: body, remoteAddress: `10.7.0.${++requests % 250}` });
  const act = (cookie: string, id: string, action: string) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/${action}` });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** A booking's payment rows, oldest first (the authorization before its capture and refund). */
  const paymentRows = async (id: string) =>
    t.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.createdAt, payments.kind);
  const sessionOf = (url: string) => url.split('/pay/')[1]!;

  /** A guest asks for a stay and pays on the hosted page: the card is held, the request waits for the host. */
  async function requestAndPay(cookie: string, body: Record<string, unknown>) {
    const response = await book(cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json();
    expect(booking.money).toMatchObject({ paymentMethod: 'card', paymentStatus: 'awaiting_payment' });
    const paid = await stripe.pay(sessionOf(booking.checkoutUrl));
    expect(paid.status).toBe(303);
    return booking as { id: string; total: number; checkoutUrl: string };
  }

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    hostId = (await createUser(t.db, { email: 'card-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'card-host@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
  // A test that failed while events were withheld must not keep them from the next one.
  afterEach(async () => {
    await stripe.deliverWithheld();
  });

  it('request → Stripe Checkout (manual capture, agorot) → webhook authorizes → the host accepts and captures, once in the ledger', async () => {
    const listing = await home();
    const guest = await newGuest();
    // 27 nights: paid at once (from 28 a stay is paid month by month: long-stay.test.ts).
    const response = await book(guest, { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(47) });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json();
    expect(booking.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    // Held dates while paying: nobody else may take them.
    const other = await newGuest();
    expect((await book(other, { propertyId: listing.id, checkIn: daysFromNow(30), checkOut: daysFromNow(40) })).json().error.code).toBe(
      'dates_unavailable',
    );
    const session = stripe.sessions.get(sessionOf(booking.checkoutUrl))!;
    expect(session).toMatchObject({
      mode: 'payment',
      capture_method: 'manual',
      amount_total: booking.total * 100,
      currency: 'ils',
      metadata: { bookingId: booking.id },
      success_url: `https://lina.test/he/my-bookings?payment=success&booking=${booking.id}`,
    });
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(30 * 60 - 5);
    // Not paid yet: the host cannot accept.
    expect((await act(host, booking.id, 'accept')).json().error.code).toBe('payment_not_completed');

    await stripe.pay(session.id);
    const held = await row(booking.id);
    expect([held.status, held.paymentStatus, held.stripePaymentIntentId]).toEqual(['pending', 'authorized', session.payment_intent]);
    expect(stripe.intents.get(session.payment_intent!)!.status).toBe('requires_capture');

    const accepted = await act(host, booking.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().money).toMatchObject({ paymentStatus: 'captured', paymentMethod: 'card' });
    expect(accepted.json().money.receiptNumber).toBeGreaterThan(1000);
    expect(stripe.intents.get(session.payment_intent!)!.status).toBe('succeeded');
    expect(await accounts(t, booking.id)).toEqual({
      provider_balance: booking.total,
      host_payable: -(booking.total - booking.serviceFee),
      platform_fees: -booking.serviceFee,
    });
    // Keyed per payment (decision 053): the capture is called with its authorization's key and recorded
    // as a payment row of its own, whose id keys the ledger's movement.
    const rows = await paymentRows(booking.id);
    expect(rows.map((payment) => [payment.kind, payment.amount, payment.status])).toEqual([
      ['authorization', booking.total, 'captured'],
      ['capture', booking.total, 'succeeded'],
    ]);
    const [authorization, capture] = rows;
    expect(stripe.calls.find((call) => call.path.endsWith('/capture'))?.idempotencyKey).toBe(`capture-${authorization!.id}`);
    expect([capture!.parentId, capture!.ledgerKey]).toEqual([authorization!.id, `capture:${capture!.id}`]);
    expect((await bookingLedger(t.db, booking.id)).map((line) => line.key)).toEqual(Array(3).fill(`capture:${capture!.id}`));
  });

  it('a replayed webhook changes nothing; a bad signature is refused with 400', async () => {
    const listing = await home();
    const guest = await newGuest();
    const booking = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(60), checkOut: daysFromNow(90) });
    const completed = stripe.events.findLast((event) => event.payload.includes(booking.id))!;
    const before = await row(booking.id);
    expect(await stripe.deliver(completed.payload)).toBe(200);
    expect(await row(booking.id)).toEqual(before);
    const replay = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      payload: completed.payload,
    });
    expect([replay.statusCode, replay.json().error.code]).toEqual([400, 'invalid_signature']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    // Whatever arrives unsigned or malformed is a 400, never a 5xx.
    for (const [payload, type] of [
      ['', 'application/json'],
      ['{', 'application/json'],
      ['hello', 'text/plain'],
      [Buffer.alloc(2048, 0), 'application/octet-stream'],
    ] as const) {
      const hostile = await t.app.inject({
        method: 'POST',
        url: webhookUrl,
        headers: { 'content-type': type, 'stripe-signature': 'x' },
        payload,
      });
      expect(hostile.statusCode).toBe(400);
    }
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, completed.id));
    expect(events).toHaveLength(1);
  });

  it('a decline releases the hold; an unfinished checkout lapses and frees its dates; a withdrawn request releases too', async () => {
    const listing = await home();
    const guest = await newGuest();
    const declined = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(100), checkOut: daysFromNow(130) });
    const intent = (await row(declined.id)).stripePaymentIntentId!;
    const answer = await act(host, declined.id, 'decline');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().money.paymentStatus).toBe('released');
    expect(stripe.intents.get(intent)!.status).toBe('canceled');
    expect(await bookingLedger(t.db, declined.id)).toEqual([]);

    // Withdrawn by the guest while the host has not answered.
    const withdrawn = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(140), checkOut: daysFromNow(170) });
    const cancelled = await act(guest, withdrawn.id, 'cancel');
    expect([cancelled.json().status, cancelled.json().money.paymentStatus]).toEqual(['cancelled', 'released']);

    // Nobody pays: the checkout's time runs out, the job withdraws the stay and closes the page.
    const unpaid = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(200), checkOut: daysFromNow(230) })).json();
    await runBookingJobs(t.db, new Date(Date.now() + 40 * 60_000));
    expect((await row(unpaid.id)).status).toBe('cancelled');
    await settleCardPayments(t.app.bookingDeps);
    expect(stripe.sessions.get(sessionOf(unpaid.checkoutUrl))!.status).toBe('expired');
    expect((await row(unpaid.id)).paymentStatus).toBe('released');

    // Stripe's own expiry of a checkout does the same.
    const expiring = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(240), checkOut: daysFromNow(270) })).json();
    const expiredSession = await fetch(`${stripe.url}/v1/checkout/sessions/${sessionOf(expiring.checkoutUrl)}/expire`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_lina' },
    });
    expect(expiredSession.status).toBe(200);
    await expect
      .poll(async () => [(await row(expiring.id)).status, (await row(expiring.id)).paymentStatus])
      .toEqual(['cancelled', 'released']);
  });

  /** Lina's view of a booking's money, to show that a refused event changed nothing. */
  const moneyOf = async (id: string) => {
    const stored = await row(id);
    return [stored.status, stored.paymentStatus, stored.stripePaymentIntentId, stored.receiptNumber, stored.updatedAt.getTime()];
  };
  const refusals = () => t.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'PAYMENT_REFUSED'));

  it('a checkout Lina did not open (a ₪1 Payment Link naming a booking) is refused: the booking, ledger and payable unchanged, a security event', async () => {
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, instantBooking: true, availableFrom: null });
    const guest = await newGuest();
    const response = await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(15), checkOut: daysFromNow(17) });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json() as { id: string; total: number; checkoutUrl: string };
    const before = await moneyOf(booking.id);
    const refusedBefore = (await refusals()).length;

    // Anyone with the account's Payment Link (or any other integration on it) makes a session: the
    // payer picks client_reference_id, and a link can carry metadata naming a booking too.
    const other = new Stripe('sk_test_payment_link', stripeAddressOptions(stripe.url));
    const named = [{ client_reference_id: booking.id }, { client_reference_id: booking.id, metadata: { bookingId: booking.id } }];
    for (const naming of named) {
      const foreign = await other.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'ils', unit_amount: 100, product_data: { name: 'Anything' } } }],
        payment_intent_data: { capture_method: 'manual' },
        success_url: 'https://example.com/thanks',
        ...naming,
      });
      expect((await stripe.pay(foreign.id)).status).toBe(303);
      const completed = stripe.events.findLast((event) => event.payload.includes(foreign.id))!;
      expect(JSON.parse(completed.payload).type).toBe('checkout.session.completed');
      expect(await moneyOf(booking.id)).toEqual(before);
    }
    // Nor does such a session's expiry withdraw the stay.
    const unpaid = await other.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'ils', unit_amount: 100, product_data: { name: 'Anything' } } }],
      client_reference_id: booking.id,
      metadata: { bookingId: booking.id },
      success_url: 'https://example.com/thanks',
    });
    await other.checkout.sessions.expire(unpaid.id);
    await expect
      .poll(() => stripe.events.some((event) => event.payload.includes(unpaid.id) && event.payload.includes('expired')))
      .toBe(true);
    expect(await moneyOf(booking.id)).toEqual(before);
    expect(await bookingLedger(t.db, booking.id)).toEqual([]);
    await expect.poll(async () => (await refusals()).length).toBe(refusedBefore + 3);
    expect((await refusals()).at(-1)!.description).toContain(unpaid.id);

    // The guest's own checkout still books the stay.
    await stripe.pay(sessionOf(booking.checkoutUrl));
    expect([(await row(booking.id)).status, (await row(booking.id)).paymentStatus]).toEqual(['confirmed', 'captured']);
    expect(await accounts(t, booking.id)).toMatchObject({ provider_balance: booking.total });
  });

  it('our own checkout that took another amount or currency than the stay’s total is refused, and its hold let go', async () => {
    const listing = await home();
    const guest = await newGuest();
    for (const [index, tamper] of [{ amount_total: 100 }, { currency: 'usd' }].entries()) {
      const created = await book(guest, {
        propertyId: listing.id,
        checkIn: daysFromNow(20 + index * 40),
        checkOut: daysFromNow(40 + index * 40),
      });
      expect(created.statusCode, created.body).toBe(201);
      const booking = created.json() as { id: string; total: number; checkoutUrl: string };
      const session = stripe.sessions.get(sessionOf(booking.checkoutUrl))!;
      expect([session.amount_total, session.currency]).toEqual([booking.total * 100, 'ils']);
      Object.assign(session, tamper);
      const before = await moneyOf(booking.id);
      expect((await stripe.pay(session.id)).status).toBe(303);
      expect(await moneyOf(booking.id)).toEqual(before);
      expect(await bookingLedger(t.db, booking.id)).toEqual([]);
      expect(stripe.intents.get(session.payment_intent!)!.status).toBe('canceled');
      // Its checkout then lapses like any unpaid one: withdrawn, nothing held.
      await runBookingJobs(t.db, new Date(Date.now() + 40 * 60_000));
      await settleCardPayments(t.app.bookingDeps);
      expect([(await row(booking.id)).status, (await row(booking.id)).paymentStatus]).toEqual(['cancelled', 'released']);
    }
  });

  it('paid, then withdrawn before the webhook came: the hold is cancelled at once, and the late webhook changes nothing', async () => {
    const listing = await home();
    const guest = await newGuest();
    const booking = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(40) })).json();
    stripe.withholdEvents();
    await stripe.pay(sessionOf(booking.checkoutUrl));
    const intent = stripe.sessions.get(sessionOf(booking.checkoutUrl))!.payment_intent!;
    expect([stripe.intents.get(intent)!.status, (await row(booking.id)).paymentStatus]).toEqual(['requires_capture', 'awaiting_payment']);

    const cancelled = await act(guest, booking.id, 'cancel');
    expect([cancelled.json().status, cancelled.json().money.paymentStatus]).toEqual(['cancelled', 'released']);
    expect(stripe.intents.get(intent)!.status).toBe('canceled');

    expect(await stripe.deliverWithheld()).toEqual([200]);
    expect([(await row(booking.id)).status, (await row(booking.id)).paymentStatus]).toEqual(['cancelled', 'released']);
    expect(stripe.intents.get(intent)!.status).toBe('canceled');
    expect(await bookingLedger(t.db, booking.id)).toEqual([]);
  });

  it('paid as the checkout lapsed, the webhook late: the jobs cancel the hold, in either order of the jobs and the webhook', async () => {
    const listing = await home();
    const guest = await newGuest();
    const later = new Date(Date.now() + 40 * 60_000);
    const payLate = async (checkIn: number) => {
      const booking = (
        await book(guest, { propertyId: listing.id, checkIn: daysFromNow(checkIn), checkOut: daysFromNow(checkIn + 10) })
      ).json();
      stripe.withholdEvents();
      await stripe.pay(sessionOf(booking.checkoutUrl));
      return { id: booking.id as string, intent: stripe.sessions.get(sessionOf(booking.checkoutUrl))!.payment_intent! };
    };

    // The stay lapses and its release runs, then the webhook comes.
    const first = await payLate(20);
    await runBookingJobs(t.db, later);
    await settleCardPayments(t.app.bookingDeps);
    expect(stripe.intents.get(first.intent)!.status).toBe('canceled');
    expect(await stripe.deliverWithheld()).toEqual([200]);
    expect([(await row(first.id)).status, (await row(first.id)).paymentStatus]).toEqual(['cancelled', 'released']);
    expect(stripe.intents.get(first.intent)!.status).toBe('canceled');

    // The stay lapses, the webhook comes before the release runs.
    const second = await payLate(60);
    await runBookingJobs(t.db, later);
    expect(await stripe.deliverWithheld()).toEqual([200]);
    expect([(await row(second.id)).status, (await row(second.id)).paymentStatus]).toEqual(['cancelled', 'released']);
    expect(stripe.intents.get(second.intent)!.status).toBe('canceled');

    // A stay marked released before its hold was known (as the release did before it read the
    // checkout): the late webhook brings the hold, which is cancelled.
    const third = await payLate(100);
    await t.db.update(bookings).set({ status: 'cancelled', paymentStatus: 'released' }).where(eq(bookings.id, third.id));
    expect(await stripe.deliverWithheld()).toEqual([200]);
    expect([(await row(third.id)).status, (await row(third.id)).paymentStatus, (await row(third.id)).stripePaymentIntentId]).toEqual([
      'cancelled',
      'released',
      third.intent,
    ]);
    expect(stripe.intents.get(third.intent)!.status).toBe('canceled');
    for (const id of [first.id, second.id, third.id]) expect(await bookingLedger(t.db, id)).toEqual([]);
  });

  it('a host who declines a stay paid while its webhook is late cancels the hold too', async () => {
    const listing = await home();
    const guest = await newGuest();
    const booking = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(30) })).json();
    stripe.withholdEvents();
    await stripe.pay(sessionOf(booking.checkoutUrl));
    const intent = stripe.sessions.get(sessionOf(booking.checkoutUrl))!.payment_intent!;
    const declined = await act(host, booking.id, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(stripe.intents.get(intent)!.status).toBe('canceled');
    expect(await stripe.deliverWithheld()).toEqual([200]);
    expect([(await row(booking.id)).status, (await row(booking.id)).paymentStatus]).toEqual(['declined', 'released']);
    expect(stripe.intents.get(intent)!.status).toBe('canceled');
  });

  it('booked instantly (a verified guest at a hotel with instant booking): the card is captured as soon as it is held', async () => {
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, instantBooking: true, availableFrom: null });
    const guest = await newGuest();
    const booking = await requestAndPay(guest, { propertyId: hotel.id, checkIn: daysFromNow(10), checkOut: daysFromNow(12) });
    const stored = await row(booking.id);
    expect([stored.status, stored.paymentStatus]).toEqual(['confirmed', 'captured']);
    expect(await accounts(t, booking.id)).toMatchObject({ provider_balance: booking.total });
  });

  it('a guest who cancels a sublet after the 48-hour grace gets back what the long-stay policy gives, shown before confirming', async () => {
    const listing = await home({ pricePerMonth: 6000 });
    const guest = await newGuest();
    const checkIn = daysFromNow(20);
    const booking = await requestAndPay(guest, { propertyId: listing.id, checkIn, checkOut: daysFromNow(80) });
    expect((await act(host, booking.id, 'accept')).statusCode).toBe(200);
    // Booked three days ago: the grace is over.
    const bookedAt = new Date(Date.now() - 72 * 3_600_000);
    await t.db.update(bookings).set({ createdAt: bookedAt }).where(eq(bookings.id, booking.id));
    const stored = await row(booking.id);
    const quote = stored.quote as StayQuote;

    const preview = await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/cancellation` });
    expect(preview.statusCode, preview.body).toBe(200);
    const expected = cancellationRefund({
      policy: 'long_stay',
      quote,
      bookedAt,
      checkInAt: israelInstant(checkIn, listing.checkInTime),
      cancelledAt: new Date(),
      by: 'guest',
    });
    expect(expected.tier).toBe('partial');
    // The first 30 of 60 nights are kept: half the accommodation, and the fee in the same share.
    expect(expected.refundSubtotal).toBe(quote.subtotal - Math.round((quote.subtotal - quote.cleaningFee) / 2));
    // 60 nights are paid month by month (decision 054): only the first period was taken, so the guest
    // gets back what was paid beyond what the policy keeps of the whole stay, never more.
    const first = quote.schedule![0]!;
    const part = refundOfPaidPart(expected, { total: stored.total, paid: first.amount, paidFee: first.serviceFee });
    expect(preview.json()).toMatchObject({ policy: 'long_stay', by: 'guest', tier: 'partial', refund: part.refund });

    const cancelled = await act(guest, booking.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().money).toMatchObject({
      paymentStatus: part.refund > 0 ? 'partially_refunded' : 'captured',
      refunded: part.refund,
    });
    expect(
      stripe.refunds.filter((refund) => refund.payment_intent === stored.stripePaymentIntentId).map((refund) => refund.amount),
    ).toEqual(part.refund > 0 ? [part.refund * 100] : []);
    const sums = await accounts(t, booking.id);
    expect(sums.provider_balance).toBe(first.amount - part.refund);
    expect(sums.host_payable).toBe(-(first.amount - first.serviceFee) + part.refundSubtotal);
    // The later periods are cancelled, never charged.
    expect((await paymentRows(booking.id)).filter((payment) => payment.kind === 'period').map((payment) => payment.status)).toEqual([
      'succeeded',
      ...quote.schedule!.slice(1).map(() => 'cancelled'),
    ]);
  });

  it('a host who cancels a confirmed card stay refunds it in full, and it counts on the host’s record', async () => {
    const listing = await home();
    const guest = await newGuest();
    const booking = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(300), checkOut: daysFromNow(330) });
    expect((await act(host, booking.id, 'accept')).statusCode).toBe(200);
    const cancelled = await act(host, booking.id, 'cancel');
    expect(cancelled.json().money).toMatchObject({ paymentStatus: 'refunded', refunded: booking.total });
    expect((await row(booking.id)).cancelledBy).toBe(hostId);
    expect(Object.values(await accounts(t, booking.id)).every((amount) => amount === 0)).toBe(true);
  });

  it.skipIf(testDriver !== 'postgres')(
    'two concurrent accepts capture once, two concurrent cancellations refund once (PostgreSQL)',
    async () => {
      const listing = await home();
      const guest = await newGuest();
      const booking = await requestAndPay(guest, { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(50) });
      const intent = (await row(booking.id)).stripePaymentIntentId!;
      const accepts = await Promise.all([act(host, booking.id, 'accept'), act(host, booking.id, 'accept')]);
      expect(accepts.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(stripe.carriedOut(new RegExp(`/v1/payment_intents/${intent}/capture$`))).toBe(1);
      expect((await bookingLedger(t.db, booking.id)).filter((line) => line.kind === 'capture')).toHaveLength(3);

      const cancels = await Promise.all([act(guest, booking.id, 'cancel'), act(host, booking.id, 'cancel')]);
      expect(cancels.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
      const refundKeys = new Set((await bookingLedger(t.db, booking.id)).filter((line) => line.kind === 'refund').map((line) => line.key));
      const refunds = (await paymentRows(booking.id)).filter((payment) => payment.kind === 'refund');
      expect(refunds).toHaveLength(1);
      expect([...refundKeys]).toEqual([`refund:${refunds[0]!.id}`]);
    },
  );

  it('every booking’s ledger sums to zero', async () => {
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });
});

describe('pay on arrival (no Stripe configured)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('shows what is due to the host; confirming records the fee the host owes, cancelling reverses it and refunds nothing', async () => {
    const hostId = (await createUser(t.db, { email: 'arrival-host@example.com', role: 'host' })).id;
    await createUser(t.db, { email: 'arrival-guest@example.com', ...verified });
    const host = await signIn(t.app, 'arrival-host@example.com');
    const guest = await signIn(t.app, 'arrival-guest@example.com');
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
    });
    const created = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      // 27 nights: one payment on arrival (a longer stay is paid period by period: long-stay.test.ts).
      payload: { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(47) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json();
    expect(booking.checkoutUrl).toBeUndefined();
    expect(booking.money).toMatchObject({ paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival' });
    expect(await bookingLedger(t.db, booking.id)).toEqual([]);

    const webhook = await t.app.inject({ method: 'POST', url: webhookUrl, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(webhook.statusCode).toBe(404);

    const accepted = await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` });
    expect(accepted.json().money.paymentStatus).toBe('due_on_arrival');
    expect(await accounts(t, booking.id)).toEqual({ host_owes_fees: booking.serviceFee, platform_fees: -booking.serviceFee });

    const preview = await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/cancellation` });
    expect(preview.json()).toMatchObject({ paymentMethod: 'on_arrival', paid: 0 });

    const cancelled = await injectAs(t.app, guest, { method: 'POST', url: `/api/bookings/${booking.id}/cancel` });
    expect(cancelled.json().money).toMatchObject({ paymentStatus: 'cancelled', refunded: 0 });
    const lines = await bookingLedger(t.db, booking.id);
    expect(new Set(lines.map((line) => line.key))).toEqual(new Set([`fee:${booking.id}`, `fee_reversal:${booking.id}`]));
    expect(Object.values(await accounts(t, booking.id)).every((amount) => amount === 0)).toBe(true);
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });
});
