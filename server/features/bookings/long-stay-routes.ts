import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/request-user.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { endUnpaidStay, markPeriodReceived, payPeriodNow } from './use-cases/long-stay-payments.ts';
import { route } from '../../http/route.ts';

/**
 * A long stay's payments (decision 054): the guest pays a refused period through a Checkout of its
 * own, the host marks a direct period received, and ends a stay unpaid past the grace period. Each
 * route checks who is signed in and calls one use case (use-cases/long-stay-payments.ts).
 */
export const longStayRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps }> = async (app, { deps }) => {
  route(app, 'POST /api/bookings/periods/:id/pay', async (request) => ({
    checkoutUrl: await payPeriodNow(deps, requireUser(request).id, request.params.id, request.query.lang),
  }));

  route(app, 'POST /api/bookings/periods/:id/received', async (request, reply) => {
    await markPeriodReceived(deps, requireUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  route(app, 'POST /api/bookings/:id/end-unpaid', async (request) => {
    const user = requireUser(request);
    await endUnpaidStay(deps, user.id, request.params.id);
    return deps.repos.bookings.bookingFor(deps.db, user.id, request.params.id);
  });
};
