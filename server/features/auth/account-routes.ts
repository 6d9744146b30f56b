import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { emailSchema } from '../../../core/auth-schemas.ts';
import { localizePath, type Language } from '../../../core/languages.ts';
import { firstSignUpProblem, newPasswordProblem } from '../../../core/sign-up-rules.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { clientInfo, requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import {
  authTokenState,
  consumeAllAuthTokens,
  consumeAuthToken,
  createAccount,
  createAuthToken,
  findAccountByEmail,
  markEmailConfirmed,
  revokeAllSessions,
  setPasswordHash,
} from './auth-repository.ts';
import { hashPassword } from './passwords.ts';
import { newSessionToken, sessionCookieName, sessionIdOf } from './session-tokens.ts';
import { route } from '../../http/route.ts';

const problemMessages = {
  password_too_short: 'Password must be at least 8 characters long',
  password_too_weak: 'Password must contain uppercase, lowercase, number, and special character',
  fields_required: 'All fields are required',
  age_requirement_not_met: 'Age requirement not met',
} as const;

const confirmTokenHours = 48;
const resetTokenMinutes = 60;

/** Refuses a reset link that cannot be used: already used (410), or unknown or expired (400). */
function refuseResetLink(state: 'valid' | 'used' | 'invalid'): never {
  if (state === 'used') throw new HttpError(410, 'reset_link_used', 'This reset link has already been used.');
  throw new HttpError(400, 'invalid_reset_token', 'This reset link is invalid or has expired.');
}

export interface AccountRoutesOptions {
  db: Database;
  rateLimiter: RateLimiter;
  /** The site's configured address: links in mail never come from request headers. */
  siteUrl: string;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { db, rateLimiter, siteUrl }) => {
  /** Work a request leaves for after its answer has been sent (see the password-reset route). */
  const pendingResets = new WeakMap<FastifyRequest, () => Promise<void>>();

  route(app, 'POST /api/auth/sign-up', async (request, reply) => {
    const client = clientInfo(request);
    await enforceRateLimit(rateLimiter, reply, `sign-up:ip:${request.ip}`, authRateLimits.signUpPerIp);
    const input = { ...request.body, firstName: request.body.firstName.trim(), lastName: request.body.lastName.trim() };
    const problem = firstSignUpProblem(input, new Date());
    const email = emailSchema.safeParse(input.email);
    if (problem || !email.success) {
      const code = problem ?? 'invalid_email';
      void recordSecurityEvent(db, request.log, {
        userId: null,
        eventType: 'SIGNUP_FAILED',
        description: `Sign-up refused for ${input.email}: ${problem ? problemMessages[problem] : 'invalid e-mail'}`,
        ...client,
      });
      throw new HttpError(400, code, problem ? problemMessages[problem] : 'Please enter a valid email address.');
    }
    // Consent is asked last, after the fields the spec checks in order.
    if (!input.acceptTerms) {
      void recordSecurityEvent(db, request.log, {
        userId: null,
        eventType: 'SIGNUP_FAILED',
        description: `Sign-up refused for ${input.email}: terms not accepted`,
        ...client,
      });
      throw new HttpError(400, 'terms_not_accepted', 'Please accept the Terms of Service and Privacy Policy.', {
        acceptTerms: 'Required',
      });
    }

    const created = await createAccount(db, {
      email: email.data,
      passwordHash: await hashPassword(input.password),
      language: input.language,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dateOfBirth,
      termsAcceptedAt: new Date(),
    });
    if (!created) {
      // Already registered: tell the owner of the address, and answer exactly as for a new account.
      const existing = await findAccountByEmail(db, email.data);
      await queueMail(db, {
        to: email.data,
        language: existing?.language ?? input.language,
        template: 'accountExists',
        link: `${siteUrl}${localizePath('/auth', existing?.language ?? input.language)}`,
      });
      void recordSecurityEvent(db, request.log, {
        userId: existing?.id ?? null,
        eventType: 'SIGNUP_FAILED',
        description: `Sign-up refused for ${email.data}: e-mail already registered`,
        ...client,
      });
      return reply.status(201).send({ ok: true });
    }

    const token = newSessionToken();
    await createAuthToken(db, {
      id: sessionIdOf(token),
      userId: created.id,
      purpose: 'confirm_email',
      expiresAt: new Date(Date.now() + confirmTokenHours * 60 * 60 * 1000),
    });
    await queueMail(db, {
      to: email.data,
      language: input.language,
      template: 'confirmEmail',
      params: { firstName: input.firstName },
      link: `${siteUrl}/api/auth/confirm-email?token=${token}`,
    });
    void recordSecurityEvent(db, request.log, {
      userId: created.id,
      eventType: 'USER_SIGNED_UP',
      description: `Account created for ${email.data}`,
      code: { code: 'accountCreated', params: { email: email.data } },
      ...client,
    });
    return reply.status(201).send({ ok: true });
  });

  route(app, 'GET /api/auth/confirm-email', async (request, reply) => {
    const userId = request.query.token ? await consumeAuthToken(db, sessionIdOf(request.query.token), 'confirm_email', new Date()) : null;
    if (userId) await markEmailConfirmed(db, userId, new Date());
    return reply.redirect(userId ? '/?emailConfirmed=1' : '/?emailConfirmed=0', 303);
  });

  route(
    app,
    'POST /api/auth/password-reset',
    {
      onResponse: async (request) => {
        const work = pendingResets.get(request);
        if (!work) return;
        pendingResets.delete(request);
        // Nobody waits for this any more: a failure is logged, never answered.
        await work().catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      },
    },
    async (request, reply) => {
      const { email, language } = request.body;
      await enforceRateLimit(rateLimiter, reply, `reset:ip:${request.ip}`, authRateLimits.resetPerIp);
      await enforceRateLimit(rateLimiter, reply, `reset:account:${email}`, authRateLimits.resetPerAccount);
      // The answer leaves before the account is even looked up, so its timing is the same for every
      // address; the lookup, token and mail follow once it has been sent.
      pendingResets.set(request, async () => {
        const account = await findAccountByEmail(db, email);
        void recordSecurityEvent(db, request.log, {
          userId: account?.id ?? null,
          eventType: 'PASSWORD_RESET_REQUESTED',
          description: `Password reset requested for ${email}`,
          code: { code: 'passwordResetRequested', params: { email } },
          ...clientInfo(request),
        });
        if (!account) return;
        const token = newSessionToken();
        await createAuthToken(db, {
          id: sessionIdOf(token),
          userId: account.id,
          purpose: 'reset_password',
          expiresAt: new Date(Date.now() + resetTokenMinutes * 60 * 1000),
        });
        const mailLanguage: Language = account.language ?? language;
        await queueMail(db, {
          to: email,
          language: mailLanguage,
          template: 'resetPassword',
          link: `${siteUrl}${localizePath('/auth', mailLanguage)}?mode=reset&token=${token}`,
        });
      });
      return reply.status(202).send({ ok: true });
    },
  );

  route(app, 'POST /api/auth/password-reset/check', async (request, reply) => {
    await enforceRateLimit(rateLimiter, reply, `reset-check:ip:${request.ip}`, authRateLimits.resetCheckPerIp);
    const state = await authTokenState(db, sessionIdOf(request.body.token), 'reset_password', new Date());
    if (state !== 'valid') refuseResetLink(state);
    return { ok: true as const };
  });

  route(app, 'POST /api/auth/password-reset/complete', async (request) => {
    const problem = newPasswordProblem(request.body.password);
    if (problem) throw new HttpError(400, problem, problemMessages[problem]);
    const now = new Date();
    const userId = await consumeAuthToken(db, sessionIdOf(request.body.token), 'reset_password', now);
    // Lost a race with another use of the same link, or never usable: say which.
    if (!userId) refuseResetLink(await authTokenState(db, sessionIdOf(request.body.token), 'reset_password', now));
    // Any other reset link of the account dies with this one: an older mail must not reset it again.
    await consumeAllAuthTokens(db, userId, 'reset_password', now);
    await setPasswordHash(db, userId, await hashPassword(request.body.password), now);
    // Following the link proves the mailbox is theirs.
    await markEmailConfirmed(db, userId, now);
    await revokeAllSessions(db, userId);
    void recordSecurityEvent(db, request.log, {
      userId,
      eventType: 'PASSWORD_CHANGED',
      description: 'Password changed with a reset link; all sessions ended',
      code: { code: 'passwordChanged' },
      ...clientInfo(request),
    });
    return { ok: true as const };
  });

  route(app, 'POST /api/auth/sign-out-everywhere', async (request, reply) => {
    const user = requireUser(request);
    await revokeAllSessions(db, user.id);
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'USER_SIGNED_OUT',
      description: 'Signed out everywhere',
      code: { code: 'signedOutEverywhere' },
      ...clientInfo(request),
    });
    reply.clearCookie(sessionCookieName, { path: '/' });
    return reply.status(204).send(null);
  });
};
