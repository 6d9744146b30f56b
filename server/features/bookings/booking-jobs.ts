import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { mailBookingChange } from './booking-mail.ts';
import type { BookingPayments } from './booking-payments.ts';
import { runBookingJobs } from './bookings-repository.ts';

/**
 * Expires unanswered requests and completes past stays every `everyMs` while the server runs, then
 * finishes card payments left half done: holds of stays that ended (declined, expired, withdrawn
 * while paying) are released, captures and refunds a crash interrupted are done (booking-payments.ts).
 * Every instance may run it: each run is a pair of idempotent UPDATEs, and a row moved by one run
 * is returned by that run alone (a second UPDATE waits on the row lock, then finds it no longer
 * pending), so each guest gets one "expired" mail (booking-jobs.test.ts).
 */
export function scheduleBookingJobs(
  app: FastifyInstance,
  db: Database,
  siteUrl: string,
  everyMs = 60_000,
  countOutcome: (outcome: string, count: number) => void = () => undefined,
  payments?: BookingPayments,
) {
  const run = () =>
    runBookingJobs(db)
      .then(
        async (result) => {
          if (result.expired.length) countOutcome('expired', result.expired.length);
          if (result.completed) countOutcome('completed', result.completed);
          if (result.expired.length || result.completed)
            app.log.info({ expired: result.expired.length, completed: result.completed }, 'booking states moved on');
          for (const id of result.expired) await mailBookingChange(db, app.log, siteUrl, id, [{ to: 'guest', event: 'expired' }]);
        },
        (error: unknown) => app.log.error({ err: error }, 'booking jobs failed'),
      )
      .then(() => payments?.settle())
      .catch((error: unknown) => app.log.error({ err: error }, 'card payments could not be settled'));
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
