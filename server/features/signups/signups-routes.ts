import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '../../../core/api-types.ts';
import { signupRecordSchema, signUpResponseSchema } from '../../../core/contracts/signups.ts';
import { landingSignupSchema } from '../../../core/signup-schemas.ts';
import type { Database } from '../../db/database.ts';
import { adminRecordListRoute } from '../../http/admin-list.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertSignup, listSignups, operatorAddresses } from './signups-repository.ts';

// The contact form's limit: generous for people, tight enough that a script cannot flood the list
// or the operators' inbox (each sign-up mails them).
const signupsPerIp = { limit: 10, windowMs: 60 * 60 * 1000 };

export interface SignupsRoutesOptions {
  db: Database;
  /** The app's shared limiter: Redis when configured, counters in the database otherwise. */
  rateLimiter: RateLimiter;
}

export const signupsRoutes: FastifyPluginAsyncZod<SignupsRoutesOptions> = async (app, { db, rateLimiter }) => {
  app.post(
    '/api/signups',
    {
      schema: {
        tags: ['signups'],
        summary:
          'Join the coming-soon list as a property owner or a discount seeker. The answer is the same whether or not the address was already on the list.',
        body: landingSignupSchema,
        response: {
          201: signUpResponseSchema,
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
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
    },
  );

  adminRecordListRoute(app, {
    path: '/api/admin/signups',
    summary: 'Coming-soon sign-ups (property owners and discount seekers), newest first (admins only)',
    item: signupRecordSchema,
    list: ({ limit, offset }) => listSignups(db, limit, offset),
  });
};
