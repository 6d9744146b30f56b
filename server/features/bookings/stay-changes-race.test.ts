import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/domain-error.ts';
import { bookings, ledgerTransactions, stayChanges } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, testDriver, type TestContext } from '../../test/test-app.ts';
import { answerStayChange, runStayChangeJobs } from './use-cases/answer-stay-change.ts';
import { proposeStayChange } from './use-cases/propose-stay-change.ts';

// Two answers to one proposal, sent at once (two tabs, the guest and a co-host, two instances): exactly
// one applies, the other is told it was answered. Only PostgreSQL has concurrent connections to race
// (PGlite serves one query at a time).
describe.runIf(testDriver === 'postgres')('racing answers to a stay change', () => {
  let t: TestContext;
  let hostId: string;
  let listingId: number;
  let guestId: string;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { role: 'host' })).id;
    guestId = (await createUser(t.db)).id;
    listingId = (
      await createProperty(t.db, {
        propertyType: 'sublet',
        hostId,
        availableFrom: daysFromNow(1),
        availableUntil: daysFromNow(700),
        minStayDays: 1,
        maxStayDays: 365,
      })
    ).id;
  });
  afterAll(() => t?.close());

  /** A confirmed stay of its own dates and a guest's proposal to extend it by 10 nights. */
  async function proposal() {
    const from = 10 + 50 * slot++;
    const booking = await createBooking(t.db, {
      propertyId: listingId,
      guestId,
      checkIn: daysFromNow(from),
      checkOut: daysFromNow(from + 30),
    });
    const change = await proposeStayChange(t.app.bookingDeps, guestId, booking.id, {
      checkIn: booking.checkIn,
      checkOut: daysFromNow(from + 40),
      guests: 1,
      children: [],
    });
    return { booking, change };
  }

  const settle = (promises: Promise<unknown>[]) =>
    Promise.allSettled(promises).then((results) => ({
      applied: results.filter((result) => result.status === 'fulfilled').length,
      refused: results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason instanceof DomainError ? result.reason.code : String(result.reason)] : [],
      ),
    }));

  it('two accepts at once: the booking moves once and the fee owed is adjusted once', async () => {
    for (let round = 0; round < 4; round++) {
      const { booking, change } = await proposal();
      const outcome = await settle([1, 2].map(() => answerStayChange(t.app.bookingDeps, hostId, change.id, 'accept', 'en')));
      expect(outcome).toEqual({ applied: 1, refused: ['stay_change_answered'] });
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row!.checkOut).toBe(change.checkOut);
      const fees = await t.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, `stay_change_fee:${change.id}`));
      expect(fees).toHaveLength(1);
    }
  });

  it('an accept racing a decline: exactly one applies; three expiry runs at once expire a proposal once', async () => {
    for (let round = 0; round < 4; round++) {
      const { booking, change } = await proposal();
      const outcome = await settle([
        answerStayChange(t.app.bookingDeps, hostId, change.id, 'accept', 'en'),
        answerStayChange(t.app.bookingDeps, hostId, change.id, 'decline', 'en'),
      ]);
      expect(outcome).toMatchObject({ applied: 1, refused: ['stay_change_answered'] });
      const [final] = await t.db.select().from(stayChanges).where(eq(stayChanges.id, change.id));
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
      // The booking moved if and only if the accept won.
      expect(row!.checkOut).toBe(final!.status === 'accepted' ? change.checkOut : booking.checkOut);
    }
    const { change } = await proposal();
    await t.db
      .update(stayChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stayChanges.id, change.id));
    const runs = await Promise.all([1, 2, 3].map(() => runStayChangeJobs(t.app.bookingDeps)));
    expect(runs.flat()).toEqual([change.id]);
  });
});
