import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecordsQuery } from '../../core/contracts/admin.ts';
import { requireRole } from './request-user.ts';

/**
 * The handler of one of the operators' record lists (contact messages, job applications, …; their
 * entries are `adminRecordListEndpoint`s in the endpoints map): admins only, a page at a time
 * (`limit`, `offset`), never cached since it holds personal data.
 */
export function adminRecordList<Item>(list: (page: RecordsQuery) => Promise<Item[]>) {
  return async (request: FastifyRequest & { query: RecordsQuery }, reply: FastifyReply) => {
    requireRole(request, 'admin');
    reply.header('Cache-Control', 'no-store');
    return { items: await list(request.query) };
  };
}
