import type { GuestReview, StayReview } from '../../../../core/contracts/reviews.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import type { Language } from '../../../../core/languages.ts';
import { publicationTimes, reviewWindowEnd, type CategoryRatings } from '../../../../core/review-rules.ts';
import type { Database } from '../../../db/database.ts';
import * as repository from '../reviews-repository.ts';
import type { StayForReview } from '../reviews-repository.ts';

/** What the review use cases are given (decision 053): the database, the repository, the clock. */
export interface ReviewDeps {
  db: Database;
  repos: { reviews: typeof repository };
  clock: () => Date;
}

export const reviewDeps = (db: Database): ReviewDeps => ({ db, repos: { reviews: repository }, clock: () => new Date() });

/** A stay can be reviewed once it is completed, until its window ends (14 days after check-out, core/review-rules.ts). */
function reviewable(stay: StayForReview, now: Date): Date {
  if (stay.status !== 'completed') throw new DomainError('stay_not_completed', 'You can review a stay once it is completed');
  const windowEnd = reviewWindowEnd(stay.checkOut);
  if (now.getTime() >= windowEnd.getTime())
    throw new DomainError('review_window_closed', 'Reviews can be written for 14 days after check-out');
  return windowEnd;
}

/**
 * The guest reviews their completed stay, once, within the review window. It stays hidden until
 * the host's review of the guest is in too, or the window ends (core/review-rules.ts); if the
 * host's is already in, both are published now, the listing's rating and the host's figures follow
 * in the same transaction, and `published` says so (the caller mails both sides).
 */
export async function reviewStay(
  deps: ReviewDeps,
  guestId: string,
  bookingId: string,
  review: { rating: number; categories: CategoryRatings; body: string; language: Language },
): Promise<{ review: StayReview; published: boolean }> {
  const { reviews } = deps.repos;
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const stay = await reviews.lockStay(tx, bookingId);
    // Hosts and strangers learn nothing about the booking.
    if (!stay || stay.guestId !== guestId) throw new DomainError('booking_not_found', 'No such booking');
    const windowEnd = reviewable(stay, now);
    const other = await reviews.guestReviewOfStay(tx, bookingId);
    const times = publicationTimes({ windowEnd, now, other: other ?? null });
    const published = times.mine.getTime() <= now.getTime();
    const inserted = await reviews.insertStayReview(tx, {
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
    });
    if (!inserted) throw new DomainError('already_reviewed', 'You have already reviewed this stay');
    if (other && times.other) await reviews.publishGuestReview(tx, other.id, times.other, now);
    if (published) await reviews.afterPublication(tx, stay, now);
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
  deps: ReviewDeps,
  hostId: string,
  bookingId: string,
  review: { rating: number; body: string; language: Language },
): Promise<{ review: GuestReview; published: boolean }> {
  const { reviews } = deps.repos;
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const stay = await reviews.lockStay(tx, bookingId);
    if (!stay || stay.hostId !== hostId) throw new DomainError('booking_not_found', 'No such booking');
    const windowEnd = reviewable(stay, now);
    const other = await reviews.stayReviewOfStay(tx, bookingId);
    const times = publicationTimes({ windowEnd, now, other: other ?? null });
    const published = times.mine.getTime() <= now.getTime();
    const inserted = await reviews.insertGuestReview(tx, {
      bookingId,
      guestId: stay.guestId,
      authorId: hostId,
      ...review,
      createdAt: now,
      visibleAt: times.mine,
      announcedAt: published ? now : null,
    });
    if (!inserted) throw new DomainError('already_reviewed', 'You have already reviewed this stay');
    if (other && times.other) await reviews.publishStayReview(tx, other.id, times.other, now);
    if (published) await reviews.afterPublication(tx, stay, now);
    return {
      review: { id: inserted.id, rating: inserted.rating, body: inserted.body, publishedAt: inserted.visibleAt.toISOString(), published },
      published,
    };
  });
}
