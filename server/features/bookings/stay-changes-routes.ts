import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/request-user.ts';
import { answerStayChange, withdrawStayChange } from './use-cases/answer-stay-change.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { listStayChanges, proposeStayChange, quoteStayChange } from './use-cases/propose-stay-change.ts';
import { route } from '../../http/route.ts';

/**
 * Changing a confirmed stay (docs/decisions/058-stay-changes.md): either side of the booking proposes
 * new dates or guests, the other accepts or declines within 24 hours. Each route parses, checks who is
 * signed in and calls one use case; only the booking's guest and host reach a booking's proposals
 * (anyone else gets 404).
 */
export const stayChangesRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps }> = async (app, { deps }) => {
  route(app, 'GET /api/bookings/:id/changes', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return listStayChanges(deps, user.id, request.params.id);
  });

  route(app, 'POST /api/bookings/:id/changes/quote', async (request) =>
    quoteStayChange(deps, requireUser(request).id, request.params.id, request.body),
  );

  route(app, 'POST /api/bookings/:id/changes', async (request, reply) =>
    reply.status(201).send(await proposeStayChange(deps, requireUser(request).id, request.params.id, request.body)),
  );

  route(app, 'POST /api/stay-changes/:id/withdraw', async (request) =>
    withdrawStayChange(deps, requireUser(request).id, request.params.id),
  );

  route(app, 'POST /api/stay-changes/:id/:answer', async (request) =>
    answerStayChange(deps, requireUser(request).id, request.params.id, request.params.answer, request.query.lang),
  );
};
