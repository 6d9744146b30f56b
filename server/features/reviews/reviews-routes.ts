import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewRules } from '../../../core/booking-rules.ts';
import { languages } from '../../../core/languages.ts';
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
        params: z.object({ id: z.uuid() }),
        body: z.object({
          rating: z.number().int().min(reviewRules.minRating).max(reviewRules.maxRating),
          body: z.string().trim().min(reviewRules.minLength).max(reviewRules.maxLength),
          language: z.enum(languages).default('en'),
        }),
        response: { 201: z.object({ rating: z.number().int(), body: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await reviewStay(db, user.id, request.params.id, request.body));
    },
  );
};
