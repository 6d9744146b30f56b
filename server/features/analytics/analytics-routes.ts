import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireRole } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { insertEvents, pageViews } from './analytics-repository.ts';
import { route } from '../../http/route.ts';

// Batches arrive every few seconds at most from a real browser.
const batchesPerIp = { limit: 120, windowMs: 60 * 1000 };

export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database; rateLimiter: RateLimiter }> = async (app, { db, rateLimiter }) => {
  route(app, 'POST /api/analytics/events', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    await enforceRateLimit(rateLimiter, reply, `analytics:ip:${request.ip}`, batchesPerIp);
    const { events, visitorId } = request.body;
    await insertEvents(db, events, { visitorId: visitorId ?? null, userId: request.user?.id ?? null });
    return reply.status(202).send({ accepted: events.length });
  });

  route(app, 'GET /api/admin/analytics/page-views', async (request, reply) => {
    requireRole(request, 'admin');
    reply.header('Cache-Control', 'no-store');
    return pageViews(db, request.query.days, request.query.limit);
  });
};
