import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { erasureDueAt } from '../../../core/account-data-rules.ts';
import { today } from '../../../core/dates.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { clientInfo, requireUser } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter, RateLimitRule } from '../../rate-limit/rate-limiter.ts';
import { closeAccount } from './account-closure-repository.ts';
import { findCredentials } from './auth-repository.ts';
import { verifyPassword } from './passwords.ts';
import { sessionCookieName } from './session-tokens.ts';
import { route } from '../../http/route.ts';

/** Password guesses on the closing form: a stolen session must not be able to try passwords freely. */
const closeAttempts: RateLimitRule = { limit: 5, windowMs: 15 * 60 * 1000 };

export interface CloseAccountRoutesOptions {
  db: Database;
  rateLimiter: RateLimiter;
  /** ACCOUNT_ERASE_AFTER_DAYS: how long after closing the personal data is erased. */
  eraseAfterDays: number;
}

/** "Delete my account" (docs/decisions/050-your-data.md): closed at once, erased later by the erasure job. */
export const closeAccountRoutes: FastifyPluginAsyncZod<CloseAccountRoutesOptions> = async (app, { db, rateLimiter, eraseAfterDays }) => {
  route(app, 'POST /api/account/close', async (request, reply) => {
    const user = requireUser(request);
    await enforceRateLimit(rateLimiter, reply, `close-account:user:${user.id}`, closeAttempts);
    const credentials = await findCredentials(db, user.email);
    if (!credentials || !(await verifyPassword(request.body.password, credentials.passwordHash))) {
      throw new HttpError(403, 'password_incorrect', 'The password is not correct.');
    }
    const now = new Date();
    const eraseAfter = erasureDueAt(now, eraseAfterDays);
    await closeAccount(db, user.id, eraseAfter, now);
    // The member's last mail from us, in their language, while we still have their address.
    await queueMail(db, {
      to: user.email,
      language: user.language,
      template: 'accountClosed',
      params: { firstName: user.firstName, eraseOn: today(eraseAfter) },
    });
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'ACCOUNT_CLOSED',
      description: `Account closed; erasure due ${eraseAfter.toISOString()}`,
      code: { code: 'accountClosed', params: { eraseAfter: today(eraseAfter) } },
      ...clientInfo(request),
    });
    reply.clearCookie(sessionCookieName, { path: '/' });
    return { closed: true as const, eraseAfter };
  });
};
