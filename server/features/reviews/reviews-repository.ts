import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { bookings, properties, reviews } from '../../db/schema.ts';
import type { StayReview } from '../../../core/contracts/reviews.ts';
import { HttpError } from '../../http/errors.ts';

/** A listing's rating is the average of its reviews, kept on the listing so search can sort by it. */
export async function refreshPropertyRatings(db: Database, propertyIds?: number[]): Promise<void> {
  if (propertyIds && propertyIds.length === 0) return;
  const filter = propertyIds
    ? sql`where p2.id in (${sql.join(
        propertyIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    update properties p set rating_average = r.average, review_count = r.count
    from (
      select p2.id, avg(rv.rating)::real as average, count(rv.id)::int as count
      from properties p2 left join reviews rv on rv.property_id = p2.id
      ${filter}
      group by p2.id
    ) r
    where r.id = p.id
  `);
}

/**
 * The guest reviews their completed stay, once. The unique index on the booking settles a double
 * submit; the listing's rating and the host's figures are refreshed in the same transaction, so nobody
 * sees one without the other.
 */
export async function reviewStay(
  db: Database,
  guestId: string,
  bookingId: string,
  review: { rating: number; body: string; language: Language },
): Promise<StayReview> {
  const [booking] = await db
    .select({ guestId: bookings.guestId, propertyId: bookings.propertyId, hostId: properties.hostId, status: bookings.status })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId));
  // Hosts and strangers learn nothing about the booking.
  if (!booking || booking.guestId !== guestId) throw new HttpError(404, 'booking_not_found', 'No such booking');
  if (booking.status !== 'completed') throw new HttpError(409, 'stay_not_completed', 'You can review a stay once it is completed');
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(reviews)
      .values({ bookingId, propertyId: booking.propertyId, authorId: guestId, ...review })
      .onConflictDoNothing({ target: reviews.bookingId })
      .returning({ rating: reviews.rating, body: reviews.body });
    if (!inserted) throw new HttpError(409, 'already_reviewed', 'You have already reviewed this stay');
    await refreshPropertyRatings(tx as unknown as Database, [booking.propertyId]);
    await refreshHostFigures(tx as unknown as Database, [booking.hostId]);
    return inserted;
  });
}
