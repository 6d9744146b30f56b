import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { ownListing } from './host-listing-edits.ts';
import { hostListingView } from './host-listing-view.ts';
import { storePlaceDocument } from './place-document.ts';
import { route } from '../../http/route.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's proof of the right to let it; registered by hostListingsRoutes, whose hooks (signed-in user, raw file bodies) it shares. */
export function registerPlaceDocumentRoutes(app: HostListingsApp, { db, storage }: { db: Database; storage: Storage }) {
  route(app, 'POST /api/host/listings/:id/place-document', { bodyLimit: maxUploadBytes }, async (request) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await storePlaceDocument(db, storage, request.log, row, request.query.kind, request.body);
    return hostListingView(db, await ownListing(db, row.hostId, row.id));
  });
}
