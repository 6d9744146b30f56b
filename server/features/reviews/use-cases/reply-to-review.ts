import type { ReviewReply } from '../../../../core/contracts/reviews.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import type { ReviewDeps } from './review-stay.ts';

/**
 * The host's one public reply to a published review of their listing. Two replies at once leave the
 * first (already_replied). Anyone but the listing's host, and any review not yet published, meets the
 * same review_not_found.
 */
export async function replyToReview(deps: ReviewDeps, hostId: string, reviewId: number, body: string): Promise<ReviewReply> {
  const now = deps.clock();
  const review = await deps.repos.reviews.reviewForReply(deps.db, reviewId);
  if (!review || review.hostId !== hostId || review.visibleAt.getTime() > now.getTime()) {
    throw new DomainError('review_not_found', 'No such published review of your listing');
  }
  const replied = await deps.repos.reviews.writeReply(deps.db, reviewId, body, now);
  if (!replied) throw new DomainError('already_replied', 'You have already replied to this review');
  return { body: replied.body!, createdAt: replied.createdAt!.toISOString() };
}
