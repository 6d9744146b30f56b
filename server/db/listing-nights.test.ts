import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStatuses } from '../../core/constants.ts';
import { createRandom } from '../seed/random.ts';
import { createProperty, createUser, daysFromNow } from '../seed/factories.ts';
import { openTestDatabase, testDriver } from '../test/test-app.ts';
import { drizzleWriter, stayIsFree, stayIsFreeByNights } from './availability-sql.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { bookings, listingBlocks, properties } from './schema.ts';

/**
 * listing_nights is kept by triggers (drizzle/0018_listing_nights_kept.sql) and search asks it
 * instead of the bookings (stayIsFreeByNights). Whatever is written, two things must hold: the table
 * equals what the bookings and blocks say, and search's condition gives stayIsFree's answer.
 */

/** listing_nights as it should be, recomputed from scratch, against what the triggers kept. */
async function nightsDrift(db: Database): Promise<unknown[]> {
  const result = (await db.execute(sql`
    with expected as (
      select property_id, night, sum(rooms)::int as rooms_held, sum(blocks)::int as blocks from (
        select b.property_id, night::date as night, b.rooms::int as rooms, 0 as blocks
        from bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') night
        where b.status = 'confirmed' or (b.status = 'pending' and b.expires_at is null)
        union all
        select k.property_id, night::date, 0, 1
        from listing_blocks k, generate_series(k.start_date, k.end_date - 1, interval '1 day') night
      ) held group by 1, 2
    )
    select coalesce(e.property_id, n.property_id) as property_id, coalesce(e.night, n.night)::text as night,
      e.rooms_held as expected_rooms, n.rooms_held as kept_rooms, e.blocks as expected_blocks, n.blocks as kept_blocks
    from expected e full join listing_nights n on n.property_id = e.property_id and n.night = e.night
    where e.property_id is null or n.property_id is null or e.rooms_held <> n.rooms_held or e.blocks <> n.blocks`)) as unknown as {
    rows: unknown[];
  };
  return result.rows;
}

interface Stay {
  listing: number;
  checkIn: string;
  checkOut: string;
  rooms: number;
}

/** The stays on which stayIsFree and stayIsFreeByNights disagree. */
async function disagreements(db: Database, stays: Stay[]): Promise<unknown[]> {
  const at = {
    listing: sql`q.listing`,
    capacity: sql`(case when p.property_type = 'hotel' then coalesce(p.room_count, 1)::int else 1 end)`,
    checkIn: sql`q.check_in`,
    checkOut: sql`q.check_out`,
    rooms: sql`q.rooms`,
  };
  const result = (await db.execute(sql`
    select * from (
      select q.listing, q.check_in::text, q.check_out::text, q.rooms,
        ${stayIsFree(drizzleWriter, at)} as exact, ${stayIsFreeByNights(drizzleWriter, at)} as by_nights
      from jsonb_to_recordset(${JSON.stringify(stays.map((s) => ({ listing: s.listing, check_in: s.checkIn, check_out: s.checkOut, rooms: s.rooms })))}::jsonb)
        as q(listing int, check_in date, check_out date, rooms int)
      join properties p on p.id = q.listing
    ) answers where exact is distinct from by_nights`)) as unknown as { rows: unknown[] };
  return result.rows;
}

describe('listing_nights', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Database;
  let hostId: string;
  let guestId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    db = database.db;
    hostId = (await createUser(db, { role: 'host' })).id;
    guestId = (await createUser(db)).id;
  });
  afterAll(() => drop());

  it('follows every write and gives search the exact answer, over random bookings and blocks', async () => {
    const random = createRandom(20261125);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const listings = [
      ...(await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          createProperty(db, { propertyType: 'hotel', hostId, roomCount: 1 + (i % 4), availableFrom: null, availableUntil: null }),
        ),
      )),
      ...(await Promise.all(Array.from({ length: 4 }, () => createProperty(db, { propertyType: 'sublet', hostId })))),
    ];
    const ids = listings.map((listing) => listing.id);
    const hotels = new Set(listings.filter((listing) => listing.propertyType === 'hotel').map((listing) => listing.id));
    const span = (maxNights: number) => {
      const start = int(-5, 40);
      return { checkIn: daysFromNow(start), checkOut: daysFromNow(start + int(1, maxNights)) };
    };
    // Pending requests that expired an hour ago, expire in an hour, or never.
    const expiry = () => pick([null, new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000)]);
    const randomBooking = () => {
      const listing = pick(ids);
      return {
        propertyId: listing,
        guestId,
        ...span(8),
        rooms: hotels.has(listing) ? int(1, 3) : 1,
        // Overlapping homes too: the exclusion constraint is not what is tested here.
        exclusive: false,
        status: pick(bookingStatuses),
        expiresAt: expiry(),
        subtotal: 100,
        serviceFee: 10,
        total: 110,
      };
    };
    const randomStays = (count: number): Stay[] =>
      Array.from({ length: count }, () => {
        const listing = pick(ids);
        return { listing, ...span(10), rooms: hotels.has(listing) ? int(1, 5) : 1 };
      });

    for (let round = 0; round < 6; round++) {
      await db.insert(bookings).values(Array.from({ length: 40 }, randomBooking));
      await db.insert(listingBlocks).values(
        Array.from({ length: 4 }, () => ({
          propertyId: pick(ids),
          ...(() => {
            const nights = span(4);
            return { startDate: nights.checkIn, endDate: nights.checkOut };
          })(),
        })),
      );
      const existing = await db.select({ id: bookings.id }).from(bookings);
      const some = () => existing.filter(() => random() < 0.15).map((row) => row.id);
      // A host answers, a guest cancels, the expiry job runs, a stay moves, a request is removed.
      await db.update(bookings).set({ status: 'confirmed', expiresAt: null }).where(inArray(bookings.id, some()));
      await db
        .update(bookings)
        .set({ status: pick(['declined', 'cancelled', 'expired'] as const) })
        .where(inArray(bookings.id, some()));
      await db.update(bookings).set({ status: 'pending', expiresAt: expiry() }).where(inArray(bookings.id, some()));
      for (const id of some().slice(0, 5))
        await db
          .update(bookings)
          .set({ ...span(6), rooms: int(1, 2) })
          .where(eq(bookings.id, id));
      await db.delete(bookings).where(inArray(bookings.id, some().slice(0, 3)));
      const blocks = await db.select({ id: listingBlocks.id }).from(listingBlocks);
      if (blocks.length > 2) await db.delete(listingBlocks).where(eq(listingBlocks.id, pick(blocks).id));
      const hotel = pick([...hotels]);
      await db
        .update(properties)
        .set({ roomCount: int(1, 4) })
        .where(eq(properties.id, hotel));

      expect(await nightsDrift(db)).toEqual([]);
      expect(await disagreements(db, randomStays(400))).toEqual([]);
    }
  });

  it('empties with its tables and lets a listing go with its bookings', async () => {
    const listing = await createProperty(db, { propertyType: 'hotel', hostId, roomCount: 2 });
    await db.insert(bookings).values({
      propertyId: listing.id,
      guestId,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(12),
      status: 'confirmed',
      exclusive: false,
      subtotal: 1,
      serviceFee: 0,
      total: 1,
    });
    await db.insert(listingBlocks).values({ propertyId: listing.id, startDate: daysFromNow(11), endDate: daysFromNow(14) });
    await db.delete(properties).where(eq(properties.id, listing.id));
    expect(await nightsDrift(db)).toEqual([]);
    await db.execute(sql`truncate listing_blocks`);
    expect(await nightsDrift(db)).toEqual([]);
  });

  it.runIf(testDriver === 'postgres')('stays exact under concurrent writes to one hotel', async () => {
    const hotel = await createProperty(db, { propertyType: 'hotel', hostId, roomCount: 50, availableFrom: null, availableUntil: null });
    const random = createRandom(7);
    const stay = () => {
      const start = 20 + Math.floor(random() * 5);
      return { checkIn: daysFromNow(start), checkOut: daysFromNow(start + 1 + Math.floor(random() * 4)) };
    };
    const insert = () =>
      db
        .insert(bookings)
        .values({ propertyId: hotel.id, guestId, ...stay(), status: 'confirmed', exclusive: false, subtotal: 1, serviceFee: 0, total: 1 });
    await Promise.all(Array.from({ length: 20 }, insert));
    const first = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.propertyId, hotel.id));
    // Inserts, cancellations and blocks, each in its own transaction on its own connection, at once.
    const writes = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return insert();
      if (i % 3 === 1)
        return db
          .update(bookings)
          .set({ status: 'cancelled' })
          .where(eq(bookings.id, first[i % first.length]!.id));
      const nights = stay();
      return db.insert(listingBlocks).values({ propertyId: hotel.id, startDate: nights.checkIn, endDate: nights.checkOut });
    });
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await nightsDrift(db)).toEqual([]);
  });
});
