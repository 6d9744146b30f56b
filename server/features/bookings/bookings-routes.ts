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
import { paymentWasTaken } from '../../../core/payment-states.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { arrivalForViewer } from './arrival-info.ts';
import { mailBookingChange, mailsForChange, mailsForNewBooking } from './booking-mail.ts';
import type { BookingPayments } from './booking-payments.ts';
import { refundOfBooking } from './booking-refunds.ts';
import { findBooking, guestBookings, hostBookings } from './booking-views-repository.ts';
import { bookingFor, changeBooking, createBooking } from './bookings-repository.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema.ts';

/** Told of each booking decision, for /metrics: requested, instant, accepted, declined, cancelled, conflict. */
export type CountBookingOutcome = (outcome: string, count?: number) => void;

export const bookingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  rateLimiter: RateLimiter;
  siteUrl: string;
  countOutcome?: CountBookingOutcome;
  /** How new stays are paid, and their card payments moved (booking-payments.ts). */
  payments: BookingPayments;
}> = async (app, { db, rateLimiter, siteUrl, countOutcome = () => undefined, payments }) => {
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
      const { booking, created } = await createBooking(
        db,
        user.id,
        request.body,
        request.headers['idempotency-key'] ?? null,
        new Date(),
        payments.method,
      ).catch((error: unknown) => {
        if (error instanceof HttpError && error.code === 'dates_unavailable') countOutcome('conflict');
        throw error;
      });
      if (booking.money.paymentMethod === 'card') {
        // The host hears of a card stay once the card is held (the webhook), not before.
        const checkoutUrl = created
          ? await payments.startCheckout(booking.id, request.query.lang)
          : await payments.openCheckoutUrl(booking.id);
        if (created) countOutcome('requested');
        return reply.status(created ? 201 : 200).send(checkoutUrl ? { ...booking, checkoutUrl } : booking);
      }
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
      const { byGuest, followUp } = await changeBooking(db, user.id, id, action);
      // Accepting charges the held card (undone, 502, if it cannot be); a release or a refund follows.
      await payments.followUp(id, followUp);
      countOutcome(action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled');
      await mailBookingChange(db, request.log, siteUrl, id, mailsForChange(action, byGuest));
      return bookingFor(db, user.id, id);
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
      const row = await findBooking(db, eq(bookings.id, request.params.id));
      if (!row || (row.guestId !== user.id && row.hostId !== user.id)) throw new HttpError(404, 'booking_not_found', 'No such booking');
      const by = row.guestId === user.id ? 'guest' : 'host';
      const refund = (await refundOfBooking(db, row.id, new Date(), by))!;
      const paid = paymentWasTaken(row.paymentStatus) ? row.total : 0;
      return {
        policy: refund.policy,
        by,
        paymentMethod: row.paymentMethod,
        paymentStatus: row.paymentStatus,
        paid,
        tier: refund.tier,
        refund: refund.refund,
        kept: refund.kept,
        freeCancellationUntil: refund.freeCancellationUntil?.toISOString() ?? null,
      } as const;
    },
  );
};
