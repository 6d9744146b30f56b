import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/request-user.ts';
import { fileReport, listReports, moveReport } from './admin-reports-repository.ts';
import { adminNotices, type AdminRoutesOptions } from './admin-notices.ts';
import { route } from '../../http/route.ts';

/** Reports: any signed-in user files one, admins move them on. */
export const adminReportRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db } = options;
  const { audit } = adminNotices(options);

  route(app, 'POST /api/reports', async (request, reply) => {
    const user = requireUser(request);
    const report = await fileReport(db, user.id, request.body);
    return reply.status(201).send(report);
  });

  route(app, 'GET /api/admin/reports', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listReports(db, request.query.status);
  });

  route(app, 'PATCH /api/admin/reports/:id', async (request) => {
    const { id } = request.params;
    const { status, notes } = request.body;
    const from = await moveReport(db, id, status, notes || null);
    audit(request, 'ADMIN_ACTION', `Report ${id}: ${from} → ${status}${notes ? ` (${notes})` : ''}`, {
      code: 'reportStatus',
      params: { id: String(id), from, to: status, notes: notes ?? '' },
    });
    return { ok: true as const };
  });
};
