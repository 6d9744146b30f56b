import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingRateLimits } from '../../../core/booking-rules.ts';
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
import { route } from '../../http/route.ts';

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
  route(app, 'POST /api/bookings', async (request, reply) => {
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
  });

  route(app, 'GET /api/bookings', async (request) => ({ bookings: await guestBookings(db, requireUser(request).id, request.query.lang) }));

  route(app, 'GET /api/host/bookings', async (request) => ({
    bookings: await hostBookings(db, requireUser(request).id, request.query.lang),
  }));

  route(app, 'POST /api/bookings/:id/:action', async (request) => {
    const user = requireUser(request);
    const { id, action } = request.params;
    return changes[action](deps, user.id, id);
  });

  route(app, 'GET /api/bookings/:id/arrival', async (request, reply) => {
    const user = requireUser(request);
    // Private to the people above: never kept by a shared cache or the browser's.
    reply.header('Cache-Control', 'no-store');
    return arrivalForViewer(db, user, request.params.id, request.query.lang);
  });

  route(app, 'GET /api/bookings/:id/cancellation', async (request) => {
    const user = requireUser(request);
    return cancellationPreview(deps, user.id, request.params.id);
  });
};
