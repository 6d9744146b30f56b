import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadyCheckResult, ReadyResponse } from '../../../core/contracts/health.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Storage } from '../../storage/storage.ts';
import { route } from '../../http/route.ts';

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
 * GET /api/ready, for a load balancer: 200 only while the database and, when configured, S3 answer,
 * each within 2 s. From the start of shutdown it answers 503 so traffic moves elsewhere. Redis is
 * reported but never makes an instance unready: every instance shares it, so failing on it would
 * drain them all at once, and the app works without it (server/redis/redis-connection.ts). Its state
 * is the app's connection's, read without a round trip. GET /api/health stays the cheap liveness probe.
 */
export const readyRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; storage: Storage; redisUp?: () => boolean }> = async (
  app,
  { database, storage, redisUp },
) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  route(app, 'GET /api/ready', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (closing) return reply.status(503).send({ status: 'shutting_down', checks: {} });
    const pending: ['database' | 'storage', Promise<ReadyCheckResult>][] = [
      ['database', runCheck(() => database.db.execute(sql`select 1`))],
    ];
    const storageCheck = storage.check?.bind(storage);
    if (storageCheck) pending.push(['storage', runCheck(storageCheck)]);
    const required = Object.fromEntries(await Promise.all(pending.map(async ([name, result]) => [name, await result] as const)));
    const failing = Object.entries(required).filter(([, result]) => result !== 'ok');
    const checks: ReadyResponse['checks'] = redisUp ? { ...required, redis: redisUp() ? 'ok' : 'degraded' } : required;
    if (failing.length) request.log.warn({ checks }, 'not ready');
    if (closing) return reply.status(503).send({ status: 'shutting_down', checks });
    return reply.status(failing.length ? 503 : 200).send({ status: failing.length ? 'unavailable' : 'ready', checks });
  });
};
