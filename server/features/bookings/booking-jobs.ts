import { chargeDuePeriods, remindDirectPeriods } from './use-cases/long-stay-payments.ts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { mailBookingChange } from './booking-mail.ts';
import { bookingRepositories, type BookingDeps } from './use-cases/booking-deps.ts';
import { completeStays } from './use-cases/complete-stays.ts';
import { expireRequests, mailExpired } from './use-cases/expire-requests.ts';
import { settleCardPayments } from './use-cases/settle-card-payments.ts';
import { runStayChangeJobs } from './use-cases/answer-stay-change.ts';
import { sendUnsentMoveInRefunds } from './use-cases/send-move-in-refund.ts';
import { recoverStuckPeriods } from './use-cases/recover-stuck-periods.ts';
import { runUnpaidChangeJobs } from './use-cases/unpaid-stay-changes.ts';
import { noticeGraceOver } from './use-cases/notice-grace-over.ts';

/**
 * Expires unanswered requests and completes past stays every `everyMs` while the server runs, then
 * finishes card payments left half done: holds of stays that ended (declined, expired, withdrawn
 * while paying) are released, captures and refunds a crash interrupted are done. Each is a use case
 * (use-cases/expire-requests.ts, complete-stays.ts, settle-card-payments.ts), the same ones the
 * routes and the webhook use. Every instance may run it: each run is a set of conditional UPDATEs,
 * and a row moved by one run is returned by that run alone (a second UPDATE waits on the row lock,
 * then finds it no longer pending), so each guest gets one "expired" mail (booking-jobs.test.ts).
 */
export function scheduleBookingJobs(
  app: FastifyInstance,
  db: Database,
  siteUrl: string,
  everyMs = 60_000,
  countOutcome: (outcome: string, count: number) => void = () => undefined,
  deps?: BookingDeps,
) {
  // Without the app's deps (a test of the timer alone) there is no card provider: nothing to settle.
  const use: Pick<BookingDeps, 'db' | 'repos' | 'mail' | 'clock'> = deps ?? {
    db,
    repos: bookingRepositories,
    mail: (bookingId, mails) => mailBookingChange(db, app.log, siteUrl, bookingId, mails),
    clock: () => new Date(),
  };
  /** The run in progress, if any; set while closing, so no step starts after the database is about to close. */
  let running: Promise<void> | null = null;
  let closing = false;
  const run = async () => {
    try {
      const now = use.clock();
      const expired = await expireRequests(use, now);
      const completed = await completeStays(use, now);
      if (expired.length) countOutcome('expired', expired.length);
      if (completed) countOutcome('completed', completed);
      if (expired.length || completed) app.log.info({ expired: expired.length, completed }, 'booking states moved on');
      await mailExpired(use, expired);
    } catch (error) {
      app.log.error({ err: error }, 'booking jobs failed');
    }
    if (closing) return;
    // Proposals to change a stay that nobody answered expire; refunds of accepted shortenings are retried (decision 058).
    if (deps) await runStayChangeJobs(deps).catch((error: unknown) => app.log.error({ err: error }, 'stay change jobs failed'));
    // Differences of accepted changes still unpaid: the guest reminded once, the change lapsed at its deadline (decision 062).
    if (deps && !closing)
      await runUnpaidChangeJobs(deps).catch((error: unknown) => app.log.error({ err: error }, 'unpaid stay change jobs failed'));
    if (deps) await settleCardPayments(deps).catch((error: unknown) => app.log.error({ err: error }, 'card payments could not be settled'));
    // Long stays (decision 054): the card periods due are charged, direct-paying guests reminded; each claimed by one instance.
    if (deps && !closing) {
      await chargeDuePeriods(deps).catch((error: unknown) => app.log.error({ err: error }, 'long-stay periods could not be charged'));
      await remindDirectPeriods(deps).catch((error: unknown) => app.log.error({ err: error }, 'long-stay reminders failed'));
      // A period a crash left processing is settled from what Stripe holds for it (decision 062).
      await recoverStuckPeriods(deps).catch((error: unknown) =>
        app.log.error({ err: error }, 'stuck long-stay periods could not be recovered'),
      );
      // Hosts are told in the app, once, that a period is unpaid past its grace days (decision 063).
      await noticeGraceOver(deps).catch((error: unknown) => app.log.error({ err: error }, 'grace notices could not be written'));
    }
    // Move-in refunds decided while the provider could not be reached (decision 056).
    if (deps && !closing)
      await sendUnsentMoveInRefunds(deps).catch((error: unknown) => app.log.error({ err: error }, 'move-in refunds could not be sent'));
  };
  // One run at a time; a tick while one is still going is skipped (a slow provider must not pile runs up).
  const tick = () => {
    if (!closing && !running) running = run().finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  // Closing waits for the run in progress: a period claimed for charging is recorded before the
  // database closes, instead of being left 'processing' by a normal shutdown.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
