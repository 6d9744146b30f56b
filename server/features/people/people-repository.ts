import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Person } from '../../../core/contracts/people.ts';
import { isSuperHost, responseRatePercent, responseTimeHours } from '../../../core/super-host.ts';
import type { Database } from '../../db/database.ts';
import { figuresCurrent, refreshHostFigures } from '../../db/host-figures.ts';
import { guestReviews, hostFigures, profiles, properties, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { publicUrlOf } from '../../storage/public-url.ts';

const latestReviewsFromHosts = 20;

/** A member's public profile; suspended members and unknown ids are the same 404. */
export async function personProfile(db: Database, id: string, now = new Date()): Promise<Person> {
  const [row] = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      firstName: profiles.firstName,
      photoKey: profiles.profileImageKey,
      verification: profiles.idVerificationStatus,
      figures: hostFigures,
      hosts: sql<boolean>`exists (select 1 from ${properties} p where p.host_id = ${users.id} and p.status = 'approved')`,
      guestRating: sql<{
        average: number | null;
        count: number;
      }>`(select json_build_object('average', avg(g.rating)::float8, 'count', count(*))
        from ${guestReviews} g where g.guest_id = ${users.id} and g.visible_at <= ${now})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(hostFigures, eq(hostFigures.hostId, users.id))
    // A closed account has no public profile (docs/decisions/050-your-data.md).
    .where(and(eq(users.id, id), eq(users.status, 'active'), isNull(users.closedAt)));
  if (!row) throw new HttpError(404, 'person_not_found', 'No such member');

  const reviewAuthor = sql`(select first_name from ${profiles} ap where ap.user_id = ${guestReviews.authorId})`;
  const reviewsFromHosts = await db
    .select({
      id: guestReviews.id,
      rating: guestReviews.rating,
      body: guestReviews.body,
      authorFirstName: sql<string | null>`${reviewAuthor}`,
      createdAt: guestReviews.visibleAt,
    })
    .from(guestReviews)
    .where(and(eq(guestReviews.guestId, id), lte(guestReviews.visibleAt, now)))
    .orderBy(desc(guestReviews.visibleAt))
    .limit(latestReviewsFromHosts);

  let host: Person['host'] = null;
  if (row.hosts) {
    // The stored figures, recomputed when missing or outdated (as the property page does).
    const figures =
      row.figures && figuresCurrent(row.figures, now) ? row.figures : (await db.transaction((tx) => refreshHostFigures(tx, [id], now)))[0]!;
    host = {
      ratingAverage: figures.ratingAverage === null ? null : Math.round(figures.ratingAverage * 100) / 100,
      reviewCount: figures.reviewCount,
      responseRate: responseRatePercent(figures),
      responseTimeHours: responseTimeHours(figures.responseMinutes),
      superHost: isSuperHost(figures),
    };
  }

  return {
    id: row.id,
    firstName: row.firstName ?? '',
    photoUrl: publicUrlOf(row.photoKey),
    memberSince: row.createdAt.toISOString(),
    idVerified: row.verification === 'verified',
    host,
    reviewsFromHosts: reviewsFromHosts.map((review) => ({
      id: review.id,
      rating: review.rating,
      body: review.body,
      authorFirstName: review.authorFirstName ?? '',
      createdAt: review.createdAt.toISOString(),
    })),
    reviewsFromHostsCount: Number(row.guestRating.count),
    guestRatingAverage: row.guestRating.average === null ? null : Math.round(row.guestRating.average * 100) / 100,
  };
}
