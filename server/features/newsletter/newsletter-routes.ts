import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {} from '../../../core/contracts/newsletter.ts';
import { localizePath } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { adminRecordList } from '../../http/admin-list.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { confirmSubscription, listSubscriptions, subscribe } from './newsletter-repository.ts';
import { route } from '../../http/route.ts';

// Someone typing another person's address again and again must not turn us into a mail cannon.
const resendAfterMs = 10 * 60 * 1000;
const subscribePerIp = { limit: 20, windowMs: 60 * 60 * 1000 };

/** Only the token's hash is stored, so a leaked table cannot confirm anyone's address. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter; siteUrl: string }> = async (
  app,
  { db, rateLimiter, siteUrl },
) => {
  route(app, 'POST /api/newsletter', async (request, reply) => {
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
  });

  route(app, 'GET /api/newsletter/confirm', async (request, reply) => {
    const confirmed = request.query.token ? await confirmSubscription(db, hashOf(request.query.token), new Date()) : null;
    const home = localizePath('/', confirmed?.language ?? 'en');
    return reply.redirect(`${home}?newsletterConfirmed=${confirmed ? 1 : 0}`, 303);
  });

  route(
    app,
    'GET /api/admin/newsletter-subscriptions',
    adminRecordList(({ limit, offset }) => listSubscriptions(db, limit, offset)),
  );
};
