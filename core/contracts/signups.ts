import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';
import { signupTypes } from '../constants.ts';
import { languages } from '../languages.ts';
import { recordsResponseSchema } from './admin.ts';

/** The coming-soon sign-up routes; the request body is landingSignupSchema (core/signup-schemas.ts), shared with the cards. */

export const signUpResponseSchema = z.object({ ok: z.literal(true) });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** A sign-up as the operators see it (Records tab). */
export const signupRecordSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  signupType: z.enum(signupTypes),
  language: z.enum(languages),
  createdAt: z.date(),
});
export const signupsResponseSchema = recordsResponseSchema(signupRecordSchema);
export type SignupRecord = JsonOf<z.infer<typeof signupRecordSchema>>;
