import { sendPrivateFile } from '../../http/private-file.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {} from '../../../core/contracts/careers.ts';
import type { Database } from '../../db/database.ts';
import { adminRecordList } from '../../http/admin-list.ts';
import { errorBody } from '../../http/errors.ts';
import { requireRole } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { maxUploadBytes } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { findCvKey, listJobApplications, submitJobApplication } from './careers-repository.ts';
import { route } from '../../http/route.ts';

const applicationsPerIp = { limit: 10, windowMs: 60 * 60 * 1000 };

export const careersRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage; rateLimiter: RateLimiter }> = async (
  app,
  { db, storage, rateLimiter },
) => {
  // The CV arrives as the raw request body; whatever type the browser claims, the first bytes decide.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  route(app, 'POST /api/careers/applications', { bodyLimit: maxUploadBytes }, async (request, reply) => {
    await enforceRateLimit(rateLimiter, reply, `careers:ip:${request.ip}`, applicationsPerIp);
    const id = await submitJobApplication(db, storage, request.query, request.body);
    return reply.status(201).send({ id });
  });

  route(
    app,
    'GET /api/admin/job-applications',
    adminRecordList(({ limit, offset }) => listJobApplications(db, limit, offset)),
  );

  route(app, 'GET /api/admin/job-applications/:id/cv', async (request, reply) => {
    requireRole(request, 'admin');
    const key = await findCvKey(db, request.params.id);
    const file = key ? await storage.get(key) : null;
    if (!file) return reply.status(404).send(errorBody('not_found', 'No such application'));
    return sendPrivateFile(reply, file.body, 'application/pdf');
  });
};
