import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import { hostListingSchema, listingPhotoParamsSchema, photoOrderBodySchema } from '../../../core/contracts/host-listings.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { ownListing } from './host-listing-edits.ts';
import { hostListingView } from './host-listing-view.ts';
import { addListingPhoto, removeListingPhoto, reorderListingPhotos } from './listing-photo-edits.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's photos; registered by hostListingsRoutes, whose hooks (signed-in user, raw file bodies) they share. */
export function registerListingPhotoRoutes(app: HostListingsApp, { db, storage }: { db: Database; storage: Storage }) {
  app.post(
    '/api/host/listings/:id/photos',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['host listings'],
        summary: 'Add a photo (JPEG, PNG or WebP, at most 10 MB, as the request body); stored resized for the gallery and cards',
        params: serialIdParamsSchema,
        response: {
          201: hostListingSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await addListingPhoto(db, storage, request.log, row, request.body);
      return reply.status(201).send(await hostListingView(db, await ownListing(db, row.hostId, row.id)));
    },
  );

  app.put(
    '/api/host/listings/:id/photos/order',
    {
      schema: {
        tags: ['host listings'],
        summary: "Put the listing's photos in this order; the first is the cover",
        params: serialIdParamsSchema,
        body: photoOrderBodySchema,
        response: { 200: hostListingSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await reorderListingPhotos(db, row, request.body.photoIds);
      return hostListingView(db, await ownListing(db, row.hostId, row.id));
    },
  );

  app.delete(
    '/api/host/listings/:id/photos/:photoId',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Remove a photo; a listing past draft keeps at least one',
        params: listingPhotoParamsSchema,
        response: { 200: hostListingSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await removeListingPhoto(db, storage, request.log, row, request.params.photoId);
      return hostListingView(db, await ownListing(db, row.hostId, row.id));
    },
  );
}
