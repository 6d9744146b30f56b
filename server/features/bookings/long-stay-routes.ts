import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingSchema } from '../../../core/contracts/bookings.ts';
import { languageQuerySchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import { requireUser } from '../../http/request-user.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { endUnpaidStay, markPeriodReceived, payPeriodNow } from './use-cases/long-stay-payments.ts';

/**
 * A long stay's payments (decision 054): the guest pays a refused period through a Checkout of its
 * own, the host marks a direct period received, and ends a stay unpaid past the grace period. Each
 * route checks who is signed in and calls one use case (use-cases/long-stay-payments.ts).
 */
export const longStayRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps }> = async (app, { deps }) => {
  app.post(
    '/api/bookings/periods/:id/pay',
    {
      schema: {
        tags: ['bookings'],
        summary: "The guest pays one period of a long stay now (a refused charge's pay-now link)",
        params: uuidParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: z.object({ checkoutUrl: z.string() }) },
      },
    },
    async (request) => ({
      checkoutUrl: await payPeriodNow(deps, requireUser(request).id, request.params.id, request.query.lang),
    }),
  );

  app.post(
    '/api/bookings/periods/:id/received',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The host marks a period paid to them directly as received',
        params: uuidParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markPeriodReceived(deps, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/bookings/:id/end-unpaid',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The host ends a stay with a period unpaid past the grace period; both are told',
        params: uuidParamsSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await endUnpaidStay(deps, user.id, request.params.id);
      return deps.repos.bookings.bookingFor(deps.db, user.id, request.params.id);
    },
  );
};
