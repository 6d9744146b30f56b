import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createProperty, createUser, daysFromNow, type Property } from '../../seed/factories.ts';
import { openTestDatabase, testDriver } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { runBookingJobs } from './use-cases/run-booking-jobs.ts';

// Every server instance runs the booking jobs, and the guest gets an "expired" mail for each id a
// run returns: so however many runs meet, each expired request must be returned by exactly one.
// Only PostgreSQL has concurrent connections to race (PGlite serves one query at a time).
describe.runIf(testDriver === 'postgres')('booking jobs on several instances at once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let home: Property;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const hostId = (await createUser(database.db, { role: 'host' })).id;
    home = await createProperty(database.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
    });
  });
  afterAll(() => drop());

  it('hands each expired request to exactly one of four simultaneous runs, round after round', async () => {
    for (let round = 0; round < 5; round++) {
      const waiting = [];
      for (let i = 0; i < 10; i++) {
        const from = 10 + round * 60 + i * 5;
        waiting.push(
          await createBooking(database.db, {
            propertyId: home.id,
            status: 'pending',
            decidedAt: null,
            expiresAt: new Date(Date.now() - 1000),
            checkIn: daysFromNow(from),
            checkOut: daysFromNow(from + 2),
          }),
        );
      }
      // The pool gives each run its own connection, as separate instances have.
      const runs = await Promise.all(Array.from({ length: 4 }, () => runBookingJobs(database.db)));
      const returned = runs.flatMap((run) => run.expired).sort();
      expect(returned).toEqual(waiting.map((booking) => booking.id).sort());
    }
  });
});
