import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { route } from '../../http/route.ts';

/** A decision on a waiting item: the item's id in the path, a reason in the body when it is turned down. */

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

  route(app, 'GET /api/admin/verifications', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return verificationQueue(db);
  });

  route(app, 'POST /api/admin/verifications/:userId/approve', async (request) => {
    const { userId } = request.params;
    await decideIdDocument(db, userId, 'verified', null);
    audit(request, 'ADMIN_ACTION', `ID verification approved for user ${userId}`, { code: 'idApproved', params: { userId } });
    mailUser(request, userId, 'verificationApproved', {}, '/profile');
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/verifications/:userId/reject', async (request) => {
    const { userId } = request.params;
    const { reason } = request.body;
    await decideIdDocument(db, userId, 'rejected', reason);
    audit(request, 'ADMIN_ACTION', `ID verification rejected for user ${userId}: ${reason}`, {
      code: 'idRejected',
      params: { userId, reason },
    });
    mailUser(request, userId, 'verificationRejected', { reason }, '/profile');
    return { ok: true as const };
  });

  route(app, 'GET /api/admin/listings/:id/place-document', async (request, reply) => {
    const key = await placeDocumentKeyOf(db, request.params.id);
    const file = key ? await storage.get(key) : null;
    if (!key || !file) return reply.status(404).send(errorBody('not_found', 'No document'));
    return sendPrivateFile(reply, file.body, documentContentType(key));
  });

  route(app, 'POST /api/admin/places/:id/approve', async (request) => {
    const listing = await decidePlace(db, request.params.id, 'verified', null);
    audit(request, 'ADMIN_ACTION', `Place of listing ${request.params.id} verified`, {
      code: 'placeVerified',
      params: { id: String(request.params.id) },
    });
    mailUser(request, listing.hostId, 'placeVerified', { title: listing.titleEn }, '/host/listings');
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/places/:id/reject', async (request) => {
    const { reason } = request.body;
    const listing = await decidePlace(db, request.params.id, 'rejected', reason);
    audit(request, 'ADMIN_ACTION', `Place of listing ${request.params.id} rejected: ${reason}`, {
      code: 'placeRejected',
      params: { id: String(request.params.id), reason },
    });
    mailUser(request, listing.hostId, 'placeRejected', { title: listing.titleEn, reason }, '/host/listings');
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/listings/:id/approve', async (request) => {
    const listing = await decideListing(db, request.params.id, 'approved', null);
    audit(request, 'ADMIN_ACTION', `Listing ${request.params.id} approved`, {
      code: 'listingApproved',
      params: { id: String(request.params.id) },
    });
    mailUser(request, listing.hostId, 'listingApproved', { title: listing.titleEn }, '/hosting');
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/listings/:id/reject', async (request) => {
    const { reason } = request.body;
    const listing = await decideListing(db, request.params.id, 'rejected', reason);
    audit(request, 'ADMIN_ACTION', `Listing ${request.params.id} rejected: ${reason}`, {
      code: 'listingRejected',
      params: { id: String(request.params.id), reason },
    });
    mailUser(request, listing.hostId, 'listingRejected', { title: listing.titleEn, reason }, '/hosting');
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/listing-changes/:id/approve', async (request) => {
    const approved = await approveListingChanges(db, request.params.id, request.body.version);
    await removePhotoFiles(request, approved.removedKeys);
    audit(request, 'ADMIN_ACTION', `Changes to listing ${request.params.id} approved`, {
      code: 'changesApproved',
      params: { id: String(request.params.id) },
    });
    mailUser(request, approved.hostId, 'listingChangesApproved', { title: approved.titleEn }, '/host/listings');
    return { ok: true as const };
  });

  route(app, 'POST /api/admin/listing-changes/:id/reject', async (request) => {
    const { reason } = request.body;
    const rejected = await rejectListingChanges(db, request.params.id, reason);
    await removePhotoFiles(request, rejected.discardedKeys);
    audit(request, 'ADMIN_ACTION', `Changes to listing ${request.params.id} rejected: ${reason}`, {
      code: 'changesRejected',
      params: { id: String(request.params.id), reason },
    });
    mailUser(request, rejected.hostId, 'listingChangesRejected', { title: rejected.titleEn, reason }, '/host/listings');
    return { ok: true as const };
  });
};
