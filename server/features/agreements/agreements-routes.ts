import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptAgreementBodySchema, stayAgreementSchema } from '../../../core/contracts/agreements.ts';
import { errorResponseSchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { acceptAgreement } from './use-cases/accept-agreement.ts';
import { viewAgreement } from './use-cases/view-agreement.ts';

/**
 * The long stay's sublet / rental agreement (issue 37, item 7; docs/decisions/055-stay-agreement.md):
 * read it, and accept it as its guest or host. Private to the two parties and admins: anyone else
 * gets 404, as if there were no booking.
 */
export const agreementsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/bookings/:id/agreement',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "A stay of 28 nights or more: its sublet or rental agreement's current version in English and Hebrew (the exact texts and their SHA-256) and whether each side has accepted it. For its guest, its host and admins; 404 for anyone else and for shorter stays",
        params: uuidParamsSchema,
        response: { 200: stayAgreementSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Private to the people above: never kept by a shared cache or the browser's.
      reply.header('Cache-Control', 'no-store');
      return viewAgreement(db, user, request.params.id);
    },
  );

  app.post(
    '/api/bookings/:id/agreement/accept',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "The stay's guest or host accepts its agreement, sending the SHA-256 of the text they read (either language); the time, IP address and hash are recorded once. 409 when the agreement changed since (read the new version) or the stay is no longer pending or confirmed; 403 for an admin",
        params: uuidParamsSchema,
        body: acceptAgreementBodySchema,
        response: {
          200: stayAgreementSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return acceptAgreement(db, user, { bookingId: request.params.id, sha256: request.body.sha256, ip: request.ip, now: new Date() });
    },
  );
};
