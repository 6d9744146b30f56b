import { serialIdParamsSchema, uuidParamsSchema } from '../common.ts';
import {
  guestReviewSchema,
  replyBodySchema,
  reviewGuestBodySchema,
  reviewReplySchema,
  reviewStayBodySchema,
  stayReviewSchema,
} from '../reviews.ts';
import { defineEndpoints } from '../endpoint.ts';

export const reviewsEndpoints = defineEndpoints('reviews', {
  'POST /api/bookings/:id/review': {
    summary:
      "The guest reviews a completed stay (once, within 14 days of check-out); published with the host's review, or when the window ends",
    params: uuidParamsSchema,
    body: reviewStayBodySchema,
    responses: { 201: stayReviewSchema },
    errors: ['booking_not_found', 'stay_not_completed', 'review_window_closed', 'already_reviewed'],
  },
  'POST /api/bookings/:id/guest-review': {
    summary:
      "The host reviews the guest of a completed stay (once, within 14 days of check-out); published with the guest's review, or when the window ends",
    params: uuidParamsSchema,
    body: reviewGuestBodySchema,
    responses: { 201: guestReviewSchema },
    errors: ['booking_not_found', 'stay_not_completed', 'review_window_closed', 'already_reviewed'],
  },
  'POST /api/reviews/:id/reply': {
    summary: "The listing's host replies once, publicly, to a published review",
    params: serialIdParamsSchema,
    body: replyBodySchema,
    responses: { 201: reviewReplySchema },
    errors: ['review_not_found', 'already_replied'],
  },
});
