import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { bookings, outgoingMail } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow, type Property } from '../../seed/factories.ts';
import { openTestDatabase, testDriver } from '../../test/test-app.ts';
import { sendArrivalReminders } from './arrival-jobs.ts';

// Every server instance runs the arrival reminder: however many runs meet, each stay due must be
// claimed by exactly one of them and its guest get exactly one mail. Only PostgreSQL has concurrent
// connections to race (PGlite serves one query at a time); arrival-info.test.ts covers one run.
describe.runIf(testDriver === 'postgres')('arrival reminders on several instances at once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let homes: Property[];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const hostId = (await createUser(database.db, { role: 'host' })).id;
    homes = [];
    for (let i = 0; i < 3; i++) homes.push(await createProperty(database.db, { propertyType: 'hotel', hostId, roomCount: 200 }));
  });
  afterAll(() => drop());

  it('mails each stay due to exactly one of four simultaneous runs, round after round', async () => {
    for (let round = 0; round < 4; round++) {
      const due: string[] = [];
      for (let i = 0; i < 12; i++) {
        const guest = await createUser(database.db);
        const booking = await createBooking(database.db, {
          propertyId: homes[i % homes.length]!.id,
          guestId: guest.id,
          checkIn: daysFromNow(1),
          checkOut: daysFromNow(3),
        });
        due.push(booking.id);
      }
      // Not due: a stay further away, and a request.
      const later = await createBooking(database.db, { propertyId: homes[0]!.id, checkIn: daysFromNow(9), checkOut: daysFromNow(11) });
      const request = await createBooking(database.db, {
        propertyId: homes[1]!.id,
        status: 'pending',
        decidedAt: null,
        expiresAt: new Date(Date.now() + 3_600_000),
        checkIn: daysFromNow(1),
        checkOut: daysFromNow(2),
      });
      // The pool gives each run its own connection, as separate instances have.
      const runs = await Promise.all(Array.from({ length: 4 }, () => sendArrivalReminders(database.db, 'https://lina.example')));
      const claimed = runs.flat().sort();
      expect(claimed).toEqual([...due].sort());
      expect(claimed).not.toContain(later.id);
      expect(claimed).not.toContain(request.id);

      const rows = await database.db.select({ sent: bookings.arrivalMailSentAt }).from(bookings).where(inArray(bookings.id, due));
      expect(rows.every((row) => row.sent !== null)).toBe(true);
    }
    // One mail per stay due, none twice.
    const mails = await database.db.select({ to: outgoingMail.toAddress, subject: outgoingMail.subject }).from(outgoingMail);
    const reminders = mails.filter((mail) => mail.subject.startsWith('Your stay starts soon'));
    expect(reminders).toHaveLength(4 * 12);
    expect(new Set(reminders.map((mail) => mail.to)).size).toBe(4 * 12);
  });
});
