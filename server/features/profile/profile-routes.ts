import { actsAsAdmin } from '../../../core/second-factor-rules.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '../../../core/api-types.ts';
import { idDocumentParamsSchema, profileSchema, recommendationsResponseSchema } from '../../../core/contracts/profile.ts';
import { profileUpdateSchema } from '../../../core/profile-schemas.ts';
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

const uploadResponses = { 413: apiErrorBodySchema };

export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  // Every profile route needs a signed-in user; checked before the body is even validated.
  markAccess(app, 'user', () => true);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Uploads arrive as the raw file body; whatever type the browser claims, the content decides.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  const loadProfile = (userId: string) => profileOf(db, userId);

  app.get(
    '/api/profile',
    { schema: { tags: ['profile'], summary: "The signed-in user's profile", response: { 200: profileSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return loadProfile(requireUser(request).id);
    },
  );

  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Edit the profile; the e-mail cannot be changed here and age follows the date of birth',
        body: profileUpdateSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/api/profile/photo',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['profile'],
        summary: 'Upload a profile photo (JPEG, PNG or WebP, at most 10 MB) as the request body; stored as a 512 px WebP without metadata',
        response: { 200: profileSchema, ...uploadResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await replaceProfilePhoto(db, storage, user.id, request.body, request.log);
      return loadProfile(user.id);
    },
  );

  app.delete(
    '/api/profile/photo',
    { schema: { tags: ['profile'], summary: 'Remove the profile photo', response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      const previous = (await findProfile(db, user.id))?.profileImageKey;
      await setProfileImageKey(db, user.id, null);
      if (previous) await storage.remove(previous).catch((error: unknown) => request.log.warn({ err: error }, 'photo not removed'));
      return loadProfile(user.id);
    },
  );

  app.post(
    '/api/profile/id-document',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['profile'],
        summary: 'Upload an ID document (JPEG, PNG or PDF, at most 10 MB) for verification',
        response: { 200: profileSchema, ...uploadResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await storeIdDocument(db, storage, user.id, request.body, request.log);
      return loadProfile(user.id);
    },
  );

  app.get(
    '/api/users/:userId/id-document',
    {
      schema: {
        tags: ['profile'],
        summary: "A user's ID document: for its owner and for admins only",
        params: idDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      if (viewer.id !== request.params.userId && !actsAsAdmin(viewer)) {
        throw new HttpError(403, 'forbidden', 'You do not have access to this');
      }
      const key = (await findProfile(db, request.params.userId))?.idDocumentKey;
      const file = key ? await storage.get(key) : null;
      if (!key || !file) return reply.status(404).send(errorBody('not_found', 'No document'));
      return sendPrivateFile(reply, file.body, documentContentType(key));
    },
  );

  app.get(
    '/api/profile/recommendations',
    {
      schema: {
        tags: ['profile'],
        summary: 'Recommendations others wrote about the signed-in user, newest first',
        response: { 200: recommendationsResponseSchema },
      },
    },
    async (request) => {
      return recommendationsFor(db, requireUser(request).id);
    },
  );
};
