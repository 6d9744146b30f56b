import { z } from 'zod';
import { roles } from '../constants.ts';
import { languages } from '../languages.ts';

/**
 * The auth and account routes' shapes (session, sign-in and out, sign-up, e-mail confirmation,
 * password reset). The request bodies are in core/auth-schemas.ts, shared with the forms.
 */

/** The signed-in user as the web app sees it (GET /api/session). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  language: z.enum(languages),
  /** An admin checked the user's ID: instant booking applies to them (core/booking-action.ts booksInstantly). */
  idVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const signInResponseSchema = z.object({ user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const authOkSchema = z.object({ ok: z.literal(true) });
export type AuthOk = z.infer<typeof authOkSchema>;

/** The token of a link mailed to the user (confirm e-mail), read from the query string. */
export const mailedTokenQuerySchema = z.object({ token: z.string().max(200).default('') });
