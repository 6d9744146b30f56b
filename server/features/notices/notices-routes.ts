import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../core/contracts/common.ts';
import { noticesQuerySchema, noticesResponseSchema, unreadNoticesSchema } from '../../../core/contracts/notices.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { countMyUnreadNotices } from './use-cases/count-unread-notices.ts';
import { listMyNotices } from './use-cases/list-notices.ts';
import { markAllMyNoticesRead, markMyNoticeRead } from './use-cases/mark-notices-read.ts';

const tags = ['notices'];

/**
 * The notification centre (issue 37, decision 063): the signed-in member's own notices and nobody
 * else's (a signed-in answer is never cached: http/http-cache.ts).
 */
export const noticesRoutes: FastifyPluginAsyncZod<{ db: Database; clock?: () => Date }> = async (app, { db, clock = () => new Date() }) => {
  const deps = { db, clock };
  app.get(
    '/api/notices',
    {
      schema: {
        tags,
        summary: "The signed-in member's notices, newest first, a page at a time, in the language asked for (or theirs)",
        querystring: noticesQuerySchema,
        response: { 200: noticesResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { limit, before, lang } = request.query;
      return listMyNotices(deps, user, { limit, before, language: lang });
    },
  );

  app.get(
    '/api/notices/unread-count',
    {
      schema: {
        tags,
        summary: "How many of the signed-in member's notices are unread (up to 100)",
        response: { 200: unreadNoticesSchema },
      },
    },
    async (request) => ({ unread: await countMyUnreadNotices(deps, requireUser(request).id) }),
  );

  app.post(
    '/api/notices/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of the member’s notices read (opening it); answers the unread count left',
        params: uuidParamsSchema,
        response: { 200: unreadNoticesSchema },
      },
    },
    async (request) => ({ unread: await markMyNoticeRead(deps, requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/api/notices/read-all',
    { schema: { tags, summary: 'Mark every notice of the member read', response: { 200: unreadNoticesSchema } } },
    async (request) => ({ unread: await markAllMyNoticesRead(deps, requireUser(request).id) }),
  );
};
