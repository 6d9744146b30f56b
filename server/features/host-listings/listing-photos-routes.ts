import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { ownListing } from './host-listing-edits.ts';
import { hostListingView } from './host-listing-view.ts';
import { addListingPhoto, removeListingPhoto, reorderListingPhotos } from './listing-photo-edits.ts';
import { route } from '../../http/route.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's photos; registered by hostListingsRoutes, whose hooks (signed-in user, raw file bodies) they share. */
export function registerListingPhotoRoutes(app: HostListingsApp, { db, storage }: { db: Database; storage: Storage }) {
  route(app, 'POST /api/host/listings/:id/photos', { bodyLimit: maxUploadBytes }, async (request, reply) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await addListingPhoto(db, storage, request.log, row, request.body);
    return reply.status(201).send(await hostListingView(db, await ownListing(db, row.hostId, row.id)));
  });

  route(app, 'PUT /api/host/listings/:id/photos/order', async (request) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await reorderListingPhotos(db, row, request.body.photoIds);
    return hostListingView(db, await ownListing(db, row.hostId, row.id));
  });

  route(app, 'DELETE /api/host/listings/:id/photos/:photoId', async (request) => {
    const row = await ownListing(db, requireUser(request).id, request.params.id);
    await removeListingPhoto(db, storage, request.log, row, request.params.photoId);
    return hostListingView(db, await ownListing(db, row.hostId, row.id));
  });
}
