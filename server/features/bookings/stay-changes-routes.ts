import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, languageQuerySchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import {
  stayChangeAnswerParamsSchema,
  stayChangeAnswerResponseSchema,
  stayChangeBodySchema,
  stayChangeListSchema,
  stayChangePriceSchema,
  stayChangeSchema,
} from '../../../core/contracts/stay-changes.ts';
import { requireUser } from '../../http/request-user.ts';
import { answerStayChange, withdrawStayChange } from './use-cases/answer-stay-change.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { listStayChanges, proposeStayChange, quoteStayChange } from './use-cases/propose-stay-change.ts';

/**
 * Changing a confirmed stay (docs/decisions/058-stay-changes.md): either side of the booking proposes
 * new dates or guests, the other accepts or declines within 24 hours. Each route parses, checks who is
 * signed in and calls one use case; only the booking's guest and host reach a booking's proposals
 * (anyone else gets 404).
 */
export const stayChangesRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps }> = async (app, { deps }) => {
  app.get(
    '/api/bookings/:id/changes',
    {
      schema: {
        tags: ['bookings'],
        summary: 'A booking\'s proposed changes, newest first, for its guest or host, and whether the guest is offered "Extend your stay"',
        params: uuidParamsSchema,
        response: { 200: stayChangeListSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return listStayChanges(deps, user.id, request.params.id);
    },
  );

  app.post(
    '/api/bookings/:id/changes/quote',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Prices a change of a confirmed stay before it is proposed: the new quote and the difference (a charge, or a refund by the policy); 409 when the place is not free',
        params: uuidParamsSchema,
        body: stayChangeBodySchema,
        response: { 200: stayChangePriceSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => quoteStayChange(deps, requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/api/bookings/:id/changes',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'The guest or host of a confirmed stay proposes new dates or guests; the other side has 24 hours to answer. One open proposal per booking',
        params: uuidParamsSchema,
        body: stayChangeBodySchema,
        response: { 201: stayChangeSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await proposeStayChange(deps, requireUser(request).id, request.params.id, request.body)),
  );

  app.post(
    '/api/stay-changes/:id/withdraw',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The side that proposed a change takes it back while it is open',
        params: uuidParamsSchema,
        response: { 200: stayChangeSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => withdrawStayChange(deps, requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/stay-changes/:id/:answer',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'The other side accepts or declines a proposed change. Accepting moves the booking (409 when the new dates are not free: the proposal stays open) and its money; a guest accepting a card extension gets checkoutUrl for the difference (?lang= its return page)',
        params: stayChangeAnswerParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: stayChangeAnswerResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => answerStayChange(deps, requireUser(request).id, request.params.id, request.params.answer, request.query.lang),
  );
};
