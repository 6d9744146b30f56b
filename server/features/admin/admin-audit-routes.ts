import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '../../../core/csv.ts';
import type { AdminRoutesOptions } from './admin-notices.ts';
import { listSecurityEvents } from './admin-audit-repository.ts';
import { route } from '../../http/route.ts';

/** The security audit trail, on screen and as a CSV download. */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db }) => {
  route(app, 'GET /api/admin/audit', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listSecurityEvents(db, { ...request.query, limit: 500 });
  });

  route(app, 'GET /api/admin/audit.csv', async (request, reply) => {
    const rows = await listSecurityEvents(db, { ...request.query, limit: 10_000 });
    const header = ['time', 'event', 'user_id', 'email', 'description', 'ip', 'user_agent'];
    const lines = rows.map((r) => [r.createdAt, r.eventType, r.userId, r.email, r.description, r.ip, r.userAgent]);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="audit-trail.csv"');
    reply.header('Cache-Control', 'no-store');
    return reply.send(toCsv(header, lines));
  });
};
