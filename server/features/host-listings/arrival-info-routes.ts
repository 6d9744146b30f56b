import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { readArrivalInfo, writeArrivalInfo } from './arrival-info-repository.ts';
import { ownListing } from './host-listing-edits.ts';
import { route } from '../../http/route.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A listing's arrival information (check-in instructions, house manual, Wi-Fi), for its host only;
 * registered by hostListingsRoutes, whose signed-in hook they share. Saved at once at any status:
 * it is private to confirmed guests, so an edit is not reviewed (docs/decisions/046-arrival-information.md).
 */
export function registerArrivalInfoRoutes(app: HostListingsApp, { db }: { db: Database }) {
  route(app, 'GET /api/host/listings/:id/arrival', async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    reply.header('Cache-Control', 'no-store');
    return readArrivalInfo(db, row.id);
  });

  route(app, 'PUT /api/host/listings/:id/arrival', async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    reply.header('Cache-Control', 'no-store');
    return writeArrivalInfo(db, row.id, request.body);
  });
}
