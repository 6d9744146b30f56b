import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { mailPublishedReviews } from './review-mail.ts';
import { replyToReview } from './use-cases/reply-to-review.ts';
import { reviewDeps, reviewGuest, reviewStay } from './use-cases/review-stay.ts';
import { route } from '../../http/route.ts';

/** Both sides of a completed stay review each other; the host may answer the guest's review once, in public. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Database; siteUrl: string }> = async (app, { db, siteUrl }) => {
  // Each route calls one use case (use-cases/); a refusal becomes its status in http/domain-error-status.ts.
  const deps = reviewDeps(db);
  // The second review of a stay publishes both: each side is told of the other's.
  const mailBothReviews = (log: FastifyBaseLogger, bookingId: string) =>
    mailPublishedReviews(db, log, siteUrl, [
      { bookingId, author: 'guest' },
      { bookingId, author: 'host' },
    ]);
  route(app, 'POST /api/bookings/:id/review', async (request, reply) => {
    const user = requireUser(request);
    const result = await reviewStay(deps, user.id, request.params.id, request.body);
    if (result.published) await mailBothReviews(request.log, request.params.id);
    return reply.status(201).send(result.review);
  });

  route(app, 'POST /api/bookings/:id/guest-review', async (request, reply) => {
    const user = requireUser(request);
    const result = await reviewGuest(deps, user.id, request.params.id, request.body);
    if (result.published) await mailBothReviews(request.log, request.params.id);
    return reply.status(201).send(result.review);
  });

  route(app, 'POST /api/reviews/:id/reply', async (request, reply) => {
    const user = requireUser(request);
    return reply.status(201).send(await replyToReview(deps, user.id, request.params.id, request.body.body));
  });
};
