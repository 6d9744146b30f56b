import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { route } from '../../http/route.ts';
import { countMyUnreadNotices } from './use-cases/count-unread-notices.ts';
import { listMyNotices } from './use-cases/list-notices.ts';
import { markAllMyNoticesRead, markMyNoticeRead } from './use-cases/mark-notices-read.ts';

/**
 * The notification centre (issue 37, decision 063): the signed-in member's own notices and nobody
 * else's (a signed-in answer is never cached: http/http-cache.ts).
 */
export const noticesRoutes: FastifyPluginAsyncZod<{ db: Database; clock?: () => Date }> = async (app, { db, clock = () => new Date() }) => {
  const deps = { db, clock };
  route(app, 'GET /api/notices', async (request) => {
    const user = requireUser(request);
    const { limit, before, lang } = request.query;
    return listMyNotices(deps, user, { limit, before, language: lang });
  });

  route(app, 'GET /api/notices/unread-count', async (request) => ({ unread: await countMyUnreadNotices(deps, requireUser(request).id) }));

  route(app, 'POST /api/notices/:id/read', async (request) => ({
    unread: await markMyNoticeRead(deps, requireUser(request).id, request.params.id),
  }));

  route(app, 'POST /api/notices/read-all', async (request) => ({ unread: await markAllMyNoticesRead(deps, requireUser(request).id) }));
};
