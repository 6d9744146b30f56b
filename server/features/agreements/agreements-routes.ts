import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { acceptAgreement } from './use-cases/accept-agreement.ts';
import { viewAgreement } from './use-cases/view-agreement.ts';
import { route } from '../../http/route.ts';

/**
 * The long stay's sublet / rental agreement (issue 37, item 7; docs/decisions/055-stay-agreement.md):
 * read it, and accept it as its guest or host. Private to the two parties and admins: anyone else
 * gets 404, as if there were no booking.
 */
export const agreementsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  route(app, 'GET /api/bookings/:id/agreement', async (request, reply) => {
    const user = requireUser(request);
    // Private to the people above: never kept by a shared cache or the browser's.
    reply.header('Cache-Control', 'no-store');
    return viewAgreement(db, user, request.params.id);
  });

  route(app, 'POST /api/bookings/:id/agreement/accept', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return acceptAgreement(db, user, { bookingId: request.params.id, sha256: request.body.sha256, ip: request.ip, now: new Date() });
  });
};
