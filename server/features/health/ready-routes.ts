import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readyResponseSchema, type ReadyCheckResult, type ReadyResponse } from '../../../core/contracts/health.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Storage } from '../../storage/storage.ts';
import { pingRedis } from './redis-ping.ts';

/** A check that has not answered by then counts as failed: a probe must never hang. */
const checkTimeoutMs = 2000;

async function runCheck(check: (signal: AbortSignal) => Promise<unknown>): Promise<ReadyCheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, checkTimeoutMs);
  });
  try {
    return await Promise.race([check(controller.signal).then(() => 'ok' as const), timeout]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready, for a load balancer: 200 only while the database and, when configured, Redis and
 * S3 answer, each within 2 s. From the start of shutdown it answers 503 so traffic moves elsewhere.
 * GET /api/health stays the cheap liveness probe.
 */
export const readyRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; storage: Storage; redisUrl?: string }> = async (
  app,
  { database, storage, redisUrl },
) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this instance should receive traffic: database, Redis and storage answer, and it is not shutting down',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (closing) return reply.status(503).send({ status: 'shutting_down', checks: {} });
      const pending: [keyof ReadyResponse['checks'], Promise<ReadyCheckResult>][] = [
        ['database', runCheck(() => database.db.execute(sql`select 1`))],
      ];
      if (redisUrl) pending.push(['redis', runCheck((signal) => pingRedis(redisUrl, signal))]);
      const storageCheck = storage.check?.bind(storage);
      if (storageCheck) pending.push(['storage', runCheck(storageCheck)]);
      const checks = Object.fromEntries(await Promise.all(pending.map(async ([name, result]) => [name, await result] as const)));
      const failing = Object.entries(checks).filter(([, result]) => result !== 'ok');
      if (failing.length) request.log.warn({ checks }, 'not ready');
      if (closing) return reply.status(503).send({ status: 'shutting_down', checks });
      return reply.status(failing.length ? 503 : 200).send({ status: failing.length ? 'unavailable' : 'ready', checks });
    },
  );
};
