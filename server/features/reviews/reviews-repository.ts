import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Language } from '../../../core/languages.ts';
import type { Database, Executor } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { bookings, guestReviews, properties, reviews } from '../../db/schema.ts';

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

export interface StayForReview {
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
export async function lockStay(tx: Executor, bookingId: string): Promise<StayForReview | undefined> {
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

/** What follows publication in the publishing transaction: the listing's rating and the host's figures. */
export async function afterPublication(tx: Executor, stay: Pick<StayForReview, 'propertyId' | 'hostId'>, now: Date) {
  await refreshPropertyRatings(tx, [stay.propertyId], now);
  await refreshHostFigures(tx, [stay.hostId], now);
}

/** The host's review of a stay's guest, if written (the other side of a guest's review). */
export async function guestReviewOfStay(tx: Executor, bookingId: string) {
  const [other] = await tx
    .select({ id: guestReviews.id, visibleAt: guestReviews.visibleAt })
    .from(guestReviews)
    .where(eq(guestReviews.bookingId, bookingId));
  return other;
}

/** The guest's review of a stay, if written (the other side of a host's review). */
export async function stayReviewOfStay(tx: Executor, bookingId: string) {
  const [other] = await tx.select({ id: reviews.id, visibleAt: reviews.visibleAt }).from(reviews).where(eq(reviews.bookingId, bookingId));
  return other;
}

/** Inserts the guest's review of a stay; undefined when the stay already has one (one per stay, by a unique key). */
export async function insertStayReview(tx: Executor, values: typeof reviews.$inferInsert) {
  const [inserted] = await tx.insert(reviews).values(values).onConflictDoNothing({ target: reviews.bookingId }).returning();
  return inserted;
}

/** Inserts the host's review of a stay's guest; undefined when the stay already has one. */
export async function insertGuestReview(tx: Executor, values: typeof guestReviews.$inferInsert) {
  const [inserted] = await tx.insert(guestReviews).values(values).onConflictDoNothing({ target: guestReviews.bookingId }).returning();
  return inserted;
}

/** Publishes the host's review of the guest at `visibleAt` (announced now, unless it was before). */
export async function publishGuestReview(tx: Executor, id: number, visibleAt: Date, now: Date) {
  await tx
    .update(guestReviews)
    .set({ visibleAt, announcedAt: sql`coalesce(${guestReviews.announcedAt}, ${now})` })
    .where(eq(guestReviews.id, id));
}

/** Publishes the guest's review of the stay at `visibleAt` (announced now, unless it was before). */
export async function publishStayReview(tx: Executor, id: number, visibleAt: Date, now: Date) {
  await tx
    .update(reviews)
    .set({ visibleAt, announcedAt: sql`coalesce(${reviews.announcedAt}, ${now})` })
    .where(eq(reviews.id, id));
}

/** A review with its listing's host and when it is published. */
export async function reviewForReply(db: Database, reviewId: number) {
  const [review] = await db
    .select({ hostId: properties.hostId, visibleAt: reviews.visibleAt })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(eq(reviews.id, reviewId));
  return review;
}

/**
 * Stores the host's one reply: the UPDATE takes it only while there is none, so two replies at once
 * leave the first (undefined for the second).
 */
export async function writeReply(db: Database, reviewId: number, body: string, now: Date) {
  const [replied] = await db
    .update(reviews)
    .set({ replyBody: body, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.repliedAt)))
    .returning({ body: reviews.replyBody, createdAt: reviews.repliedAt });
  return replied;
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
