import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingRateLimits } from '../../../core/booking-rules.ts';
import {
  bookingArrivalSchema,
  bookingListResponseSchema,
  bookingSchema,
  changeBookingParamsSchema,
  createBookingBodySchema,
  createBookingHeadersSchema,
  createBookingResponseSchema,
} from '../../../core/contracts/bookings.ts';
import { errorResponseSchema, languageQuerySchema, uuidParamsSchema } from '../../../core/contracts/common.ts';
import { cancellationPreviewSchema } from '../../../core/contracts/money.ts';
import type { Database } from '../../db/database.ts';
import { requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { arrivalForViewer } from './arrival-info.ts';
import { guestBookings, hostBookings } from './booking-views-repository.ts';
import { acceptRequest } from './use-cases/accept-request.ts';
import type { BookingDeps } from './use-cases/booking-deps.ts';
import { cancelStay } from './use-cases/cancel-stay.ts';
import { cancellationPreview } from './use-cases/cancellation-preview.ts';
import { declineRequest } from './use-cases/decline-request.ts';
import { requestStay } from './use-cases/request-stay.ts';

/** Which use case each action of POST /api/bookings/:id/:action is. */
const changes = { accept: acceptRequest, decline: declineRequest, cancel: cancelStay } as const;

/**
 * The bookings' routes: each parses its input, checks who is signed in, calls one use case
 * (use-cases/) and sends its answer. A use case's refusal (DomainError) becomes its HTTP status in
 * one table (server/http/domain-error-status.ts).
 */
export const bookingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  rateLimiter: RateLimiter;
  /** The booking use cases' repositories, card provider, mailer and clock (use-cases/booking-deps.ts). */
  deps: BookingDeps;
}> = async (app, { db, rateLimiter, deps }) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Request a stay; a listing with instant booking confirms at once for a guest whose ID is verified. With card payments the answer carries checkoutUrl, the payment page the guest finishes first (?lang= its return page). Send an Idempotency-Key to make retries safe. Rate-limited per account and IP; a guest has at most 5 pending requests, one per listing.',
        headers: createBookingHeadersSchema,
        querystring: languageQuerySchema,
        body: createBookingBodySchema,
        response: { 200: createBookingResponseSchema, 201: createBookingResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimiter, reply, `booking:account:${user.id}`, bookingRateLimits.perAccount, 'too_many_booking_requests');
      await enforceRateLimit(rateLimiter, reply, `booking:ip:${request.ip}`, bookingRateLimits.perIp, 'too_many_booking_requests');
      const { booking, created, checkoutUrl } = await requestStay(deps, {
        guestId: user.id,
        request: request.body,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
        language: request.query.lang,
      });
      return reply.status(created ? 201 : 200).send(checkoutUrl ? { ...booking, checkoutUrl } : booking);
    },
  );

  app.get(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The signed-in guest's bookings",
        querystring: languageQuerySchema,
        response: { 200: bookingListResponseSchema },
      },
    },
    async (request) => ({ bookings: await guestBookings(db, requireUser(request).id, request.query.lang) }),
  );

  app.get(
    '/api/host/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "Requests and stays at the signed-in host's listings",
        querystring: languageQuerySchema,
        response: { 200: bookingListResponseSchema },
      },
    },
    async (request) => ({ bookings: await hostBookings(db, requireUser(request).id, request.query.lang) }),
  );

  app.post(
    '/api/bookings/:id/:action',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The host accepts or declines a request; the guest or the host cancels before the stay starts',
        params: changeBookingParamsSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id, action } = request.params;
      return changes[action](deps, user.id, id);
    },
  );

  app.get(
    '/api/bookings/:id/arrival',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "A stay's arrival information in the language asked for: street address, map link, host's phone, check-in instructions, house manual and Wi-Fi. For the guest of a confirmed stay (403 before confirmation or after cancellation), its host and admins; 404 for anyone else",
        params: uuidParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: bookingArrivalSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Private to the people above: never kept by a shared cache or the browser's.
      reply.header('Cache-Control', 'no-store');
      return arrivalForViewer(db, user, request.params.id, request.query.lang);
    },
  );

  app.get(
    '/api/bookings/:id/cancellation',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "What cancelling now would give back under the stay's policy, for its guest or host to see before confirming (a host refunds everything)",
        params: uuidParamsSchema,
        response: { 200: cancellationPreviewSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return cancellationPreview(deps, user.id, request.params.id);
    },
  );
};
