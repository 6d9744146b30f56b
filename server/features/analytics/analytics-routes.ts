import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsBatchSchema } from '../../../core/analytics-schemas.ts';
import { pageViewsQuerySchema, pageViewsResponseSchema, recordEventsResponseSchema } from '../../../core/contracts/analytics.ts';
import type { Database } from '../../db/database.ts';
import { adminErrorResponses } from '../../http/admin-list.ts';
import { requireRole } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertEvents, pageViews } from './analytics-repository.ts';

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
        response: { 202: recordEventsResponseSchema },
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
        querystring: pageViewsQuerySchema,
        response: { 200: pageViewsResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      return pageViews(db, request.query.days, request.query.limit);
    },
  );
};
