import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInRefusal, type SignInRefusal } from '../../../core/sign-in-rules.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import { HttpError } from '../../http/errors.ts';
import { countUnreadNotices } from '../../notices/notices-repository.ts';
import { clientInfo } from '../../http/request-user.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import { findCredentials, revokeSession } from './auth-repository.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { beginSecondFactorStep } from './second-factor-step.ts';
import { startSession, type SessionSettings } from './session-start.ts';
import { sessionCookieName } from './session-tokens.ts';
import { route } from '../../http/route.ts';

/** How each refused sign-in is answered, and the reason the audit trail records. */
const signInRefusals: Record<SignInRefusal, { status: 401 | 403; reason: string; message: string }> = {
  invalid_credentials: { status: 401, reason: 'invalid credentials', message: 'Invalid email or password.' },
  account_suspended: { status: 403, reason: 'account suspended', message: 'This account is suspended.' },
  email_not_confirmed: {
    status: 403,
    reason: 'e-mail not confirmed',
    message: 'Please confirm your email address first: follow the link we sent you.',
  },
  // The admin entrance refuses everyone else before any session exists.
  admin_only: { status: 403, reason: 'not an admin (admin entrance)', message: 'Access Denied' },
};

export interface AuthRoutesOptions {
  session: SessionSettings;
  rateLimiter: RateLimiter;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { session, rateLimiter }) => {
  const { db } = session;
  route(app, 'GET /api/session', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = request.user;
    // The bell's count rides on the session every page loads (decision 063): one bounded count on an index.
    return { user: user && { ...user, unreadNotices: await countUnreadNotices(db, user.id) } };
  });

  route(app, 'POST /api/auth/sign-in', async (request, reply) => {
    const { email, password, adminOnly } = request.body;
    const client = clientInfo(request);
    // Every attempt counts before it is judged, so parallel guesses cannot overtake the limit; a
    // successful sign-in gives its attempt back below, so only failures add up. The account's limit
    // is per client address too: a stranger's guesses block the stranger, never the owner elsewhere.
    const ipKey = `sign-in:ip:${request.ip}`;
    const accountKey = `sign-in:account:${email}:ip:${request.ip}`;
    await enforceRateLimit(rateLimiter, reply, ipKey, authRateLimits.signInPerIp);
    await enforceRateLimit(rateLimiter, reply, accountKey, authRateLimits.signInPerAccount);
    const account = await findCredentials(db, email);
    // Unknown e-mails are checked against a decoy hash so that timing does not reveal which e-mails exist.
    const passwordMatches = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash));
    const refusal = signInRefusal(account ?? undefined, passwordMatches, adminOnly ?? false);
    if (refusal || !account) {
      const code = refusal ?? 'invalid_credentials';
      const { status, reason, message } = signInRefusals[code];
      void recordSecurityEvent(db, request.log, {
        userId: account?.id ?? null,
        eventType: 'LOGIN_FAILED',
        description: `Failed sign-in for ${email}: ${reason}`,
        ...client,
      });
      throw new HttpError(status, code, message);
    }
    await rateLimiter.reset(accountKey, authRateLimits.signInPerAccount);
    await rateLimiter.release(ipKey, authRateLimits.signInPerIp);

    // With a second factor the password only opens the next step: no session until it is passed.
    const step = await beginSecondFactorStep(db, account.id);
    if (step) return { secondFactor: step };
    return { user: await startSession(session, request, reply, account.id, 'password') };
  });

  route(app, 'POST /api/auth/sign-out', async (request, reply) => {
    if (request.sessionId) {
      await revokeSession(db, request.sessionId);
      void recordSecurityEvent(db, request.log, {
        userId: request.user?.id ?? null,
        eventType: 'USER_SIGNED_OUT',
        ...clientInfo(request),
      });
    }
    reply.clearCookie(sessionCookieName, { path: '/' });
    return reply.status(204).send(null);
  });
};
