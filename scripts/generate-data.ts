/**
 * Benchmark data: tops the properties table up to --count approved listings.
 *
 *   npx tsx scripts/generate-data.ts --count 100000 [--database-url postgres://...] [--data-dir ./bench-data/pglite-100k]
 *                                    [--storage-dir DIR] [--no-storage] [--batch 2000]
 *
 * --data-dir is an app data directory (DATA_DIR): the database goes to <data-dir>/pglite and the
 * photo files to <data-dir>/storage, so `DATA_DIR=<data-dir> npm start` serves the result. With
 * --database-url (or DATABASE_URL) the photos go to --storage-dir, default ./data/storage.
 *
 * An empty database first gets the whole demo seed (places, demo accounts, hosts); otherwise missing
 * places are added. Listings come from the demo generator, continuing its stream, and go in with a
 * few large INSERT … SELECT FROM unnest(…) statements (one array per column), several in flight on
 * PostgreSQL, each batch with its own hosts (most with 1-5 listings, hotel chains with dozens),
 * guests, past stays and reviews (scripts/generate-hosts-and-stays.ts); the hosts' figures are filled
 * at the end. Running it again with a count already reached returns at once.
 *
 * Over 300 lines on purpose: the columns, the batch's statements and the order they run in (the first
 * batch alone, the others four at a time, a deadlock repeated) are read together.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/database.ts';
import { hostFigures, places, properties, users } from '../server/db/schema.ts';
import { insertPeople, insertStays, planGuests, planOwners } from './generate-hosts-and-stays.ts';
import { refreshHostFigures } from '../server/db/host-figures.ts';
import { createListingGenerator, type DemoListing } from '../server/seed/demo-listings.ts';
import { cachedPasswordHash } from '../server/seed/factories.ts';
import { gazetteer } from '../server/seed/gazetteer.ts';
import { demoSeed, seedDemoData, seedGazetteer, writePhotoArt } from '../server/seed/seed-demo-data.ts';
import { createLocalStorage } from '../server/storage/storage.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'storage-dir': { type: 'string' },
    'no-storage': { type: 'boolean', default: false },
    batch: { type: 'string', default: '2000' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help || !args.count) {
  console.log(
    'usage: npx tsx scripts/generate-data.ts --count N [--database-url URL | --data-dir DIR] [--storage-dir DIR] [--no-storage] [--batch 2000]',
  );
  process.exit(args.help ? 0 : 2);
}

const target = Number(args.count.replace(/[_,]/g, '').replace(/k$/i, '000').replace(/m$/i, '000000'));
const batchSize = Number(args.batch);
if (!Number.isInteger(target) || target < 0 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error('--count and --batch take whole numbers');
  process.exit(2);
}

const databaseUrl = args['database-url'] ?? (args['data-dir'] ? undefined : process.env.DATABASE_URL);
const dataDir = path.resolve(args['data-dir'] ?? './bench-data/pglite');
const storageDir = path.resolve(args['storage-dir'] ?? (databaseUrl ? './data/storage' : path.join(dataDir, 'storage')));

/** A PostgreSQL array literal of strings, for columns that are arrays themselves. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

const propertyColumns = [
  ['host_id', 'uuid', 'u.host_id'],
  ['property_type', 'text', 'u.property_type::property_type'],
  ['status', null, `'approved'::listing_status`],
  ['title_en', 'text', 'u.title_en'],
  ['title_he', 'text', 'u.title_he'],
  ['description_en', 'text', 'u.description_en'],
  ['description_he', 'text', 'u.description_he'],
  ['place_id', 'int4', 'u.place_id'],
  ['city_id', 'int4', 'u.city_id'],
  ['address', 'text', 'u.address'],
  ['latitude', 'float8', 'u.latitude'],
  ['longitude', 'float8', 'u.longitude'],
  ['amenities', 'text', 'u.amenities::text[]'],
  ['house_rules', 'text', 'u.house_rules::text[]'],
  ['pet_friendly', 'bool', 'u.pet_friendly'],
  ['swap_available', 'bool', 'u.swap_available'],
  ['star_rating', 'int2', 'u.star_rating'],
  ['room_count', 'int2', 'u.room_count'],
  ['price_per_night', 'int4', 'u.price_per_night'],
  ['price_per_week', 'int4', 'u.price_per_week'],
  ['price_per_month', 'int4', 'u.price_per_month'],
  ['duration_months', 'int2', 'u.duration_months'],
  ['lease_options', 'text', 'u.lease_options::text[]'],
  ['bedrooms', 'int2', 'u.bedrooms'],
  ['bathrooms', 'int2', 'u.bathrooms'],
  ['max_guests', 'int2', 'u.max_guests'],
  ['available_from', 'date', 'u.available_from'],
  ['available_until', 'date', 'u.available_until'],
  ['min_stay_days', 'int2', 'u.min_stay_days'],
  ['max_stay_days', 'int2', 'u.max_stay_days'],
  ['published_at', 'timestamptz', 'u.published_at'],
  ['created_at', 'timestamptz', 'u.published_at'],
  ['updated_at', 'timestamptz', 'u.published_at'],
] as const;

const arrayColumns = propertyColumns.filter(([name, type]) => type !== null && name !== 'created_at' && name !== 'updated_at');
const insertPropertiesSql =
  `insert into properties (${propertyColumns.map(([name]) => name).join(', ')}) ` +
  `select ${propertyColumns.map(([, , expr]) => expr).join(', ')} ` +
  `from unnest(${arrayColumns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) with ordinality ` +
  `as u(${arrayColumns.map(([name]) => name).join(', ')}, ord) order by u.ord returning id`;

const insertPhotosSql =
  'insert into property_photos (property_id, storage_key, position, width, height, alt_en, alt_he) ' +
  'select * from unnest($1::int4[], $2::text[], $3::int2[], $4::int4[], $5::int4[], $6::text[], $7::text[])';

function propertyParams(listings: DemoListing[], owners: string[], placeIds: Map<string, number>, today: number): unknown[][] {
  const columns: Record<string, unknown[]> = {};
  for (const [name] of arrayColumns) columns[name] = new Array(listings.length);
  listings.forEach((l, i) => {
    columns.host_id![i] = owners[i];
    columns.property_type![i] = l.propertyType;
    columns.title_en![i] = l.titleEn;
    columns.title_he![i] = l.titleHe;
    columns.description_en![i] = l.descriptionEn;
    columns.description_he![i] = l.descriptionHe;
    columns.place_id![i] = placeIds.get(l.placeSlug);
    columns.city_id![i] = placeIds.get(l.citySlug);
    columns.address![i] = l.address;
    columns.latitude![i] = l.latitude;
    columns.longitude![i] = l.longitude;
    columns.amenities![i] = arrayLiteral(l.amenities);
    columns.house_rules![i] = arrayLiteral(l.houseRules);
    columns.pet_friendly![i] = l.petFriendly;
    columns.swap_available![i] = l.swapAvailable;
    columns.star_rating![i] = l.starRating;
    columns.room_count![i] = l.roomCount;
    columns.price_per_night![i] = l.pricePerNight;
    columns.price_per_week![i] = l.pricePerWeek;
    columns.price_per_month![i] = l.pricePerMonth;
    columns.duration_months![i] = l.durationMonths;
    columns.lease_options![i] = arrayLiteral(l.leaseOptions);
    columns.bedrooms![i] = l.bedrooms;
    columns.bathrooms![i] = l.bathrooms;
    columns.max_guests![i] = l.maxGuests;
    columns.available_from![i] = l.availableFrom;
    columns.available_until![i] = l.availableUntil;
    columns.min_stay_days![i] = l.minStayDays;
    columns.max_stay_days![i] = l.maxStayDays;
    columns.published_at![i] = new Date(today - l.publishedDaysAgo * 86_400_000).toISOString();
  });
  return arrayColumns.map(([name]) => columns[name]!);
}

function photoParams(listings: DemoListing[], ids: number[]): unknown[][] {
  const cols: unknown[][] = [[], [], [], [], [], [], []];
  listings.forEach((l, i) => {
    l.photos.forEach((p, position) => {
      cols[0]!.push(ids[i]);
      cols[1]!.push(p.storageKey);
      cols[2]!.push(position);
      cols[3]!.push(p.width);
      cols[4]!.push(p.height);
      cols[5]!.push(p.altEn);
      cols[6]!.push(p.altHe);
    });
  });
  return cols;
}

async function approvedCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(eq(properties.status, 'approved'));
  return row?.n ?? 0;
}

/**
 * The figures of every host with a listing and no host_figures row yet, by the app's own rule, as its
 * writes would have kept them (also finishes an interrupted run).
 */
async function fillHostFigures(db: Database, today: Date): Promise<void> {
  const missing = (
    await db
      .selectDistinct({ hostId: properties.hostId })
      .from(properties)
      .leftJoin(hostFigures, eq(hostFigures.hostId, properties.hostId))
      .where(isNull(hostFigures.hostId))
  ).map((row) => row.hostId);
  for (let at = 0; at < missing.length; at += 1000) {
    const chunk = missing.slice(at, at + 1000);
    await db.transaction((tx) => refreshHostFigures(tx, chunk, today));
  }
  await db.execute(sql`analyze host_figures`);
}

async function main() {
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') });
  console.log(`database: ${handle.driver === 'postgres' ? databaseUrl!.replace(/\/\/[^@/]*@/, '//…@') : path.join(dataDir, 'pglite')}`);
  try {
    await handle.migrate();
    const db = handle.db;
    const storage = args['no-storage'] ? null : createLocalStorage(storageDir);
    const today = new Date();

    const [userRow] = await db.select({ n: count() }).from(users);
    if ((userRow?.n ?? 0) === 0) {
      // An empty database gets the demo data set first: places, demo accounts, hosts.
      const seeded = await seedDemoData(db, storage ?? createLocalStorage(storageDir), today);
      console.log(`seeded demo data: ${seeded.places} places, ${seeded.users} users, ${seeded.listings} listings (${elapsed()} s)`);
    } else if (storage) {
      await writePhotoArt(storage);
    }
    if (storage) console.log(`photos: ${path.join(storageDir, 'public/seed')}`);

    const existing = await approvedCount(db);
    if (existing >= target) {
      await fillHostFigures(db, today);
      console.log(`already ${existing} approved listings (>= ${target}); nothing else to do (${elapsed()} s)`);
      return;
    }

    let placeRows = await db.select({ id: places.id, slug: places.slug }).from(places);
    if (placeRows.length === 0) {
      await seedGazetteer(db);
      placeRows = await db.select({ id: places.id, slug: places.slug }).from(places);
    }
    const placeIds = new Map(placeRows.map((p) => [p.slug, p.id]));
    const passwordHash = await cachedPasswordHash();
    let newHosts = 0;

    const generate = createListingGenerator({ seed: demoSeed, today, places: gazetteer.filter((p) => placeIds.has(p.slug)) });
    const todayMs = today.getTime();
    // Continue the generator's stream after every listing already there.
    const [totalRow] = await db.select({ n: count() }).from(properties);
    let index = totalRow?.n ?? 0;
    const toInsert = target - existing;
    const client = db.$client;
    const inFlightLimit = handle.driver === 'postgres' ? 4 : 1;
    const inFlight = new Set<Promise<void>>();
    let inserted = 0;
    let lastReport = performance.now();
    console.log(`inserting ${toInsert} listings (${existing} approved already), ${batchSize} per statement`);

    let stays = 0;
    const insertBatch = async (listings: DemoListing[], firstIndex: number) => {
      const { hosts, ownerOf } = planOwners(listings, firstIndex, demoSeed);
      const hostIds = await insertPeople(client, hosts, passwordHash, todayMs);
      const guestIds = await insertPeople(client, planGuests(listings.length, firstIndex, demoSeed), passwordHash, todayMs);
      newHosts += hostIds.length;
      const owners = ownerOf.map((host) => hostIds[host]!);
      const result = await insertProperties(() => client.query(insertPropertiesSql, propertyParams(listings, owners, placeIds, todayMs)));
      const ids = result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      await client.query(insertPhotosSql, photoParams(listings, ids));
      const quality = ownerOf.map((host) => hosts[host]!.quality);
      // Read after the await: `stays += await …` would add to the count as it was before the await, and
      // batches in flight together (PostgreSQL) would lose each other's stays from the printed total.
      const staysOfBatch = await insertStays(client, listings, ids, owners, quality, guestIds, firstIndex, demoSeed, todayMs);
      stays += staysOfBatch;
      inserted += listings.length;
      const now = performance.now();
      if (now - lastReport > 5000 || inserted === toInsert) {
        lastReport = now;
        const rate = Math.round(inserted / ((now - started) / 1000));
        console.log(`  ${inserted}/${toInsert} (${Math.round((inserted / toInsert) * 100)} %), ${elapsed()} s, ${rate} listings/s`);
      }
    };

    for (let done = 0; done < toInsert;) {
      const size = Math.min(batchSize, toInsert - done);
      const firstIndex = index;
      const listings = new Array<DemoListing>(size);
      for (let i = 0; i < size; i++) listings[i] = generate(index++);
      done += size;
      const task: Promise<void> = insertBatch(listings, firstIndex).finally(() => inFlight.delete(task));
      inFlight.add(task);
      // The first batch alone: it puts most of the generator's words in the typo lexicon, so the
      // batches in flight together afterwards seldom insert the same new word (insertProperties).
      if (inFlight.size >= inFlightLimit || done === size) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);

    console.log(`${newHosts} hosts, ${stays} past stays with their reviews (${elapsed()} s)`);

    // Statistics first: without them the figures' per-host aggregates are planned as full scans.
    for (const table of ['properties', 'property_photos', 'bookings', 'reviews', 'users']) await client.query(`analyze ${table}`, []);
    await fillHostFigures(db, today);
    console.log(`host figures filled (${elapsed()} s)`);
    console.log(`done: ${await approvedCount(db)} approved listings (${inserted} inserted) in ${elapsed()} s`);
  } finally {
    await handle.close();
  }
}

/**
 * The listings' INSERT, again after a deadlock: each new row's trigger adds its words to the typo
 * lexicon (search_lexicon, drizzle/0038), and two batches in flight that both add new words in a
 * different order can deadlock (the 1M set failed so after 4,360 listings). The statement is one
 * transaction, so a deadlock undoes all of it and repeating it is safe.
 */
async function insertProperties<T>(insert: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      console.log(`  deadlock on the typo lexicon; inserting the batch again (attempt ${attempt + 1})`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
