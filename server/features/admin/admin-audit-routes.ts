import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema, auditResponseSchema } from '../../../core/contracts/admin.ts';
import { toCsv } from '../../../core/csv.ts';
import type { AdminRoutesOptions } from './admin-notices.ts';
import { listSecurityEvents } from './admin-audit-repository.ts';

const tags = ['admin'];

/** The security audit trail, on screen and as a CSV download. */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The security audit trail, newest first (at most 500 entries)',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listSecurityEvents(db, { ...request.query, limit: 500 });
    },
  );

  app.get(
    '/api/admin/audit.csv',
    {
      schema: {
        tags,
        summary: 'The filtered audit trail as a CSV file (text/csv, at most 10 000 entries)',
        querystring: auditQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const rows = await listSecurityEvents(db, { ...request.query, limit: 10_000 });
      const header = ['time', 'event', 'user_id', 'email', 'description', 'ip', 'user_agent'];
      const lines = rows.map((r) => [r.createdAt, r.eventType, r.userId, r.email, r.description, r.ip, r.userAgent]);
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="audit-trail.csv"');
      reply.header('Cache-Control', 'no-store');
      return reply.send(toCsv(header, lines));
    },
  );
};
