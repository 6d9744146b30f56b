import { z } from 'zod';

/** A review a host wrote about a guest, as the guest's profile shows it once published. */
export const reviewFromHostSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  authorFirstName: z.string(),
  /** When it was published. */
  createdAt: z.string(),
});
export type ReviewFromHost = z.infer<typeof reviewFromHostSchema>;

/**
 * GET /api/people/:id: what anyone may know of a member: first name, photo, since when, whether
 * their ID is verified; for a host their figures (core/super-host.ts); and the published reviews
 * hosts wrote about them as a guest. Never the last name, e-mail or phone.
 */
export const personSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  photoUrl: z.string().nullable(),
  memberSince: z.string(),
  idVerified: z.boolean(),
  /** Null for someone without an approved listing. */
  host: z
    .object({
      ratingAverage: z.number().nullable(),
      reviewCount: z.number().int(),
      /** Percentage of requests in the last year answered within 24 hours; null when none. */
      responseRate: z.number().int().nullable(),
      responseTimeHours: z.number().int().nullable(),
      superHost: z.boolean(),
    })
    .nullable(),
  /** The latest published reviews from hosts, newest first. */
  reviewsFromHosts: z.array(reviewFromHostSchema),
  reviewsFromHostsCount: z.number().int(),
  /** Average of all published reviews from hosts; null when none. */
  guestRatingAverage: z.number().nullable(),
});
export type Person = z.infer<typeof personSchema>;
