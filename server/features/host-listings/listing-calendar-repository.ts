import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { blockCloses, drizzleWriter, stayHolds } from '../../db/availability-sql.ts';
import type { Database } from '../../db/database.ts';
import { bookings, calendarFeeds, listingBlocks, properties } from '../../db/schema.ts';
import type { blockingBookingStatuses } from '../../../core/constants.ts';
import type { ListingCalendar } from '../../../core/contracts/host-listings.ts';
import { blockDatesProblem } from '../../../core/listing-block-rules.ts';
import { hostListingErrors } from './host-listing-errors.ts';

/** Stays that hold dates, the host's blocks and the blocks imported from other sites' calendars, from `today` on. */
export async function listingCalendar(db: Database, propertyId: number, today: string): Promise<ListingCalendar> {
  const nights = { listing: sql`${propertyId}::int`, from: sql`${today}::date` };
  const [stays, blocks, imported] = await Promise.all([
    db
      .select({
        id: bookings.id,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
        // stayHolds keeps only the statuses that hold dates.
        status: sql<(typeof blockingBookingStatuses)[number]>`${bookings.status}`,
        rooms: bookings.rooms,
      })
      .from(bookings)
      .where(stayHolds(drizzleWriter, 'bookings', nights))
      .orderBy(asc(bookings.checkIn)),
    db
      .select({ id: listingBlocks.id, startDate: listingBlocks.startDate, endDate: listingBlocks.endDate })
      .from(listingBlocks)
      .where(and(blockCloses(drizzleWriter, 'listing_blocks', nights), isNull(listingBlocks.feedId)))
      .orderBy(asc(listingBlocks.startDate)),
    db
      .select({ id: listingBlocks.id, startDate: listingBlocks.startDate, endDate: listingBlocks.endDate, feedName: calendarFeeds.name })
      .from(listingBlocks)
      .innerJoin(calendarFeeds, eq(calendarFeeds.id, listingBlocks.feedId))
      .where(blockCloses(drizzleWriter, 'listing_blocks', nights))
      .orderBy(asc(listingBlocks.startDate)),
  ]);
  return { stays, blocks, imported };
}

/**
 * Closes [startDate, endDate) from `today` on unless a stay holds any of it (the guest keeps the
 * booking; the host cancels it first). Takes the listing's row lock, as a booking request does, so
 * the two cannot cross.
 */
export async function addBlock(db: Database, propertyId: number, startDate: string, endDate: string, today: string) {
  const problem = blockDatesProblem(startDate, endDate, today);
  if (problem) throw problem === 'check_in_in_past' ? hostListingErrors.blockInPast() : hostListingErrors.blockOrder();
  await db.transaction(async (tx) => {
    await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
    const [held] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        stayHolds(drizzleWriter, 'bookings', {
          listing: sql`${propertyId}::int`,
          from: sql`${startDate}::date`,
          to: sql`${endDate}::date`,
        }),
      )
      .limit(1);
    if (held) throw hostListingErrors.datesBooked();
    await tx.insert(listingBlocks).values({ propertyId, startDate, endDate });
  });
}

/**
 * Opens blocked dates again; 404 when the block is not this listing's. A block imported from
 * another site's calendar is refused (409): the next sync would bring it back, so it goes only when
 * the event leaves that calendar or the host disconnects the calendar.
 */
export async function removeBlock(db: Database, propertyId: number, blockId: number) {
  const removed = await db
    .delete(listingBlocks)
    .where(and(eq(listingBlocks.id, blockId), eq(listingBlocks.propertyId, propertyId), isNull(listingBlocks.feedId)))
    .returning({ id: listingBlocks.id });
  if (removed.length > 0) return;
  const [imported] = await db
    .select({ id: listingBlocks.id })
    .from(listingBlocks)
    .where(and(eq(listingBlocks.id, blockId), eq(listingBlocks.propertyId, propertyId), isNotNull(listingBlocks.feedId)));
  throw imported ? hostListingErrors.importedBlock() : hostListingErrors.blockNotFound();
}
