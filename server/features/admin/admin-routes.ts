import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markAccess } from '../../http/openapi.ts';
import { requireRole } from '../../http/request-user.ts';
import { adminAuditRoutes } from './admin-audit-routes.ts';
import type { AdminRoutesOptions } from './admin-notices.ts';
import { adminReportRoutes } from './admin-report-routes.ts';
import { adminSettingsRoutes } from './admin-settings-routes.ts';
import { dashboardStats } from './admin-stats-repository.ts';
import { adminUserRoutes } from './admin-user-routes.ts';
import { adminVerificationRoutes } from './admin-verification-routes.ts';
import { route } from '../../http/route.ts';

/** The admin area's routes, by area, and POST /api/reports, where any signed-in user files a report. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  // Every /api/admin route is for admins only, checked before the body is even validated.
  const isAdminRoute = (url: string) => url.startsWith('/api/admin/');
  markAccess(app, 'role', isAdminRoute);
  app.addHook('preValidation', async (request) => {
    if (isAdminRoute(request.routeOptions.url ?? '')) requireRole(request, 'admin');
  });
  route(app, 'GET /api/admin/stats', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return dashboardStats(options.db);
  });
  await app.register(adminVerificationRoutes, options);
  await app.register(adminReportRoutes, options);
  await app.register(adminUserRoutes, options);
  await app.register(adminSettingsRoutes, options);
  await app.register(adminAuditRoutes, options);
};
