import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaKey, everythingKey, listingKey, nightsKey, pricesKey, typeKey, typeNightsKey, wordsKey } from '../cache/change-keys.ts';
import { runBookingJobs } from '../features/bookings/use-cases/run-booking-jobs.ts';
import {
  createBooking,
  createPlace,
  createPriceRule,
  createProperty,
  createPropertyPhoto,
  createUser,
  daysFromNow,
} from '../seed/factories.ts';
import { openTestDatabase, testDriver } from '../test/test-app.ts';
import { queryRows, type DatabaseHandle } from './database.ts';
import { bookings, listingBlocks, platformSettings, profiles, properties, propertyPhotos, reviews } from './schema.ts';

/**
 * The rows the triggers of drizzle/0049_keyed_cache_changes.sql append to cache_changes: every
 * statement that changes what a cached search or listing page shows appends the keys it touched, in
 * the words of server/cache/change-keys.ts; a statement that changes nothing shown appends nothing,
 * so the jobs every instance runs every minute and the writes no answer shows leave the cache alone.
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

describe('cache changes', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database: handle, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  async function lastChange(): Promise<number> {
    const [row] = await queryRows<{ id: string | null }>(handle.db, 'select max(id)::text as id from cache_changes', []);
    return Number(row?.id ?? 0);
  }

  /** The keys the statements of `write` appended, one sorted list per statement that appended any. */
  async function keysOf(write: () => Promise<unknown>): Promise<string[][]> {
    const before = await lastChange();
    await write();
    const rows = await queryRows<{ keys: string[] }>(handle.db, 'select keys from cache_changes where id > $1 order by id', [before]);
    return rows.map((row) => [...row.keys].sort());
  }

  const sorted = (...keys: string[]) => [...new Set(keys)].sort();

  it('watches every table cached answers read, for every kind of write, and announces nothing', async () => {
    const rows = await queryRows<{ table_name: string; triggers: string }>(
      handle.db,
      `select c.relname as table_name, string_agg(t.tgname, ',' order by t.tgname) as triggers
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and t.tgname like '%\\_cache\\_%'
        group by c.relname order by c.relname`,
      [],
    );
    expect(rows.map((row) => row.table_name)).toEqual(watchedTables);
    for (const row of rows) {
      expect(row.triggers.split(','), row.table_name).toEqual(
        ['deleted', 'inserted', 'truncated', 'updated'].map((event) => `${row.table_name}_cache_${event}`),
      );
    }
    // No trigger left that NOTIFYs: a transaction that did commits only after every other one that did.
    const notifying = await queryRows<{ name: string }>(
      handle.db,
      `select p.proname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal and p.prosrc ilike '%pg_notify%'`,
      [],
    );
    expect(notifying).toEqual([]);
    // A statement's old and new rows are compared with EXCEPT, never joined: PL/pgSQL keeps the plan of
    // a trigger's first run, and a nested loop made for a one-row update took minutes on a 76,000-row one.
    const joining = await queryRows<{ name: string }>(
      handle.db,
      `select proname as name from pg_proc where proname like 'cache\\_change\\_of\\_%' and prosrc ~* '\\mjoin\\M'`,
      [],
    );
    expect(joining).toEqual([]);
  });

  it("writes a listing's page, its type and both its places, its type's prices and the lexicon when a listing changes", async () => {
    const city = await createPlace(handle.db, { nameEn: 'Keys City' });
    const quarter = await createPlace(handle.db, { nameEn: 'Keys Quarter', kind: 'neighbourhood', parentId: city.id });
    const listing = await createProperty(handle.db, { propertyType: 'sublet', placeId: quarter.id });
    expect(listing.cityId).toBe(city.id);
    const search = [typeKey('sublet'), areaKey('sublet', city.id), areaKey('sublet', quarter.id)];
    const page = [...search, pricesKey('sublet'), listingKey(listing.id)];

    expect(await keysOf(() => handle.db.update(properties).set({ titleEn: 'Renamed loft' }).where(eq(properties.id, listing.id)))).toEqual([
      sorted(...page, wordsKey),
    ]);
    expect(await keysOf(() => handle.db.update(properties).set({ pricePerMonth: 7100 }).where(eq(properties.id, listing.id)))).toEqual([
      sorted(...page),
    ]);
    // A verified place is a filter and a badge.
    expect(
      await keysOf(() => handle.db.update(properties).set({ placeVerification: 'verified' }).where(eq(properties.id, listing.id))),
    ).toEqual([sorted(...page)]);

    // Moved to another city: both places' searches change.
    const elsewhere = await createPlace(handle.db, { nameEn: 'Keys Elsewhere' });
    expect(
      await keysOf(() =>
        handle.db.update(properties).set({ placeId: elsewhere.id, cityId: elsewhere.id }).where(eq(properties.id, listing.id)),
      ),
    ).toEqual([sorted(...page, areaKey('sublet', elsewhere.id))]);

    // A paused listing leaves search; a draft is in no answer (its words still join the lexicon).
    expect(await keysOf(() => handle.db.update(properties).set({ status: 'paused' }).where(eq(properties.id, listing.id)))).toEqual([
      sorted(typeKey('sublet'), areaKey('sublet', elsewhere.id), pricesKey('sublet'), listingKey(listing.id)),
    ]);
    const draft = await createProperty(handle.db, { propertyType: 'hotel', status: 'draft', placeId: city.id });
    expect(await keysOf(() => handle.db.update(properties).set({ pricePerNight: 450 }).where(eq(properties.id, draft.id)))).toEqual([]);
    expect(await keysOf(() => handle.db.update(properties).set({ titleEn: 'Draft hotel' }).where(eq(properties.id, draft.id)))).toEqual([
      [wordsKey],
    ]);
    expect(await keysOf(() => createProperty(handle.db, { propertyType: 'hotel', placeId: city.id }))).toEqual([
      sorted(typeKey('hotel'), areaKey('hotel', city.id), pricesKey('hotel'), wordsKey),
    ]);
    // A statement that matches nothing writes nothing.
    expect(await keysOf(() => handle.db.update(properties).set({ titleEn: 'Nobody' }).where(eq(properties.id, -1)))).toEqual([]);
  });

  it('writes the free nights for stays and blocks, page keys for photos, reviews and names, and nothing for what no answer shows', async () => {
    const city = await createPlace(handle.db, { nameEn: 'Stays City' });
    const host = await createUser(handle.db, { role: 'host', firstName: 'Oren' });
    const listing = await createProperty(handle.db, { propertyType: 'rental', placeId: city.id, hostId: host.id });
    const search = [typeKey('rental'), areaKey('rental', city.id)];
    const nights = [typeNightsKey('rental'), nightsKey('rental', city.id)];
    const page = [listingKey(listing.id)];

    // A request holds its nights until the host answers: accepting it changes no night.
    let bookingId = '';
    expect(
      await keysOf(async () => {
        bookingId = (
          await createBooking(handle.db, {
            propertyId: listing.id,
            checkIn: daysFromNow(10),
            checkOut: daysFromNow(17),
            status: 'pending',
            expiresAt: new Date(Date.now() + 86_400_000),
          })
        ).id;
      }),
    ).toEqual([sorted(...nights)]);
    expect(
      await keysOf(() => handle.db.update(bookings).set({ status: 'confirmed', decidedAt: new Date() }).where(eq(bookings.id, bookingId))),
    ).toEqual([]);
    expect(
      await keysOf(() =>
        handle.db
          .update(bookings)
          .set({ checkOut: daysFromNow(18) })
          .where(eq(bookings.id, bookingId)),
      ),
    ).toEqual([sorted(...nights)]);
    expect(await keysOf(() => handle.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId)))).toEqual([
      sorted(...nights),
    ]);
    // A payment's state and a mail sent are on no cached answer; nor is a stay that holds no night.
    expect(
      await keysOf(() =>
        handle.db.update(bookings).set({ paymentStatus: 'refunded', arrivalMailSentAt: new Date() }).where(eq(bookings.id, bookingId)),
      ),
    ).toEqual([]);
    expect(
      await keysOf(() =>
        createBooking(handle.db, { propertyId: listing.id, checkIn: daysFromNow(-30), checkOut: daysFromNow(-20), status: 'completed' }),
      ),
    ).toEqual([]);
    await runBookingJobs(handle.db);
    expect(await keysOf(() => runBookingJobs(handle.db))).toEqual([]);

    expect(
      await keysOf(() =>
        handle.db.insert(listingBlocks).values({ propertyId: listing.id, startDate: daysFromNow(30), endDate: daysFromNow(32) }),
      ),
    ).toEqual([sorted(...nights)]);
    expect(await keysOf(() => handle.db.delete(listingBlocks).where(eq(listingBlocks.propertyId, listing.id)))).toEqual([
      sorted(...nights),
    ]);

    let photoId = 0;
    expect(
      await keysOf(async () => {
        photoId = (await createPropertyPhoto(handle.db, { propertyId: listing.id })).id;
      }),
    ).toEqual([sorted(...search, ...page)]);
    // Hashing a photo (to find reused ones) changes nothing shown.
    expect(
      await keysOf(() =>
        handle.db.update(propertyPhotos).set({ perceptualHash: 42n, hashedAt: new Date() }).where(eq(propertyPhotos.id, photoId)),
      ),
    ).toEqual([]);

    expect(
      await keysOf(() =>
        createPriceRule(handle.db, { propertyId: listing.id, startDate: daysFromNow(60), endDate: daysFromNow(90), adjustPercent: 20 }),
      ),
    ).toEqual([sorted(...search, ...page, pricesKey('rental'))]);

    const reviewer = await createUser(handle.db, { firstName: 'Gal' });
    const stay = await createBooking(handle.db, {
      propertyId: listing.id,
      guestId: reviewer.id,
      checkIn: daysFromNow(-20),
      checkOut: daysFromNow(-10),
      status: 'completed',
    });
    expect(
      await keysOf(() =>
        handle.db
          .insert(reviews)
          .values({ bookingId: stay.id, propertyId: listing.id, authorId: reviewer.id, rating: 5, body: 'Fine stay' }),
      ),
    ).toEqual([page]);
    // The host's and a reviewer's first names are on the page; a phone number is on no answer.
    expect(await keysOf(() => handle.db.update(profiles).set({ firstName: 'Orna' }).where(eq(profiles.userId, host.id)))).toEqual([page]);
    expect(await keysOf(() => handle.db.update(profiles).set({ firstName: 'Gali' }).where(eq(profiles.userId, reviewer.id)))).toEqual([
      page,
    ]);
    expect(await keysOf(() => handle.db.update(profiles).set({ phone: '050-0000000' }).where(eq(profiles.userId, host.id)))).toEqual([]);

    expect(
      await keysOf(() =>
        handle.db
          .insert(platformSettings)
          .values({ key: 'commission_rates', value: { rental: 0.1 } })
          .onConflictDoUpdate({ target: platformSettings.key, set: { value: { rental: 0.1 } } }),
      ),
    ).toEqual([[everythingKey]]);
    expect(await keysOf(() => createPlace(handle.db))).toEqual([[everythingKey]]);
  });

  it.runIf(testDriver === 'postgres')('appends without waiting for other writers of the same keys', async () => {
    if (handle.driver !== 'postgres') return;
    const city = await createPlace(handle.db, { nameEn: 'Busy City' });
    const [first, second] = [
      await createProperty(handle.db, { propertyType: 'hotel', placeId: city.id }),
      await createProperty(handle.db, { propertyType: 'hotel', placeId: city.id }),
    ];
    const guest = await createUser(handle.db);
    const insertBooking = (propertyId: number) =>
      `insert into bookings (property_id, guest_id, check_in, check_out, subtotal, service_fee, total, status)
        values (${propertyId}, '${guest.id}', '${daysFromNow(5)}', '${daysFromNow(6)}', 100, 10, 110, 'confirmed')`;
    const one = await handle.pool.connect();
    const other = await handle.pool.connect();
    try {
      await one.query('begin');
      await one.query(insertBooking(first.id));
      // The first transaction holds its change (the same city's keys) uncommitted: the second commits at once.
      await other.query("set statement_timeout = '2s'");
      await other.query('begin');
      await other.query(insertBooking(second.id));
      await other.query('commit');
      await one.query('commit');
    } finally {
      await other.query('reset statement_timeout').catch(() => undefined);
      one.release();
      other.release();
    }
    const rows = await queryRows<{ keys: string[] }>(handle.db, 'select keys from cache_changes order by id desc limit 2', []);
    for (const row of rows) expect([...row.keys].sort()).toEqual(sorted(typeNightsKey('hotel'), nightsKey('hotel', city.id)));
  });
});
