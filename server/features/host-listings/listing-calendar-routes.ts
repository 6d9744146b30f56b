import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import { blockDatesBodySchema, listingBlockParamsSchema, listingCalendarSchema } from '../../../core/contracts/host-listings.ts';
import { today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { ownListing } from './host-listing-edits.ts';
import { addBlock, listingCalendar, removeBlock } from './listing-calendar-repository.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's calendar and the dates its host blocks; registered by hostListingsRoutes, whose signed-in hook they share. */
export function registerListingCalendarRoutes(app: HostListingsApp, { db }: { db: Database }) {
  app.get(
    '/api/host/listings/:id/calendar',
    {
      schema: {
        tags: ['host listings'],
        summary: "A listing's calendar from today: stays holding dates (pending and confirmed) and the dates its host blocked",
        params: serialIdParamsSchema,
        response: { 200: listingCalendarSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return listingCalendar(db, row.id, today());
    },
  );

  app.post(
    '/api/host/listings/:id/blocks',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Block [startDate, endDate) on the calendar: no booking can take those nights; refused where a stay already holds them',
        params: serialIdParamsSchema,
        body: blockDatesBodySchema,
        response: {
          201: listingCalendarSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await addBlock(db, row.id, request.body.startDate, request.body.endDate, today());
      return reply.status(201).send(await listingCalendar(db, row.id, today()));
    },
  );

  app.delete(
    '/api/host/listings/:id/blocks/:blockId',
    {
      schema: {
        tags: ['host listings'],
        summary: "Open blocked dates again (the host's own blocks; imported ones go with their calendar)",
        params: listingBlockParamsSchema,
        response: { 200: listingCalendarSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await removeBlock(db, row.id, request.params.blockId);
      return listingCalendar(db, row.id, today());
    },
  );
}
