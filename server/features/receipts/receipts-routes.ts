import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { findReceipt } from './receipts-repository.ts';
import { route } from '../../http/route.ts';

/** Receipts of confirmed stays (docs/decisions/025-receipts-and-payouts.md). */
export const receiptsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  route(app, 'GET /api/bookings/:id/receipt', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return findReceipt(db, requireUser(request), request.params.id, request.query.lang);
  });
};
