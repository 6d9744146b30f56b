import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../core/contracts/common.ts';
import { reviewStayBodySchema, stayReviewSchema } from '../../../core/contracts/reviews.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { reviewStay } from './reviews-repository.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary: "The guest reviews a completed stay (once); the listing's rating follows",
        params: uuidParamsSchema,
        body: reviewStayBodySchema,
        response: { 201: stayReviewSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await reviewStay(db, user.id, request.params.id, request.body));
    },
  );
};
