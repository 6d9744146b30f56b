import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '../../../core/csv.ts';
import type { Database } from '../../db/database.ts';
import { markAccess } from '../../http/openapi.ts';
import { requireUser } from '../../http/request-user.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { changeListingStatus, createListing, editListing, ownListing } from './host-listing-edits.ts';
import { hostListingView } from './host-listing-view.ts';
import { hostEarnings } from './host-earnings-repository.ts';
import { hostListingSummaries } from './host-listings-repository.ts';
import { registerArrivalInfoRoutes } from './arrival-info-routes.ts';
import { registerListingCalendarRoutes } from './listing-calendar-routes.ts';
import { registerListingPhotoRoutes } from './listing-photos-routes.ts';
import { registerPlaceDocumentRoutes } from './place-document-routes.ts';
import { registerPriceRuleRoutes } from './price-rules-routes.ts';
import { route } from '../../http/route.ts';

export const hostListingsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  // Every host route needs a signed-in user; checked before the body is even validated.
  markAccess(app, 'user', () => true);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Photos arrive as the raw file body; whatever type the browser claims, the content decides.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  route(app, 'GET /api/host/listings', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { listings: await hostListingSummaries(db, requireUser(request).id, request.query.lang) };
  });

  route(app, 'GET /api/host/earnings', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return hostEarnings(db, requireUser(request).id);
  });

  route(app, 'GET /api/host/earnings.csv', async (request, reply) => {
    const { months } = await hostEarnings(db, requireUser(request).id);
    const header = ['month', 'stays', 'earned', 'refunded', 'service_fees', 'paid_out', 'pending'];
    const lines = months.map((m) => [m.month, m.stays, m.earned, m.refunded, m.serviceFees, m.paidOut, m.pending]);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="earnings.csv"');
    reply.header('Cache-Control', 'no-store');
    return reply.send(toCsv(header, lines));
  });

  route(app, 'POST /api/host/listings', async (request, reply) => {
    const { listing, maskedKinds } = await createListing(db, requireUser(request).id, request.body);
    return reply.status(201).send(await hostListingView(db, listing, maskedKinds));
  });

  route(app, 'GET /api/host/listings/:id', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return hostListingView(db, await ownListing(db, requireUser(request).id, request.params.id));
  });

  route(app, 'PATCH /api/host/listings/:id', async (request) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    const { listing, maskedKinds } = await editListing(db, row, request.body);
    return hostListingView(db, listing, maskedKinds);
  });

  route(app, 'POST /api/host/listings/:id/:action', async (request) => {
    const user = requireUser(request);
    const row = await ownListing(db, user.id, request.params.id);
    return hostListingView(db, await changeListingStatus(db, user.id, row, request.params.action));
  });

  registerListingPhotoRoutes(app, { db, storage });
  registerPlaceDocumentRoutes(app, { db, storage });
  registerListingCalendarRoutes(app, { db });
  registerPriceRuleRoutes(app, { db });
  registerArrivalInfoRoutes(app, { db });
};
