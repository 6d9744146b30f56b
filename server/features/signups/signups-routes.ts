import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signupTypes } from '../../../core/constants.ts';
import { languages } from '../../../core/languages.ts';
import { landingSignupSchema } from '../../../core/signup-schemas.ts';
import type { Database } from '../../db/database.ts';
import { adminErrorResponses, adminListQuery } from '../../http/admin-list.ts';
import { HttpError } from '../../http/errors.ts';
import { requireRole } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertSignup, listSignups, operatorAddresses } from './signups-repository.ts';

const signupView = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  signupType: z.enum(signupTypes),
  language: z.enum(languages),
  createdAt: z.date(),
});

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
        summary: 'Join the coming-soon list as a property owner or a discount seeker',
        body: landingSignupSchema,
        response: {
          201: z.object({ ok: z.literal(true) }),
          409: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
          429: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(rateLimiter, reply, `signups:ip:${request.ip}`, signupsPerIp);
      const signup = request.body;
      if (!(await insertSignup(db, signup))) {
        throw new HttpError(409, 'already_registered', 'Already Registered');
      }
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

  app.get(
    '/api/admin/signups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Coming-soon sign-ups (property owners and discount seekers), newest first (admins only)',
        querystring: adminListQuery,
        response: { 200: z.object({ items: z.array(signupView) }), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      return { items: await listSignups(db, request.query.limit, request.query.offset) };
    },
  );
};
