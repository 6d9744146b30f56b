import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsBatchSchema } from '../../../core/analytics.ts';
import type { Database } from '../../db/database.ts';
import { adminErrorResponses } from '../../http/admin-list.ts';
import { requireRole } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertEvents, pageViewsSince } from './analytics-repository.ts';

// Batches arrive every few seconds at most from a real browser.
const batchesPerIp = { limit: 120, windowMs: 60 * 1000 };

export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter }> = async (app, { db, rateLimiter }) => {
  app.post(
    '/api/analytics/events',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['analytics'],
        summary: 'Record first-party analytics events (page views and custom events), up to 50 per batch',
        body: analyticsBatchSchema,
        response: { 202: z.object({ accepted: z.number() }) },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(rateLimiter, reply, `analytics:ip:${request.ip}`, batchesPerIp);
      const { events, visitorId } = request.body;
      await insertEvents(db, events, { visitorId: visitorId ?? null, userId: request.user?.id ?? null });
      return reply.status(202).send({ accepted: events.length });
    },
  );

  app.get(
    '/api/admin/analytics/page-views',
    {
      schema: {
        tags: ['admin'],
        summary: 'Page views and distinct visitors per page over the last days (admins only)',
        querystring: z.object({
          days: z.coerce.number().int().min(1).max(365).default(30),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: {
          200: z.object({
            since: z.date(),
            items: z.array(z.object({ path: z.string().nullable(), views: z.number(), visitors: z.number() })),
          }),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      const since = new Date(Date.now() - request.query.days * 24 * 60 * 60 * 1000);
      const rows = await pageViewsSince(db, since, request.query.limit);
      return { since, items: rows.map((row) => ({ path: row.path, views: Number(row.views), visitors: Number(row.visitors) })) };
    },
  );
};
