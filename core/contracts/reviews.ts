import { z } from 'zod';
import { reviewRules } from '../booking-rules.ts';
import { languages } from '../languages.ts';
import { replyRules, reviewCategories } from '../review-rules.ts';

const starsSchema = z.number().int().min(reviewRules.minRating).max(reviewRules.maxRating);
const reviewTextSchema = z.string().trim().min(reviewRules.minLength).max(reviewRules.maxLength);

/** The five category ratings a guest gives besides the overall stars (core/review-rules.ts). */
export const categoryRatingsSchema = z.object(
  Object.fromEntries(reviewCategories.map((category) => [category, starsSchema])) as Record<
    (typeof reviewCategories)[number],
    typeof starsSchema
  >,
);

/** POST /api/bookings/:id/review: the guest's review of a completed stay, in the language it is written in. */
export const reviewStayBodySchema = z.object({
  rating: starsSchema,
  categories: categoryRatingsSchema,
  body: reviewTextSchema,
  language: z.enum(languages).default('en'),
});
export type ReviewStayBody = z.input<typeof reviewStayBodySchema>;

/** POST /api/bookings/:id/guest-review: the host's review of the stay's guest. */
export const reviewGuestBodySchema = z.object({
  rating: starsSchema,
  body: reviewTextSchema,
  language: z.enum(languages).default('en'),
});
export type ReviewGuestBody = z.input<typeof reviewGuestBodySchema>;

/** POST /api/reviews/:id/reply: the host's one public reply to a published review of their listing. */
export const replyBodySchema = z.object({ body: z.string().trim().min(replyRules.minLength).max(replyRules.maxLength) });
export type ReplyBody = z.input<typeof replyBodySchema>;

export const reviewReplySchema = z.object({ body: z.string(), createdAt: z.string() });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** A guest's review of a stay as its booking shows it: to its author always, to the host once published. */
export const stayReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  /** Null on reviews written before categories were asked. */
  categories: categoryRatingsSchema.nullable(),
  body: z.string(),
  /** When it is public, or will be at the latest (the end of the review window). */
  publishedAt: z.string(),
  published: z.boolean(),
  reply: reviewReplySchema.nullable(),
});
export type StayReview = z.infer<typeof stayReviewSchema>;

/** A host's review of a guest as the booking shows it: to its author always, to the guest once published. */
export const guestReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  publishedAt: z.string(),
  published: z.boolean(),
});
export type GuestReview = z.infer<typeof guestReviewSchema>;

/** Where a completed stay's two reviews stand, for both sides. */
export const stayReviewsStateSchema = z.object({
  guestReviewed: z.boolean(),
  hostReviewed: z.boolean(),
  /** When the window closes: whatever was written is published then, and nothing more is taken. */
  windowEndsAt: z.string(),
  windowOpen: z.boolean(),
});
export type StayReviewsState = z.infer<typeof stayReviewsStateSchema>;
