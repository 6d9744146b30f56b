import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serialIdParamsSchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import {
  guestReviewSchema,
  replyBodySchema,
  reviewGuestBodySchema,
  reviewReplySchema,
  reviewStayBodySchema,
  stayReviewSchema,
} from '../../../core/contracts/reviews.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { mailPublishedReviews } from './review-mail.ts';
import { replyToReview } from './use-cases/reply-to-review.ts';
import { reviewDeps, reviewGuest, reviewStay } from './use-cases/review-stay.ts';

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
  app.post(
    '/api/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The guest reviews a completed stay (once, within 14 days of check-out); published with the host's review, or when the window ends",
        params: uuidParamsSchema,
        body: reviewStayBodySchema,
        response: { 201: stayReviewSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await reviewStay(deps, user.id, request.params.id, request.body);
      if (result.published) await mailBothReviews(request.log, request.params.id);
      return reply.status(201).send(result.review);
    },
  );

  app.post(
    '/api/bookings/:id/guest-review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "The host reviews the guest of a completed stay (once, within 14 days of check-out); published with the guest's review, or when the window ends",
        params: uuidParamsSchema,
        body: reviewGuestBodySchema,
        response: { 201: guestReviewSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await reviewGuest(deps, user.id, request.params.id, request.body);
      if (result.published) await mailBothReviews(request.log, request.params.id);
      return reply.status(201).send(result.review);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: "The listing's host replies once, publicly, to a published review",
        params: serialIdParamsSchema,
        body: replyBodySchema,
        response: { 201: reviewReplySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await replyToReview(deps, user.id, request.params.id, request.body.body));
    },
  );
};
