import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, listingBlocks } from '../../db/schema.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { openTestDatabase, testDriver } from '../../test/test-app.ts';
import { runCalendarSync } from './calendar-sync-job.ts';

const silentLog = { info: () => undefined, error: () => undefined } as unknown as Parameters<typeof runCalendarSync>[0]['log'];

// Every server instance runs the sync job: however many runs meet, each due feed must be fetched
// once. Only PostgreSQL has concurrent connections to race (PGlite serves one query at a time).
describe.runIf(testDriver === 'postgres')('calendar sync on several instances at once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let server: http.Server;
  const hits = new Map<string, number>();

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    server = http.createServer((request, response) => {
      hits.set(request.url!, (hits.get(request.url!) ?? 0) + 1);
      // A little latency, so that the runs overlap.
      setTimeout(() => {
        const day = daysFromNow(30).replaceAll('-', '');
        response
          .writeHead(200, { 'content-type': 'text/calendar' })
          .end(
            `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:${request.url}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:${day}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
          );
      }, 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await drop();
  });

  it('fetches each due feed exactly once across four simultaneous runs', async () => {
    const { port } = server.address() as AddressInfo;
    const hostId = (await createUser(database.db, { role: 'host' })).id;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const listing = await createProperty(database.db, { hostId });
      const rows = await database.db
        .insert(calendarFeeds)
        .values(
          Array.from({ length: 4 }, (_, j) => ({ propertyId: listing.id, name: `F${j}`, url: `http://127.0.0.1:${port}/l${i}-f${j}.ics` })),
        )
        .returning({ id: calendarFeeds.id });
      ids.push(...rows.map((row) => row.id));
    }
    const settings = { db: database.db, log: silentLog, siteUrl: 'https://lina.example', everyMinutes: 15, allowPrivateAddresses: true };
    const counts = await Promise.all([1, 2, 3, 4].map(() => runCalendarSync(settings)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(hits.size).toBe(12);
    expect([...hits.values()].every((n) => n === 1)).toBe(true);
    const blocks = await database.db.select().from(listingBlocks).where(inArray(listingBlocks.feedId, ids));
    expect(blocks).toHaveLength(12);
    // Synced feeds are not due again until CALENDAR_SYNC_MINUTES have passed.
    expect(await runCalendarSync(settings)).toBe(0);
    const [feed] = await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, ids[0]!));
    expect(feed!.claimedUntil).toBeNull();
    expect(feed!.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });
});
