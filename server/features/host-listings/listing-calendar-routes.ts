import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { today } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { ownListing } from './host-listing-edits.ts';
import { addBlock, listingCalendar, removeBlock } from './listing-calendar-repository.ts';
import { route } from '../../http/route.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's calendar and the dates its host blocks; registered by hostListingsRoutes, whose signed-in hook they share. */
export function registerListingCalendarRoutes(app: HostListingsApp, { db }: { db: Database }) {
  route(app, 'GET /api/host/listings/:id/calendar', async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    reply.header('Cache-Control', 'no-store');
    return listingCalendar(db, row.id, today());
  });

  route(app, 'POST /api/host/listings/:id/blocks', async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await addBlock(db, row.id, request.body.startDate, request.body.endDate, today());
    return reply.status(201).send(await listingCalendar(db, row.id, today()));
  });

  route(app, 'DELETE /api/host/listings/:id/blocks/:blockId', async (request) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await removeBlock(db, row.id, request.params.blockId);
    return listingCalendar(db, row.id, today());
  });
}
