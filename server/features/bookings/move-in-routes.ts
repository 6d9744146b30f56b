import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import {
  adminMoveInListSchema,
  bookingMoveInSchema,
  moveInAnswerBodySchema,
  moveInDecisionBodySchema,
  moveInPhotoParamsSchema,
  moveInReportBodySchema,
  moveInReportSchema,
} from '../../../core/contracts/move-in.ts';
import { HttpError } from '../../http/errors.ts';
import { markAccess } from '../../http/openapi.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { requireRole, requireUser } from '../../http/request-user.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { photoOf, reportById } from './move-in-repository.ts';
import { addMoveInPhoto } from './use-cases/add-move-in-photo.ts';
import { answerMoveInReport } from './use-cases/answer-move-in-report.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { decideMoveInReport } from './use-cases/decide-move-in-report.ts';
import { moveInOfStay, moveInQueue, viewerOfStay } from './use-cases/move-in-view.ts';
import { reportMoveInProblem } from './use-cases/report-move-in-problem.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Move-in protection's routes (docs/decisions/056-move-in-protection.md): the guest reports and adds
 * photos, the host answers, admins decide; the stay's guest, its host and admins read the report
 * and its private photos. Every route needs a signed-in member (checked before the input is read);
 * the admin routes an admin.
 */
export const moveInRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps; storage: Storage }> = async (app, { deps, storage }) => {
  // Photos are sent as the request's body, like listing photos.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));
  markAccess(app, 'role', (url) => url.startsWith('/api/admin/'));
  markAccess(app, 'user', (url) => !url.startsWith('/api/admin/'));
  app.addHook('preValidation', async (request) => {
    if ((request.routeOptions.url ?? '').startsWith('/api/admin/')) requireRole(request, 'admin');
    else requireUser(request);
  });

  app.get(
    '/api/bookings/:id/move-in-report',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "A stay's latest move-in report and whether its guest may report now (the first 24 hours after check-in of a confirmed stay): for its guest, its host and admins",
        params: uuidParamsSchema,
        response: { 200: bookingMoveInSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return moveInOfStay(deps, requireUser(request), request.params.id);
    },
  );

  app.post(
    '/api/bookings/:id/move-in-report',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "The guest reports that the place is not as described or that they could not get in, within 24 hours of check-in; the host's payout is held until an admin decides. One open report per stay",
        params: uuidParamsSchema,
        body: moveInReportBodySchema,
        response: { 201: moveInReportSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reportMoveInProblem(deps, requireUser(request).id, request.params.id, request.body)),
  );

  app.post(
    '/api/move-in-reports/:id/photos',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['bookings'],
        summary: "Add a photo (JPEG, PNG or WebP, at most 10 MB, as the request body) to the guest's open move-in report; at most 6",
        params: uuidParamsSchema,
        response: { 200: moveInReportSchema, ...refusals, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request) => addMoveInPhoto({ ...deps, storage }, requireUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/move-in-reports/:id/photos/:photoId',
    {
      schema: {
        tags: ['bookings'],
        summary: "A move-in report's photo: for the stay's guest, its host and admins",
        params: moveInPhotoParamsSchema,
        response: { 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const notFound = new HttpError(404, 'not_found', 'No such photo');
      const report = await reportById(deps.db, request.params.id);
      if (!report) throw notFound;
      // Throws booking_not_found for anyone but the guest, the host and admins.
      await viewerOfStay(deps.db, user, report.bookingId);
      const photo = await photoOf(deps.db, report.id, request.params.photoId);
      const file = photo ? await storage.get(photo.storageKey) : null;
      if (!file) throw notFound;
      return sendPrivateFile(reply, file.body, 'image/webp');
    },
  );

  app.post(
    '/api/move-in-reports/:id/answer',
    {
      schema: {
        tags: ['bookings'],
        summary: "The stay's host answers an open move-in report (a second answer replaces the first)",
        params: uuidParamsSchema,
        body: moveInAnswerBodySchema,
        response: { 200: moveInReportSchema, ...refusals },
      },
    },
    async (request) => answerMoveInReport(deps, requireUser(request).id, request.params.id, request.body.answer),
  );

  app.get(
    '/api/admin/move-in-reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move-in reports to decide (open, oldest first) and the latest decided',
        response: { 200: adminMoveInListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { reports: await moveInQueue(deps) };
    },
  );

  app.post(
    '/api/admin/move-in-reports/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Decide an open move-in report once: refund everything and end the stay, refund part (amount, up to what the guest paid through us), or release the payout',
        params: uuidParamsSchema,
        body: moveInDecisionBodySchema,
        response: { 200: moveInReportSchema, ...refusals, 502: errorResponseSchema },
      },
    },
    async (request) => decideMoveInReport(deps, requireRole(request, 'admin').id, request.params.id, request.body),
  );
};
