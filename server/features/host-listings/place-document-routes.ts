import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import { hostListingSchema, placeDocumentQuerySchema } from '../../../core/contracts/host-listings.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { ownListing } from './host-listing-edits.ts';
import { hostListingView } from './host-listing-view.ts';
import { storePlaceDocument } from './place-document.ts';

type HostListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** A listing's proof of the right to let it; registered by hostListingsRoutes, whose hooks (signed-in user, raw file bodies) it shares. */
export function registerPlaceDocumentRoutes(app: HostListingsApp, { db, storage }: { db: Database; storage: Storage }) {
  app.post(
    '/api/host/listings/:id/place-document',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['host listings'],
        summary:
          'Send the proof of the right to let the listing (a deed or a lease for a home, a business licence for a hotel; JPEG, PNG or PDF, at most 10 MB, as the request body) for an admin to verify',
        params: serialIdParamsSchema,
        querystring: placeDocumentQuerySchema,
        response: {
          200: hostListingSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      await storePlaceDocument(db, storage, request.log, row, request.query.kind, request.body);
      return hostListingView(db, await ownListing(db, row.hostId, row.id));
    },
  );
}
