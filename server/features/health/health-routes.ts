import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { route } from '../../http/route.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  route(app, 'GET /api/health', async (request, reply) => {
    const started = performance.now();
    let ok = true;
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      ok = false;
      request.log.error({ err: error }, 'health check: database unreachable');
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    reply.header('Cache-Control', 'no-store');
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'error',
      database: { status: ok ? 'ok' : 'error', driver: database.driver, latencyMs },
    });
  });
};
