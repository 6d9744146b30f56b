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
  /**
   * Present (true) for an admin in production without a second factor: the admin routes refuse them
   * (403 second_factor_required) and the web app sends them to set one up first (decision 051).
   */
  secondFactorSetupRequired: z.literal(true).optional(),
  /**
   * Unread notices, up to 100 (decision 063): answered by GET /api/session only, so the bell shows its
   * count from the session the page loads anyway, without a request of its own.
   */
  unreadNotices: z.number().int().min(0).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
/**
 * A right password signs in (`user`), or, when the account has a second factor, answers the next
 * step instead (`secondFactor`: a short-lived token and the methods the member may use), without a session.
 */
export const signInResponseSchema = z.union([
  z.object({ user: sessionUserSchema }),
  z.object({
    secondFactor: z.object({
      token: z.string(),
      methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
      expiresAt: z.iso.datetime({ offset: true }),
    }),
  }),
]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const authOkSchema = z.object({ ok: z.literal(true) });
export type AuthOk = z.infer<typeof authOkSchema>;

/** The token of a link mailed to the user (confirm e-mail), read from the query string. */
export const mailedTokenQuerySchema = z.object({ token: z.string().max(200).default('') });
