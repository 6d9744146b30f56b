import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingRateLimits } from '../../../core/booking-rules.ts';
import {
  bookingListResponseSchema,
  bookingSchema,
  changeBookingParamsSchema,
  createBookingBodySchema,
  createBookingHeadersSchema,
} from '../../../core/contracts/bookings.ts';
import { languageQuerySchema } from '../../../core/contracts/common.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { mailBookingChange, mailsForChange, mailsForNewBooking } from './booking-mail.ts';
import { guestBookings, hostBookings } from './booking-views-repository.ts';
import { changeBooking, createBooking } from './bookings-repository.ts';

/** Told of each booking decision, for /metrics: requested, instant, accepted, declined, cancelled, conflict. */
export type CountBookingOutcome = (outcome: string, count?: number) => void;

export const bookingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  rateLimiter: RateLimiter;
  siteUrl: string;
  countOutcome?: CountBookingOutcome;
}> = async (app, { db, rateLimiter, siteUrl, countOutcome = () => undefined }) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Request a stay; a listing with instant booking confirms at once for a guest whose ID is verified. Send an Idempotency-Key to make retries safe. Rate-limited per account and IP; a guest has at most 5 pending requests, one per listing.',
        headers: createBookingHeadersSchema,
        body: createBookingBodySchema,
        response: { 200: bookingSchema, 201: bookingSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimiter, reply, `booking:account:${user.id}`, bookingRateLimits.perAccount, 'too_many_booking_requests');
      await enforceRateLimit(rateLimiter, reply, `booking:ip:${request.ip}`, bookingRateLimits.perIp, 'too_many_booking_requests');
      const { booking, created } = await createBooking(db, user.id, request.body, request.headers['idempotency-key'] ?? null).catch(
        (error: unknown) => {
          if (error instanceof HttpError && error.code === 'dates_unavailable') countOutcome('conflict');
          throw error;
        },
      );
      if (created) {
        const confirmed = booking.status === 'confirmed';
        countOutcome(confirmed ? 'instant' : 'requested');
        await mailBookingChange(db, request.log, siteUrl, booking.id, mailsForNewBooking(confirmed));
      }
      return reply.status(created ? 201 : 200).send(booking);
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
      const { booking, byGuest } = await changeBooking(db, user.id, id, action);
      countOutcome(action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled');
      await mailBookingChange(db, request.log, siteUrl, id, mailsForChange(action, byGuest));
      return booking;
    },
  );
};
