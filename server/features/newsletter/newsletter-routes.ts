import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '../../../core/auth-schemas.ts';
import { languages, localizePath } from '../../../core/languages.ts';
import { newsletterSources } from '../../../core/constants.ts';
import type { Database } from '../../db/database.ts';
import { adminErrorResponses, adminListQuery } from '../../http/admin-list.ts';
import { requireRole } from '../../http/request-user.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { confirmSubscription, listSubscriptions, subscribe } from './newsletter-repository.ts';

// Someone typing another person's address again and again must not turn us into a mail cannon.
const resendAfterMs = 10 * 60 * 1000;
const subscribePerIp = { limit: 20, windowMs: 60 * 60 * 1000 };

/** Only the token's hash is stored, so a leaked table cannot confirm anyone's address. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const subscriptionView = z.object({
  id: z.number(),
  email: z.string(),
  language: z.enum(languages),
  source: z.string(),
  confirmedAt: z.date().nullable(),
  createdAt: z.date(),
});

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter; siteUrl: string }> = async (
  app,
  { db, rateLimiter, siteUrl },
) => {
  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address; a confirmation link is mailed. The answer is the same whether or not it was subscribed.',
        body: z.object({
          email: emailSchema,
          language: z.enum(languages).default('en'),
          source: z.enum(newsletterSources).default('footer'),
        }),
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(rateLimiter, reply, `newsletter:ip:${request.ip}`, subscribePerIp);
      const token = randomBytes(32).toString('base64url');
      const { email, language, source } = request.body;
      const outcome = await subscribe(db, { email, language, source, tokenHash: hashOf(token) }, new Date(), resendAfterMs);
      if (outcome === 'created' || outcome === 'resend') {
        await queueMail(db, {
          to: email,
          language,
          template: 'newsletterConfirm',
          link: `${siteUrl}/api/newsletter/confirm?token=${token}`,
        });
      }
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    '/api/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'The link in the confirmation e-mail: confirms the subscription and lands on the home page',
        querystring: z.object({ token: z.string().max(200).default('') }),
      },
    },
    async (request, reply) => {
      const confirmed = request.query.token ? await confirmSubscription(db, hashOf(request.query.token), new Date()) : null;
      const home = localizePath('/', confirmed?.language ?? 'en');
      return reply.redirect(`${home}?newsletterConfirmed=${confirmed ? 1 : 0}`, 303);
    },
  );

  app.get(
    '/api/admin/newsletter-subscriptions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Newsletter subscriptions, newest first, confirmed or not (admins only)',
        querystring: adminListQuery,
        response: { 200: z.object({ items: z.array(subscriptionView) }), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      return { items: await listSubscriptions(db, request.query.limit, request.query.offset) };
    },
  );
};
