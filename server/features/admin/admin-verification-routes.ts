import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveListingChangesBodySchema,
  listingIdParamsSchema,
  okSchema,
  rejectBodySchema,
  userIdParamsSchema,
  verificationsResponseSchema,
} from '../../../core/contracts/admin.ts';
import { errorBody } from '../../http/errors.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { documentContentType } from '../../storage/document-check.ts';
import {
  approveListingChanges,
  decideIdDocument,
  decideListing,
  decidePlace,
  placeDocumentKeyOf,
  rejectListingChanges,
} from './admin-decisions-repository.ts';
import { adminNotices, type AdminRoutesOptions } from './admin-notices.ts';
import { verificationQueue } from './admin-review-queue-repository.ts';

const tags = ['admin'];

/** A decision on a waiting item: the item's id in the path, a reason in the body when it is turned down. */
const approval = (summary: string) => ({ tags, summary, params: listingIdParamsSchema, response: { 200: okSchema } });
const rejection = (summary: string) => ({ ...approval(summary), body: rejectBodySchema });

/** The review queue: ID documents, submitted listings and edits of published listings, and the decisions on them. */
export const adminVerificationRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, storage } = options;
  const { audit, mailUser } = adminNotices(options);

  /** Files of listing photos nothing points to any more; seeded photos are shared and stay. */
  async function removePhotoFiles(request: FastifyRequest, keys: string[]) {
    for (const key of keys.filter((candidate) => candidate.startsWith('public/listing-photos/'))) {
      const card = key.replace(/\.webp$/, '-card.webp');
      for (const file of key.endsWith('.webp') ? [key, card] : [key]) {
        await storage.remove(file).catch((error: unknown) => request.log.warn({ err: error }, 'listing photo not removed'));
      }
    }
  }

  app.get(
    '/api/admin/verifications',
    {
      schema: {
        tags,
        summary: 'ID documents, listings and edits of published listings waiting for a decision, oldest first',
        response: { 200: verificationsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return verificationQueue(db);
    },
  );

  app.post(
    '/api/admin/verifications/:userId/approve',
    { schema: { ...approval('Approve a pending ID document: the user is verified'), params: userIdParamsSchema } },
    async (request) => {
      const { userId } = request.params;
      await decideIdDocument(db, userId, 'verified', null);
      audit(request, 'ADMIN_ACTION', `ID verification approved for user ${userId}`, { code: 'idApproved', params: { userId } });
      mailUser(request, userId, 'verificationApproved', {}, '/profile');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/verifications/:userId/reject',
    {
      schema: {
        ...rejection('Reject a pending ID document with a reason; the user is e-mailed and may upload again'),
        params: userIdParamsSchema,
      },
    },
    async (request) => {
      const { userId } = request.params;
      const { reason } = request.body;
      await decideIdDocument(db, userId, 'rejected', reason);
      audit(request, 'ADMIN_ACTION', `ID verification rejected for user ${userId}: ${reason}`, {
        code: 'idRejected',
        params: { userId, reason },
      });
      mailUser(request, userId, 'verificationRejected', { reason }, '/profile');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/listings/:id/place-document',
    {
      schema: {
        tags,
        summary: "A listing's proof of the right to let it (deed, lease or business licence): for admins only",
        params: listingIdParamsSchema,
      },
    },
    async (request, reply) => {
      const key = await placeDocumentKeyOf(db, request.params.id);
      const file = key ? await storage.get(key) : null;
      if (!key || !file) return reply.status(404).send(errorBody('not_found', 'No document'));
      return sendPrivateFile(reply, file.body, documentContentType(key));
    },
  );

  app.post(
    '/api/admin/places/:id/approve',
    { schema: approval("Verify a listing's place from its document: the listing shows the Verified place badge") },
    async (request) => {
      const listing = await decidePlace(db, request.params.id, 'verified', null);
      audit(request, 'ADMIN_ACTION', `Place of listing ${request.params.id} verified`, {
        code: 'placeVerified',
        params: { id: String(request.params.id) },
      });
      mailUser(request, listing.hostId, 'placeVerified', { title: listing.titleEn }, '/host/listings');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/places/:id/reject',
    { schema: rejection("Turn a listing's place document down with a reason the host sees and is mailed; they may send another") },
    async (request) => {
      const { reason } = request.body;
      const listing = await decidePlace(db, request.params.id, 'rejected', reason);
      audit(request, 'ADMIN_ACTION', `Place of listing ${request.params.id} rejected: ${reason}`, {
        code: 'placeRejected',
        params: { id: String(request.params.id), reason },
      });
      mailUser(request, listing.hostId, 'placeRejected', { title: listing.titleEn, reason }, '/host/listings');
      return { ok: true as const };
    },
  );

  app.post('/api/admin/listings/:id/approve', { schema: approval('Approve a submitted listing: it is published') }, async (request) => {
    const listing = await decideListing(db, request.params.id, 'approved', null);
    audit(request, 'ADMIN_ACTION', `Listing ${request.params.id} approved`, {
      code: 'listingApproved',
      params: { id: String(request.params.id) },
    });
    mailUser(request, listing.hostId, 'listingApproved', { title: listing.titleEn }, '/hosting');
    return { ok: true as const };
  });

  app.post(
    '/api/admin/listings/:id/reject',
    { schema: rejection('Reject a submitted listing with a reason the host sees') },
    async (request) => {
      const { reason } = request.body;
      const listing = await decideListing(db, request.params.id, 'rejected', reason);
      audit(request, 'ADMIN_ACTION', `Listing ${request.params.id} rejected: ${reason}`, {
        code: 'listingRejected',
        params: { id: String(request.params.id), reason },
      });
      mailUser(request, listing.hostId, 'listingRejected', { title: listing.titleEn, reason }, '/hosting');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/listing-changes/:id/approve',
    {
      schema: {
        ...approval(
          "Approve the host's edits of a published listing (the version the admin saw): guests see the edited version from now on. 409 changes_outdated when the host edited it since.",
        ),
        body: approveListingChangesBodySchema,
      },
    },
    async (request) => {
      const approved = await approveListingChanges(db, request.params.id, request.body.version);
      await removePhotoFiles(request, approved.removedKeys);
      audit(request, 'ADMIN_ACTION', `Changes to listing ${request.params.id} approved`, {
        code: 'changesApproved',
        params: { id: String(request.params.id) },
      });
      mailUser(request, approved.hostId, 'listingChangesApproved', { title: approved.titleEn }, '/host/listings');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/listing-changes/:id/reject',
    { schema: rejection("Turn the host's edits of a published listing down with a reason the host is mailed; the approved version stays") },
    async (request) => {
      const { reason } = request.body;
      const rejected = await rejectListingChanges(db, request.params.id, reason);
      await removePhotoFiles(request, rejected.discardedKeys);
      audit(request, 'ADMIN_ACTION', `Changes to listing ${request.params.id} rejected: ${reason}`, {
        code: 'changesRejected',
        params: { id: String(request.params.id), reason },
      });
      mailUser(request, rejected.hostId, 'listingChangesRejected', { title: rejected.titleEn, reason }, '/host/listings');
      return { ok: true as const };
    },
  );
};
