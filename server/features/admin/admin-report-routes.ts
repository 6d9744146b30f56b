import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCreateSchema } from '../../../core/admin-schemas.ts';
import { apiErrorBodySchema } from '../../../core/api-types.ts';
import {
  createReportResponseSchema,
  moveReportBodySchema,
  okSchema,
  reportIdParamsSchema,
  reportsQuerySchema,
  reportsResponseSchema,
} from '../../../core/contracts/admin.ts';
import { requireUser } from '../../http/request-user.ts';
import { fileReport, listReports, moveReport } from './admin-reports-repository.ts';
import { adminNotices, type AdminRoutesOptions } from './admin-notices.ts';

/** Reports: any signed-in user files one, admins move them on. */
export const adminReportRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db } = options;
  const { audit } = adminNotices(options);

  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a listing or a user to the admins (any signed-in user)',
        body: reportCreateSchema,
        // No such listing, user or conversation to report (admin-reports-repository.ts).
        response: { 201: createReportResponseSchema, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const report = await fileReport(db, user.id, request.body);
      return reply.status(201).send(report);
    },
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reports filed by users, newest first',
        querystring: reportsQuerySchema,
        response: { 200: reportsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listReports(db, request.query.status);
    },
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a report on (pending → investigating → resolved or dismissed), with notes',
        params: reportIdParamsSchema,
        body: moveReportBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status, notes } = request.body;
      const from = await moveReport(db, id, status, notes || null);
      audit(request, 'ADMIN_ACTION', `Report ${id}: ${from} → ${status}${notes ? ` (${notes})` : ''}`, {
        code: 'reportStatus',
        params: { id: String(id), from, to: status, notes: notes ?? '' },
      });
      return { ok: true as const };
    },
  );
};
