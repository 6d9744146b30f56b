import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';
import { verificationStatuses } from '../constants.ts';

/** The profile routes' shapes; edits are profileUpdateSchema (core/profile-schemas.ts), shared with the form. */

/** The signed-in user's profile; every profile write answers with it whole. */
export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  age: z.number().int().nullable(),
  profileImageUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  isVerified: z.boolean(),
  idVerificationStatus: z.enum(verificationStatuses),
  hasIdDocument: z.boolean(),
  verificationSubmittedAt: z.date().nullable(),
  verificationRejectionReason: z.string().nullable(),
});
export type Profile = JsonOf<z.infer<typeof profileSchema>>;

export const recommendationSchema = z.object({
  id: z.number(),
  recommendationText: z.string(),
  rating: z.number().int().min(1).max(5),
  relationshipContext: z.string().nullable(),
  createdAt: z.date(),
  recommender: z.object({ firstName: z.string(), lastName: z.string(), profileImageUrl: z.string().nullable() }),
});
export const recommendationsResponseSchema = z.array(recommendationSchema);
export type Recommendation = JsonOf<z.infer<typeof recommendationSchema>>;

export const idDocumentParamsSchema = z.object({ userId: z.uuid() });
