import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobApplicationFieldsSchema } from '../../../core/careers.ts';
import { languages } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { adminErrorResponses, adminListQuery } from '../../http/admin-list.ts';
import { errorBody, HttpError } from '../../http/errors.ts';
import { requireRole } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { maxUploadBytes, sniffFileType } from '../../storage/sniff-file-type.ts';
import type { Storage } from '../../storage/storage.ts';
import { findCvKey, insertJobApplication, listJobApplications } from './careers-repository.ts';
import { serialIdParamSchema } from '../../../core/ids.ts';

const applicationsPerIp = { limit: 10, windowMs: 60 * 60 * 1000 };
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }) });

const applicationView = z.object({
  id: z.number(),
  positionSlug: z.string(),
  name: z.string(),
  email: z.string(),
  cvBytes: z.number(),
  language: z.enum(languages),
  cvUrl: z.string(),
  createdAt: z.date(),
});

export const careersRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage; rateLimiter: RateLimiter }> = async (
  app,
  { db, storage, rateLimiter },
) => {
  // The CV arrives as the raw request body; whatever type the browser claims, the first bytes decide.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_request, body, done) => done(null, body));

  app.post(
    '/api/careers/applications',
    {
      bodyLimit: maxUploadBytes,
      schema: {
        tags: ['careers'],
        summary: 'Apply for an open position: the CV (a PDF of at most 10 MB) is the body, the other fields the query',
        querystring: jobApplicationFieldsSchema,
        response: { 201: z.object({ id: z.number() }), 400: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(rateLimiter, reply, `careers:ip:${request.ip}`, applicationsPerIp);
      const body = request.body;
      if (!Buffer.isBuffer(body) || sniffFileType(body)?.mime !== 'application/pdf') {
        throw new HttpError(400, 'invalid_cv', 'Please attach your CV as a PDF file of up to 10MB.');
      }
      const { position, name, email, language } = request.query;
      // Not under public/: only admins read CVs, through the route below.
      const key = `private/job-applications/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.pdf`;
      await storage.put(key, body, 'application/pdf');
      const id = await insertJobApplication(db, { positionSlug: position, name, email, cvKey: key, cvBytes: body.length, language });
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/api/admin/job-applications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Job applications, newest first, with a link to each CV (admins only)',
        querystring: adminListQuery,
        response: { 200: z.object({ items: z.array(applicationView) }), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      const rows = await listJobApplications(db, request.query.limit, request.query.offset);
      return {
        items: rows.map(({ cvKey: _key, ...row }) => ({ ...row, cvUrl: `/api/admin/job-applications/${row.id}/cv` })),
      };
    },
  );

  app.get(
    '/api/admin/job-applications/:id/cv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The CV of one job application, as a PDF (admins only)',
        params: z.object({ id: serialIdParamSchema }),
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const key = await findCvKey(db, request.params.id);
      const file = key ? await storage.get(key) : null;
      if (!file) return reply.status(404).send(errorBody('not_found', 'No such application'));
      reply.header('Content-Type', 'application/pdf');
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Content-Disposition', 'inline');
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      return reply.send(file.body);
    },
  );
};
