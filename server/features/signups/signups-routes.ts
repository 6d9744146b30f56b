import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {} from '../../../core/contracts/signups.ts';
import type { Database } from '../../db/database.ts';
import { adminRecordList } from '../../http/admin-list.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertSignup, listSignups, operatorAddresses } from './signups-repository.ts';
import { route } from '../../http/route.ts';

// The contact form's limit: generous for people, tight enough that a script cannot flood the list
// or the operators' inbox (each sign-up mails them).
const signupsPerIp = { limit: 10, windowMs: 60 * 60 * 1000 };

export interface SignupsRoutesOptions {
  db: Database;
  /** The app's shared limiter: Redis when configured, counters in the database otherwise. */
  rateLimiter: RateLimiter;
}

export const signupsRoutes: FastifyPluginAsyncZod<SignupsRoutesOptions> = async (app, { db, rateLimiter }) => {
  route(app, 'POST /api/signups', async (request, reply) => {
    await enforceRateLimit(rateLimiter, reply, `signups:ip:${request.ip}`, signupsPerIp);
    const signup = request.body;
    // Whether an address is on the list is nobody's business but its owner's: a second sign-up gets
    // the same answer as the first (as the newsletter does), and the operators hear of it only once.
    if (!(await insertSignup(db, signup))) return reply.status(201).send({ ok: true });
    // The operators hear of each sign-up; a failure here must not cost the visitor their sign-up.
    try {
      for (const operator of await operatorAddresses(db)) {
        await queueMail(db, {
          to: operator.email,
          language: operator.language,
          template: 'signupNotification',
          params: {
            firstName: signup.firstName,
            lastName: signup.lastName,
            email: signup.email,
            signupType: signup.signupType,
          },
        });
      }
    } catch (error) {
      request.log.error({ err: error }, 'could not notify operators of a sign-up');
    }
    return reply.status(201).send({ ok: true });
  });

  route(
    app,
    'GET /api/admin/signups',
    adminRecordList(({ limit, offset }) => listSignups(db, limit, offset)),
  );
};
