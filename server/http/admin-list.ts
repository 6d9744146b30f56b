import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorBodySchema } from '../../core/api-types.ts';
import { recordsQuerySchema, recordsResponseSchema } from '../../core/contracts/admin.ts';
import { requireRole } from './request-user.ts';

/** The answer a visitor (401) or a non-admin (403) gets from an admin route. */
export const adminErrorResponses = {
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
};

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One of the operators' record lists (contact messages, job applications, …): GET, admins only,
 * a page at a time (`limit`, `offset`), never cached since it holds personal data.
 */
export function adminRecordListRoute<Item extends z.ZodType>(
  app: ZodApp,
  route: { path: string; summary: string; item: Item; list: (page: z.infer<typeof recordsQuerySchema>) => Promise<z.input<Item>[]> },
) {
  app.get(
    route.path,
    {
      schema: {
        tags: ['admin'],
        summary: route.summary,
        querystring: recordsQuerySchema,
        response: { 200: recordsResponseSchema(route.item), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      return { items: await route.list(request.query) };
    },
  );
}
