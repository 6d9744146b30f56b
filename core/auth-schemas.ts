import { z } from 'zod';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
  /** The landing's admin entrance: refuse (403 admin_only) any account that is not an admin, without signing it in. */
  adminOnly: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Sign-up as sent to the server; the rules with the spec's messages are in sign-up-rules.ts. */
export const signUpSchema = z.object({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  dateOfBirth: z.string().max(10),
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
  language: z.enum(['en', 'he']).default('en'),
  /** Consent to the terms of service and the privacy policy; refused (400 terms_not_accepted) unless true. */
  acceptTerms: z.boolean().default(false),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema, language: z.enum(['en', 'he']).default('en') });
const resetTokenSchema = z.string().min(10).max(200);
export const passwordResetCompleteSchema = z.object({ token: resetTokenSchema, password: z.string().max(200) });
/** The reset page checks its link when it opens (the token travels in the body, never in a logged URL). */
export const passwordResetCheckSchema = z.object({ token: resetTokenSchema });
