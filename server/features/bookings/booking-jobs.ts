import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { runBookingJobs } from './bookings-repository.ts';

/**
 * Expires unanswered requests and completes past stays every `everyMs` while the server runs.
 * Every instance may run it: each run is a pair of idempotent UPDATEs.
 */
export function scheduleBookingJobs(app: FastifyInstance, db: Database, everyMs = 60_000) {
  const run = () =>
    runBookingJobs(db).then(
      (result) => {
        if (result.expired || result.completed) app.log.info(result, 'booking states moved on');
      },
      (error: unknown) => app.log.error({ err: error }, 'booking jobs failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
