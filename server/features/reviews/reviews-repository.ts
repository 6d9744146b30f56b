import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { GuestReview, ReviewReply, StayReview } from '../../../core/contracts/reviews.ts';
import { publicationTimes, reviewWindowEnd, type CategoryRatings } from '../../../core/review-rules.ts';
import type { Database, Executor } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { bookings, guestReviews, properties, reviews } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * A listing's rating is the average of its published reviews, kept on the listing so search can
 * sort by it. A hidden review (waiting for the other side or the end of the window) does not count;
 * it counts from the moment it is published (announceDueReviews, or the second review's insert).
 */
export async function refreshPropertyRatings(db: Executor, propertyIds?: number[], now = new Date()): Promise<void> {
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
      from properties p2 left join reviews rv on rv.property_id = p2.id and rv.visible_at <= ${now}
      ${filter}
      group by p2.id
    ) r
    where r.id = p.id and (p.rating_average is distinct from r.average or p.review_count <> r.count)
  `);
}

/** Who is told when a stay's reviews are published: each side hears of the other's review. */
export interface PublishedNotice {
  bookingId: string;
  /** The side whose review was published; the other side gets the mail. */
  author: 'guest' | 'host';
}

interface StayForReview {
  guestId: string;
  hostId: string;
  propertyId: number;
  status: string;
  checkOut: string;
}

/**
 * The stay, locked: the guest's and the host's reviews of one stay are written one after the
 * other, so the second always sees the first and publishes both (two at once cannot both think
 * they came first and leave both hidden).
 */
async function lockStay(tx: Executor, bookingId: string): Promise<StayForReview | undefined> {
  const [stay] = await tx
    .select({
      guestId: bookings.guestId,
      hostId: properties.hostId,
      propertyId: bookings.propertyId,
      status: bookings.status,
      checkOut: bookings.checkOut,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  return stay;
}

function reviewable(stay: StayForReview, now: Date): Date {
  if (stay.status !== 'completed') throw new HttpError(409, 'stay_not_completed', 'You can review a stay once it is completed');
  const windowEnd = reviewWindowEnd(stay.checkOut);
  if (now.getTime() >= windowEnd.getTime()) {
    throw new HttpError(409, 'review_window_closed', 'Reviews can be written for 14 days after check-out');
  }
  return windowEnd;
}

/** What follows publication in the publishing transaction: the listing's rating and the host's figures. */
async function afterPublication(tx: Executor, stay: Pick<StayForReview, 'propertyId' | 'hostId'>, now: Date) {
  await refreshPropertyRatings(tx, [stay.propertyId], now);
  await refreshHostFigures(tx, [stay.hostId], now);
}

/**
 * The guest reviews their completed stay, once, within the review window. It stays hidden until
 * the host's review of the guest is in too, or the window ends (core/review-rules.ts); if the
 * host's is already in, both are published now, the listing's rating and the host's figures follow
 * in the same transaction, and `published` says so (the caller mails both sides).
 */
export async function reviewStay(
  db: Database,
  guestId: string,
  bookingId: string,
  review: { rating: number; categories: CategoryRatings; body: string; language: Language },
  now = new Date(),
): Promise<{ review: StayReview; published: boolean }> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, bookingId);
    // Hosts and strangers learn nothing about the booking.
    if (!stay || stay.guestId !== guestId) throw new HttpError(404, 'booking_not_found', 'No such booking');
    const windowEnd = reviewable(stay, now);
    const [other] = await tx
      .select({ id: guestReviews.id, visibleAt: guestReviews.visibleAt })
      .from(guestReviews)
      .where(eq(guestReviews.bookingId, bookingId));
    const times = publicationTimes({ windowEnd, now, other: other ?? null });
    const published = times.mine.getTime() <= now.getTime();
    const [inserted] = await tx
      .insert(reviews)
      .values({
        bookingId,
        propertyId: stay.propertyId,
        authorId: guestId,
        rating: review.rating,
        ...review.categories,
        body: review.body,
        language: review.language,
        createdAt: now,
        visibleAt: times.mine,
        announcedAt: published ? now : null,
      })
      .onConflictDoNothing({ target: reviews.bookingId })
      .returning();
    if (!inserted) throw new HttpError(409, 'already_reviewed', 'You have already reviewed this stay');
    if (other && times.other) {
      await tx
        .update(guestReviews)
        .set({ visibleAt: times.other, announcedAt: sql`coalesce(${guestReviews.announcedAt}, ${now})` })
        .where(eq(guestReviews.id, other.id));
    }
    if (published) await afterPublication(tx, stay, now);
    return {
      review: {
        id: inserted.id,
        rating: inserted.rating,
        categories: review.categories,
        body: inserted.body,
        publishedAt: inserted.visibleAt.toISOString(),
        published,
        reply: null,
      },
      published,
    };
  });
}

/** The host reviews the guest of a completed stay at their listing: the same window and publication rule. */
export async function reviewGuest(
  db: Database,
  hostId: string,
  bookingId: string,
  review: { rating: number; body: string; language: Language },
  now = new Date(),
): Promise<{ review: GuestReview; published: boolean }> {
  return db.transaction(async (tx) => {
    const stay = await lockStay(tx, bookingId);
    if (!stay || stay.hostId !== hostId) throw new HttpError(404, 'booking_not_found', 'No such booking');
    const windowEnd = reviewable(stay, now);
    const [other] = await tx.select({ id: reviews.id, visibleAt: reviews.visibleAt }).from(reviews).where(eq(reviews.bookingId, bookingId));
    const times = publicationTimes({ windowEnd, now, other: other ?? null });
    const published = times.mine.getTime() <= now.getTime();
    const [inserted] = await tx
      .insert(guestReviews)
      .values({
        bookingId,
        guestId: stay.guestId,
        authorId: hostId,
        ...review,
        createdAt: now,
        visibleAt: times.mine,
        announcedAt: published ? now : null,
      })
      .onConflictDoNothing({ target: guestReviews.bookingId })
      .returning();
    if (!inserted) throw new HttpError(409, 'already_reviewed', 'You have already reviewed this stay');
    if (other && times.other) {
      await tx
        .update(reviews)
        .set({ visibleAt: times.other, announcedAt: sql`coalesce(${reviews.announcedAt}, ${now})` })
        .where(eq(reviews.id, other.id));
    }
    if (published) await afterPublication(tx, stay, now);
    return {
      review: {
        id: inserted.id,
        rating: inserted.rating,
        body: inserted.body,
        publishedAt: inserted.visibleAt.toISOString(),
        published,
      },
      published,
    };
  });
}

/**
 * The host's one public reply to a published review of their listing. The UPDATE takes the reply
 * only while there is none, so two replies at once leave the first (409 `already_replied`).
 * Anyone but the listing's host, and any review not yet published, is the same 404.
 */
export async function replyToReview(db: Database, hostId: string, reviewId: number, body: string, now = new Date()): Promise<ReviewReply> {
  const [review] = await db
    .select({ hostId: properties.hostId, visibleAt: reviews.visibleAt })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(eq(reviews.id, reviewId));
  if (!review || review.hostId !== hostId || review.visibleAt.getTime() > now.getTime()) {
    throw new HttpError(404, 'review_not_found', 'No such published review of your listing');
  }
  const [replied] = await db
    .update(reviews)
    .set({ replyBody: body, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.repliedAt)))
    .returning({ body: reviews.replyBody, createdAt: reviews.repliedAt });
  if (!replied) throw new HttpError(409, 'already_replied', 'You have already replied to this review');
  return { body: replied.body!, createdAt: replied.createdAt!.toISOString() };
}

/**
 * Catches up with reviews whose window ended without the other side's review: their visible_at has
 * passed (so readers already show them), but the listing's rating, the host's figures and the mail
 * to the other side wait for this. Every instance may run it: the UPDATE … RETURNING hands each
 * review to one run only (a second run waits on the row lock, then finds it announced), so each
 * mail goes out once.
 */
export async function announceDueReviews(db: Database, now = new Date()): Promise<PublishedNotice[]> {
  return db.transaction(async (tx) => {
    const stayReviews = await tx
      .update(reviews)
      .set({ announcedAt: now })
      .where(and(isNull(reviews.announcedAt), lte(reviews.visibleAt, now)))
      .returning({ bookingId: reviews.bookingId, propertyId: reviews.propertyId });
    const hostReviews = await tx
      .update(guestReviews)
      .set({ announcedAt: now })
      .where(and(isNull(guestReviews.announcedAt), lte(guestReviews.visibleAt, now)))
      .returning({ bookingId: guestReviews.bookingId, hostId: guestReviews.authorId });
    if (stayReviews.length > 0) {
      const propertyIds = [...new Set(stayReviews.map((row) => row.propertyId))];
      await refreshPropertyRatings(tx, propertyIds, now);
      const hosts = await tx
        .selectDistinct({ hostId: properties.hostId })
        .from(properties)
        .where(
          sql`${properties.id} in (${sql.join(
            propertyIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      await refreshHostFigures(
        tx,
        hosts.map((row) => row.hostId),
        now,
      );
    }
    return [
      ...stayReviews.map((row) => ({ bookingId: row.bookingId, author: 'guest' as const })),
      ...hostReviews.map((row) => ({ bookingId: row.bookingId, author: 'host' as const })),
    ];
  });
}

export interface ReviewParties {
  title: Record<Language, string>;
  checkIn: string;
  checkOut: string;
  guest: { email: string; language: Language; firstName: string };
  host: { email: string; language: Language; firstName: string };
}

/** The two sides of a stay, to tell them of a published review in their own language. */
export async function reviewParties(db: Database, bookingId: string): Promise<ReviewParties | undefined> {
  const result = await db.execute<Record<string, string>>(sql`
    select p.title_en, p.title_he, b.check_in::text as check_in, b.check_out::text as check_out,
      gu.email as guest_email, gu.language as guest_language, coalesce(gp.first_name, '') as guest_first_name,
      hu.email as host_email, hu.language as host_language, coalesce(hp.first_name, '') as host_first_name
    from bookings b join properties p on p.id = b.property_id
    join users gu on gu.id = b.guest_id join users hu on hu.id = p.host_id
    left join profiles gp on gp.user_id = b.guest_id left join profiles hp on hp.user_id = p.host_id
    where b.id = ${bookingId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    title: { en: row.title_en!, he: row.title_he! },
    checkIn: row.check_in!,
    checkOut: row.check_out!,
    guest: { email: row.guest_email!, language: row.guest_language as Language, firstName: row.guest_first_name! },
    host: { email: row.host_email!, language: row.host_language as Language, firstName: row.host_first_name! },
  };
}
