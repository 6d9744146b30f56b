import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '../../../core/csv.ts';
import { errorResponseSchema, languageQuerySchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import {
  createListingBodySchema,
  hostEarningsResponseSchema,
  hostListingActionParamsSchema,
  hostListingSchema,
  hostListingSummariesResponseSchema,
} from '../../../core/contracts/host-listings.ts';
import { listingDraftPatchSchema } from '../../../core/listing-draft-schema.ts';
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

export const hostListingsRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  // Every host route needs a signed-in user; checked before the body is even validated.
  markAccess(app, 'user', () => true);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Photos arrive as the raw file body; whatever type the browser claims, the content decides.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  app.get(
    '/api/host/listings',
    {
      schema: {
        tags: ['host listings'],
        summary: "The signed-in user's listings with their status, most recently changed first",
        querystring: languageQuerySchema,
        response: { 200: hostListingSummariesResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { listings: await hostListingSummaries(db, requireUser(request).id, request.query.lang) };
    },
  );

  app.get(
    '/api/host/earnings',
    {
      schema: {
        tags: ['host listings'],
        summary:
          "The signed-in host's earnings per month of the ledger (earned, refunded, service fees, paid out, pending), newest first, and what is owed now",
        response: { 200: hostEarningsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return hostEarnings(db, requireUser(request).id);
    },
  );

  app.get(
    '/api/host/earnings.csv',
    {
      schema: {
        tags: ['host listings'],
        summary: "The signed-in host's earnings per month as a CSV file (text/csv), in shekels",
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { months } = await hostEarnings(db, requireUser(request).id);
      const header = ['month', 'stays', 'earned', 'refunded', 'service_fees', 'paid_out', 'pending'];
      const lines = months.map((m) => [m.month, m.stays, m.earned, m.refunded, m.serviceFees, m.paidOut, m.pending]);
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="earnings.csv"');
      reply.header('Cache-Control', 'no-store');
      return reply.send(toCsv(header, lines));
    },
  );

  app.post(
    '/api/host/listings',
    {
      schema: {
        tags: ['host listings'],
        summary: "Start a draft listing (the wizard's first step); a guest's first listing makes them a host",
        body: createListingBodySchema,
        response: { 201: hostListingSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { listing, maskedKinds } = await createListing(db, requireUser(request).id, request.body);
      return reply.status(201).send(await hostListingView(db, listing, maskedKinds));
    },
  );

  app.get(
    '/api/host/listings/:id',
    {
      schema: {
        tags: ['host listings'],
        summary: 'One of my listings, every field as the wizard edits it (404 for anyone else)',
        params: serialIdParamsSchema,
        response: { 200: hostListingSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return hostListingView(db, await ownListing(db, requireUser(request).id, request.params.id));
    },
  );

  app.patch(
    '/api/host/listings/:id',
    {
      schema: {
        tags: ['host listings'],
        summary: 'Save the fields of one wizard step. A listing past draft must stay complete; its type is fixed once submitted.',
        params: serialIdParamsSchema,
        body: listingDraftPatchSchema,
        response: {
          200: hostListingSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await ownListing(db, requireUser(request).id, request.params.id);
      const { listing, maskedKinds } = await editListing(db, row, request.body);
      return hostListingView(db, listing, maskedKinds);
    },
  );

  app.post(
    '/api/host/listings/:id/:action',
    {
      schema: {
        tags: ['host listings'],
        summary:
          'submit (draft or rejected → submitted, or approved at once when auto-approval of verified hosts is on; ID-verified hosts only), pause (approved → paused), resume (paused → approved)',
        params: hostListingActionParamsSchema,
        response: {
          200: hostListingSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await ownListing(db, user.id, request.params.id);
      return hostListingView(db, await changeListingStatus(db, user.id, row, request.params.action));
    },
  );

  registerListingPhotoRoutes(app, { db, storage });
  registerPlaceDocumentRoutes(app, { db, storage });
  registerListingCalendarRoutes(app, { db });
  registerPriceRuleRoutes(app, { db });
  registerArrivalInfoRoutes(app, { db });
};
