import { actsAsAdmin } from '../../../core/second-factor-rules.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorBody, HttpError } from '../../http/errors.ts';
import { markAccess } from '../../http/openapi.ts';
import { requireUser } from '../../http/request-user.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { documentContentType } from '../../storage/document-check.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { findProfile, profileOf, recommendationsFor, setProfileImageKey, updateProfile } from './profile-repository.ts';
import { replaceProfilePhoto, storeIdDocument } from './profile-uploads.ts';
import { route } from '../../http/route.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  // Every profile route needs a signed-in user; checked before the body is even validated.
  markAccess(app, 'user', () => true);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Uploads arrive as the raw file body; whatever type the browser claims, the content decides.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  const loadProfile = (userId: string) => profileOf(db, userId);

  route(app, 'GET /api/profile', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return loadProfile(requireUser(request).id);
  });

  route(app, 'PATCH /api/profile', async (request) => {
    const user = requireUser(request);
    const body = request.body;
    await updateProfile(db, user.id, {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone || null,
      bio: body.bio || null,
      dateOfBirth: body.dateOfBirth || null,
    });
    return loadProfile(user.id);
  });

  route(app, 'POST /api/profile/photo', { bodyLimit: maxUploadBytes }, async (request) => {
    const user = requireUser(request);
    await replaceProfilePhoto(db, storage, user.id, request.body, request.log);
    return loadProfile(user.id);
  });

  route(app, 'DELETE /api/profile/photo', async (request) => {
    const user = requireUser(request);
    const previous = (await findProfile(db, user.id))?.profileImageKey;
    await setProfileImageKey(db, user.id, null);
    if (previous) await storage.remove(previous).catch((error: unknown) => request.log.warn({ err: error }, 'photo not removed'));
    return loadProfile(user.id);
  });

  route(app, 'POST /api/profile/id-document', { bodyLimit: maxUploadBytes }, async (request) => {
    const user = requireUser(request);
    await storeIdDocument(db, storage, user.id, request.body, request.log);
    return loadProfile(user.id);
  });

  route(app, 'GET /api/users/:userId/id-document', async (request, reply) => {
    const viewer = requireUser(request);
    if (viewer.id !== request.params.userId && !actsAsAdmin(viewer)) {
      throw new HttpError(403, 'forbidden', 'You do not have access to this');
    }
    const key = (await findProfile(db, request.params.userId))?.idDocumentKey;
    const file = key ? await storage.get(key) : null;
    if (!key || !file) return reply.status(404).send(errorBody('not_found', 'No document'));
    return sendPrivateFile(reply, file.body, documentContentType(key));
  });

  route(app, 'GET /api/profile/recommendations', async (request) => {
    return recommendationsFor(db, requireUser(request).id);
  });
};
