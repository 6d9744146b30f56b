import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as israelToday } from '../../../core/dates.ts';
import { paymentSchedule } from '../../../core/payment-schedule.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { bookings, ledgerTransactions, payments, users } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { openTestDatabase, testDriver } from '../../test/test-app.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { bookingRepositories } from './use-cases/booking-deps.ts';
import { chargeDuePeriods } from './use-cases/long-stay-payments.ts';

// Every instance runs the charge job: however many runs meet, each due period must be charged by
// exactly one of them (one PaymentIntent, one capture in the ledger). Only PostgreSQL has concurrent
// connections to race (PGlite serves one query at a time); long-stay.test.ts covers one run.
describe.runIf(testDriver === 'postgres')('the long-stay charge job on several instances at once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    stripe = await startStripeStandIn({ webhookSecret: 'whsec_jobs' });
  });
  afterAll(async () => {
    await drop();
    await stripe.close();
  });

  it('charges each due period exactly once across two simultaneous runs', async () => {
    const db = database.db;
    const hostId = (await createUser(db, { role: 'host' })).id;
    const due: string[] = [];
    for (let i = 0; i < 8; i++) {
      const listing = await createProperty(db, { propertyType: 'sublet', hostId, pricePerMonth: 4000 });
      const guest = await createUser(db);
      await db
        .update(users)
        .set({ stripeCustomerId: `cus_test_jobs_${i}` })
        .where(eq(users.id, guest.id));
      const booking = await createBooking(db, {
        propertyId: listing.id,
        guestId: guest.id,
        checkIn: daysFromNow(10),
        checkOut: daysFromNow(100),
        paymentMethod: 'card',
        paymentStatus: 'captured',
      });
      // Stripe's documented test method that succeeds off-session.
      await db.update(bookings).set({ savedPaymentMethodId: 'pm_card_visa' }).where(eq(bookings.id, booking.id));
      const schedule = paymentSchedule(
        { unit: 'month', subtotal: 12_000, cleaningFee: 0, serviceFee: 960, total: 12_960 },
        { checkIn: daysFromNow(10), checkOut: daysFromNow(100) },
        { bookedOn: israelToday() },
      );
      await bookingRepositories.periods.insertPeriods(db, booking.id, 'stripe', schedule);
      const rows = await db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(payments.sequence);
      // The second period is due today (the test's data is moved, not the clock).
      await db.update(payments).set({ dueOn: israelToday(), nextAttemptOn: israelToday() }).where(eq(payments.id, rows[1]!.id));
      due.push(rows[1]!.id);
    }
    const deps = {
      db,
      repos: bookingRepositories,
      provider: createStripeProvider({ secretKey: 'sk_test_jobs', webhookSecret: 'whsec_jobs', apiUrl: stripe.url }),
      log: pino({ level: 'silent' }),
      clock: () => new Date(),
      siteUrl: 'https://lina.example',
    };
    const runs = await Promise.all([chargeDuePeriods(deps), chargeDuePeriods(deps)]);
    const charged = runs.flat().map((result) => result.id);
    expect([...charged].sort()).toEqual([...due].sort());
    expect(stripe.carriedOut(/^POST \/v1\/payment_intents$/)).toBe(due.length);
    const rows = await db.select().from(payments).where(inArray(payments.id, due));
    expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
    const captures = await db
      .select()
      .from(ledgerTransactions)
      .where(
        inArray(
          ledgerTransactions.key,
          due.map((id) => `capture:${id}`),
        ),
      );
    expect(captures).toHaveLength(due.length);
    // A third run finds nothing left.
    expect(await chargeDuePeriods(deps)).toEqual([]);
  });
});
