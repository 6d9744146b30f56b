import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBookingJobs } from '../features/bookings/use-cases/run-booking-jobs.ts';
import { createProperty, createUser, daysFromNow } from '../seed/factories.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { listingBlocks, properties } from './schema.ts';

/**
 * The search generation (drizzle/0015, 0029): every statement that changes what cached searches and
 * listing pages show takes a new number (and announces it), and a statement that changes nothing does
 * not, so the jobs every instance runs every minute leave the cache alone.
 */

const watchedTables = [
  'bookings',
  'listing_blocks',
  'listing_price_rules',
  'places',
  'platform_settings',
  'profiles',
  'properties',
  'property_photos',
  'reviews',
];

describe('search generation', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database: handle, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  async function generation(): Promise<string> {
    const result = (await handle.db.execute(
      sql`select last_value::text || ':' || is_called::text as value from search_generation`,
    )) as unknown as {
      rows: { value: string }[];
    };
    return result.rows[0]!.value;
  }

  it('watches every table search and listing pages read, for every kind of write', async () => {
    const result = (await handle.db.execute(sql`
      select c.relname as table_name, string_agg(t.tgname, ',' order by t.tgname) as triggers
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgname like '%search%'
      group by c.relname order by c.relname`)) as unknown as { rows: { table_name: string; triggers: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual(watchedTables);
    for (const row of result.rows) {
      expect(row.triggers.split(','), row.table_name).toEqual(
        ['deleted', 'inserted', 'truncated', 'updated'].map((event) => `${row.table_name}_search_${event}`),
      );
    }
  });

  it('moves on when a statement changes a row, and not when it changes none', async () => {
    const host = await createUser(handle.db, { email: 'generation-host@example.com', role: 'host' });
    const listing = await createProperty(handle.db, { hostId: host.id });

    const before = await generation();
    await runBookingJobs(handle.db); // nothing to expire or complete
    await handle.db.update(properties).set({ titleEn: 'Nobody' }).where(eq(properties.id, -1));
    await handle.db.delete(listingBlocks).where(eq(listingBlocks.propertyId, listing.id));
    expect(await generation()).toBe(before);

    await handle.db.update(properties).set({ titleEn: 'Renamed loft' }).where(eq(properties.id, listing.id));
    const afterUpdate = await generation();
    expect(afterUpdate).not.toBe(before);

    await handle.db.insert(listingBlocks).values({ propertyId: listing.id, startDate: daysFromNow(10), endDate: daysFromNow(12) });
    const afterInsert = await generation();
    expect(afterInsert).not.toBe(afterUpdate);

    await handle.db.delete(listingBlocks).where(eq(listingBlocks.propertyId, listing.id));
    expect(await generation()).not.toBe(afterInsert);
  });
});
