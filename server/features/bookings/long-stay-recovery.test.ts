import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, today as israelToday } from '../../../core/dates.ts';
import { paymentSchedule } from '../../../core/payment-schedule.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { bookings, ledgerTransactions, outgoingMail, payments, users } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { openTestDatabase, testDriver } from '../../test/test-app.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { bookingRepositories } from './use-cases/booking-deps.ts';
import { chargeDuePeriods } from './use-cases/long-stay-payments.ts';
import { recoverStuckPeriods } from './use-cases/recover-stuck-periods.ts';

// A card period the charge job claimed and whose result it never recorded (the process died between
// the claim and the database, decision 062). The crash is made by hand: the row is left processing
// after a charge that did, or did not, reach the Stripe stand-in, and its time set back past the
// bound. Two recoveries then run at once, as on two instances: each row is settled by one of them,
// exactly as the charge job would have settled it (one outcome, one ledger entry, one mail). The
// race is real on PostgreSQL (concurrent connections); PGlite serves one query at a time, so there
// the two runs only interleave at their awaits, which still checks the SQL and the outcomes.
describe(`recovering long-stay periods left processing by a crash (${testDriver})`, () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let stripe: StripeStandIn;
  let deps: Parameters<typeof recoverStuckPeriods>[0];
  let hostId: string;
  let made = 0;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    stripe = await startStripeStandIn({ webhookSecret: 'whsec_recovery' });
    deps = {
      db: database.db,
      repos: bookingRepositories,
      provider: createStripeProvider({ secretKey: 'sk_test_recovery', webhookSecret: 'whsec_recovery', apiUrl: stripe.url }),
      log: pino({ level: 'silent' }),
      clock: () => new Date(),
      siteUrl: 'https://lina.example',
    };
    hostId = (await createUser(database.db, { role: 'host' })).id;
  });
  afterAll(async () => {
    await drop();
    await stripe.close();
  });

  /** A confirmed card sublet whose second period is due today, with the guest's card (a Stripe test method). */
  const dueStay = async (card: string, bookingStatus: 'confirmed' | 'cancelled' = 'confirmed') => {
    const db = database.db;
    made += 1;
    const listing = await createProperty(db, { propertyType: 'sublet', hostId, pricePerMonth: 4000 });
    const guest = await createUser(db, { email: `recovery-guest-${made}@example.com` });
    const customerId = `cus_test_recovery_${made}`;
    await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, guest.id));
    const booking = await createBooking(db, {
      propertyId: listing.id,
      guestId: guest.id,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(100),
      paymentMethod: 'card',
      paymentStatus: 'captured',
    });
    await db.update(bookings).set({ savedPaymentMethodId: card }).where(eq(bookings.id, booking.id));
    const schedule = paymentSchedule(
      { unit: 'month', subtotal: 12_000, cleaningFee: 0, serviceFee: 960, total: 12_960 },
      { checkIn: daysFromNow(10), checkOut: daysFromNow(100) },
      { bookedOn: israelToday() },
    );
    await bookingRepositories.periods.insertPeriods(db, booking.id, 'stripe', schedule);
    const rows = await db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(payments.sequence);
    const period = rows[1]!;
    await db.update(payments).set({ dueOn: israelToday(), nextAttemptOn: israelToday() }).where(eq(payments.id, period.id));
    if (bookingStatus !== 'confirmed') await db.update(bookings).set({ status: bookingStatus }).where(eq(bookings.id, booking.id));
    return { periodId: period.id, bookingId: booking.id, amount: period.amount, customerId, guestEmail: guest.email };
  };

  /** The charge job's claim, then a crash: the row stays processing, last touched 20 minutes ago. */
  const crash = async (periodId: string, attempts = 1) => {
    await database.db
      .update(payments)
      .set({ status: 'processing', attempts, updatedAt: sql`now() - interval '20 minutes'` })
      .where(eq(payments.id, periodId));
  };

  /** The charge the crashed run sent, as chargeDuePeriods sends it (same key, same metadata). */
  const sendCharge = async (stay: Awaited<ReturnType<typeof dueStay>>, card: string, attempt = 1) =>
    deps.provider.chargeSaved!({
      bookingId: stay.bookingId,
      paymentId: stay.periodId,
      attempt,
      amount: stay.amount,
      customerId: stay.customerId,
      paymentMethodId: card,
      description: 'crashed try',
    });

  const rowOf = async (id: string) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const mailsTo = async (address: string) => database.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, address));

  it('settles each crashed try once across two simultaneous recoveries, as the charge job would have', async () => {
    // Reached Stripe and paid; reached Stripe and declined; needed the guest; never reached Stripe;
    // never reached Stripe on a stay cancelled meanwhile.
    const paid = await dueStay('pm_card_visa');
    const declined = await dueStay('pm_card_chargeDeclined');
    const needsGuest = await dueStay('pm_card_authenticationRequired');
    const unsent = await dueStay('pm_card_visa');
    const unsentEnded = await dueStay('pm_card_visa', 'cancelled');
    const paidIntent = await sendCharge(paid, 'pm_card_visa');
    expect(paidIntent.outcome).toBe('succeeded');
    expect((await sendCharge(declined, 'pm_card_chargeDeclined')).outcome).toBe('failed');
    expect((await sendCharge(needsGuest, 'pm_card_authenticationRequired')).outcome).toBe('action_required');
    for (const stay of [paid, declined, needsGuest, unsent, unsentEnded]) await crash(stay.periodId);
    // A row a live run touched a minute ago is not stuck: left alone.
    const live = await dueStay('pm_card_visa');
    await database.db
      .update(payments)
      .set({ status: 'processing', attempts: 1, updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(payments.id, live.periodId));
    const created = stripe.carriedOut(/^POST \/v1\/payment_intents$/);

    const runs = await Promise.all([recoverStuckPeriods(deps), recoverStuckPeriods(deps)]);
    const outcomes = runs.flat();
    // Every stuck row was looked at by exactly one of the two runs; the live one by neither.
    expect(outcomes.map((row) => row.id).sort()).toEqual(
      [paid, declined, needsGuest, unsent, unsentEnded].map((stay) => stay.periodId).sort(),
    );
    expect(Object.fromEntries(outcomes.map((row) => [row.id, row.outcome]))).toEqual({
      [paid.periodId]: 'succeeded',
      [declined.periodId]: 'failed',
      [needsGuest.periodId]: 'action_required',
      [unsent.periodId]: 'returned',
      [unsentEnded.periodId]: 'cancelled',
    });
    // Recovery asks; it never charges.
    expect(stripe.carriedOut(/^POST \/v1\/payment_intents$/)).toBe(created);

    // Paid: succeeded with the PaymentIntent Stripe holds, a receipt number, one capture in the ledger.
    const paidRow = await rowOf(paid.periodId);
    expect(paidRow).toMatchObject({
      status: 'succeeded',
      providerPaymentId: paidIntent.paymentIntentId,
      ledgerKey: `capture:${paid.periodId}`,
    });
    expect(paidRow.receiptNumber).toEqual(expect.any(Number));
    const captures = await database.db
      .select()
      .from(ledgerTransactions)
      .where(
        inArray(
          ledgerTransactions.key,
          [paid, declined, needsGuest, unsent].map((stay) => `capture:${stay.periodId}`),
        ),
      );
    expect(captures.map((row) => row.key)).toEqual([`capture:${paid.periodId}`]);
    expect(await mailsTo(paid.guestEmail)).toHaveLength(0);

    // Declined / needing the guest: the retry schedule (day 2 after the due day) and one pay-now mail each.
    const retryDay = addDaysIso(israelToday(), 2);
    expect(await rowOf(declined.periodId)).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      attempts: 1,
      nextAttemptOn: retryDay,
    });
    expect(await rowOf(needsGuest.periodId)).toMatchObject({
      status: 'action_required',
      failureCode: 'authentication_required',
      nextAttemptOn: retryDay,
    });
    for (const stay of [declined, needsGuest]) {
      const mails = await mailsTo(stay.guestEmail);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(`?pay=${stay.periodId}`);
    }

    // Never sent: the try is undone (back to scheduled, not counted); on the ended stay, cancelled.
    expect(await rowOf(unsent.periodId)).toMatchObject({ status: 'scheduled', attempts: 0, nextAttemptOn: israelToday() });
    expect(await rowOf(unsentEnded.periodId)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await mailsTo(unsent.guestEmail)).toHaveLength(0);
    expect(await rowOf(live.periodId)).toMatchObject({ status: 'processing', attempts: 1 });

    // A later recovery finds nothing more to do (the live row is still within its bound).
    expect(await recoverStuckPeriods(deps)).toEqual([]);

    // The undone try is made again by the charge job under the same key as the crashed one
    // (period-<row>-1): had it reached Stripe after all, Stripe would answer with that payment.
    const charged = await chargeDuePeriods(deps);
    expect(charged).toContainEqual({ id: unsent.periodId, outcome: 'succeeded' });
    const keys = stripe.calls
      .filter((call) => call.path === '/v1/payment_intents' && call.method === 'POST')
      .map((call) => call.idempotencyKey);
    expect(keys.filter((key) => key === `period-${unsent.periodId}-1`)).toHaveLength(1);
    expect(await rowOf(unsent.periodId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(
      await database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, `capture:${unsent.periodId}`)),
    ).toHaveLength(1);
  });

  it('finds the paid try among the guest’s other payments, and undoes a retry whose own try never left', async () => {
    // A period declined on its first try (recorded), paid by its second, whose result a crash lost;
    // and a period declined on its first try whose second try never left.
    const retried = await dueStay('pm_card_chargeDeclined');
    expect((await sendCharge(retried, 'pm_card_chargeDeclined', 1)).outcome).toBe('failed');
    const paidSecond = await sendCharge(retried, 'pm_card_visa', 2);
    await database.db
      .update(payments)
      .set({ status: 'failed', failureCode: 'card_declined', attempts: 1 })
      .where(eq(payments.id, retried.periodId));
    await crash(retried.periodId, 2);
    const unsentRetry = await dueStay('pm_card_authenticationRequired');
    expect((await sendCharge(unsentRetry, 'pm_card_authenticationRequired', 1)).outcome).toBe('action_required');
    await database.db.update(payments).set({ failureCode: 'authentication_required' }).where(eq(payments.id, unsentRetry.periodId));
    await crash(unsentRetry.periodId, 2);

    const outcomes = (await Promise.all([recoverStuckPeriods(deps), recoverStuckPeriods(deps)])).flat();
    expect(outcomes).toHaveLength(2);
    expect(await rowOf(retried.periodId)).toMatchObject({ status: 'succeeded', providerPaymentId: paidSecond.paymentIntentId });
    // The second try of a period that needed the guest never left: back to action_required, one try counted.
    expect(await rowOf(unsentRetry.periodId)).toMatchObject({ status: 'action_required', attempts: 1 });
    const ledger = await database.db
      .select()
      .from(ledgerTransactions)
      .where(and(inArray(ledgerTransactions.key, [`capture:${retried.periodId}`, `capture:${unsentRetry.periodId}`])));
    expect(ledger.map((row) => row.key)).toEqual([`capture:${retried.periodId}`]);
    // The retry's first failure mailed nobody (the first try had); the recovery sends no second mail.
    expect(await mailsTo(retried.guestEmail)).toHaveLength(0);
  });
});
