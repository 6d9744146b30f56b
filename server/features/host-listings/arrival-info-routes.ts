import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import { hostArrivalInfoSchema } from '../../../core/contracts/host-listings.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { readArrivalInfo, writeArrivalInfo } from './arrival-info-repository.ts';
import { ownListing } from './host-listing-edits.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A listing's arrival information (check-in instructions, house manual, Wi-Fi), for its host only;
 * registered by hostListingsRoutes, whose signed-in hook they share. Saved at once at any status:
 * it is private to confirmed guests, so an edit is not reviewed (docs/decisions/046-arrival-information.md).
 */
export function registerArrivalInfoRoutes(app: HostListingsApp, { db }: { db: Database }) {
  app.get(
    '/api/host/listings/:id/arrival',
    {
      schema: {
        tags: ['host listings'],
        summary: "One of my listings' arrival information: check-in instructions and house manual in both languages, and the Wi-Fi",
        params: serialIdParamsSchema,
        response: { 200: hostArrivalInfoSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return readArrivalInfo(db, row.id);
    },
  );

  app.put(
    '/api/host/listings/:id/arrival',
    {
      schema: {
        tags: ['host listings'],
        summary:
          "Replace one of my listings' arrival information; applies at once, without review. Shown only to guests of confirmed stays",
        params: serialIdParamsSchema,
        body: hostArrivalInfoSchema,
        response: { 200: hostArrivalInfoSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return writeArrivalInfo(db, row.id, request.body);
    },
  );
}
