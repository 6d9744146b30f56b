import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, languageQuerySchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import { receiptSchema } from '../../../core/contracts/receipts.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { findReceipt } from './receipts-repository.ts';

/** Receipts of confirmed stays (docs/decisions/025-receipts-and-payouts.md). */
export const receiptsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/bookings/:id/receipt',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "A confirmed stay's receipt: its number, the stored price lines, the payment and any refund. For the guest, the listing's host and admins; 404 for anyone else and for stays never confirmed.",
        params: uuidParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: receiptSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return findReceipt(db, requireUser(request), request.params.id, request.query.lang);
    },
  );
};
