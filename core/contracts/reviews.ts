import { z } from 'zod';
import { reviewRules } from '../booking-rules.ts';
import { languages } from '../languages.ts';

/** POST /api/bookings/:id/review: the guest's review of a completed stay, in the language it is written in. */
export const reviewStayBodySchema = z.object({
  rating: z.number().int().min(reviewRules.minRating).max(reviewRules.maxRating),
  body: z.string().trim().min(reviewRules.minLength).max(reviewRules.maxLength),
  language: z.enum(languages).default('en'),
});
export type ReviewStayBody = z.input<typeof reviewStayBodySchema>;

/** A stay's review as its booking shows it. */
export const stayReviewSchema = z.object({ rating: z.number().int(), body: z.string() });
export type StayReview = z.infer<typeof stayReviewSchema>;
