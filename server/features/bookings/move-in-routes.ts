import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { route } from '../../http/route.ts';

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

  route(app, 'GET /api/bookings/:id/move-in-report', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return moveInOfStay(deps, requireUser(request), request.params.id);
  });

  route(app, 'POST /api/bookings/:id/move-in-report', async (request, reply) =>
    reply.status(201).send(await reportMoveInProblem(deps, requireUser(request).id, request.params.id, request.body)),
  );

  route(app, 'POST /api/move-in-reports/:id/photos', { bodyLimit: maxUploadBytes }, async (request) =>
    addMoveInPhoto({ ...deps, storage }, requireUser(request).id, request.params.id, request.body),
  );

  route(app, 'GET /api/move-in-reports/:id/photos/:photoId', async (request, reply) => {
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
  });

  route(app, 'POST /api/move-in-reports/:id/answer', async (request) =>
    answerMoveInReport(deps, requireUser(request).id, request.params.id, request.body.answer),
  );

  route(app, 'GET /api/admin/move-in-reports', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { reports: await moveInQueue(deps) };
  });

  route(app, 'POST /api/admin/move-in-reports/:id/decision', async (request) =>
    decideMoveInReport(deps, requireRole(request, 'admin').id, request.params.id, request.body),
  );
};
