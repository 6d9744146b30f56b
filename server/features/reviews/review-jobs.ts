import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { mailPublishedReviews } from './review-mail.ts';
import { announceDueReviews } from './reviews-repository.ts';

/**
 * Every `everyMs`, catches up with reviews published by the end of their window: the listing's
 * rating, the host's figures and the mail to the other side. Publication itself never waits for
 * this (readers compare visible_at with the clock); every instance may run it, since each review is
 * announced by one run only (announceDueReviews).
 */
export function scheduleReviewJobs(app: FastifyInstance, db: Database, siteUrl: string, everyMs = 60_000) {
  const run = () =>
    announceDueReviews(db).then(
      async (notices) => {
        if (notices.length === 0) return;
        app.log.info({ published: notices.length }, 'reviews published at the end of their window');
        await mailPublishedReviews(db, app.log, siteUrl, notices);
      },
      (error: unknown) => app.log.error({ err: error }, 'review jobs failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
