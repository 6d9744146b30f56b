import {
  bookingArrivalSchema,
  bookingListResponseSchema,
  bookingSchema,
  changeBookingParamsSchema,
  createBookingBodySchema,
  createBookingHeadersSchema,
  createBookingResponseSchema,
} from '../bookings.ts';
import { errorResponseSchema, languageQuerySchema, uuidParamsSchema } from '../common.ts';
import { cancellationPreviewSchema } from '../money.ts';
import {
  adminMoveInListSchema,
  bookingMoveInSchema,
  moveInAnswerBodySchema,
  moveInDecisionBodySchema,
  moveInPhotoParamsSchema,
  moveInReportBodySchema,
  moveInReportSchema,
} from '../move-in.ts';
import {
  stayChangeAnswerParamsSchema,
  stayChangeAnswerResponseSchema,
  stayChangeBodySchema,
  stayChangeListSchema,
  stayChangePriceSchema,
  stayChangeSchema,
} from '../stay-changes.ts';
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';

/** A stay the listing's rules refuse (core/booking-rules.ts stayProblems); a change is not held to the Shabbat rules. */
const stayRuleErrors = [
  'check_out_not_after_check_in',
  'check_in_in_past',
  'outside_availability',
  'stay_too_short',
  'season_stay_too_short',
  'stay_too_long',
  'too_many_rooms',
  'too_many_guests',
  'lease_option_unavailable',
] as const;
const shabbatErrors = ['check_in_on_shabbat', 'check_in_after_candle_lighting', 'check_out_on_shabbat'] as const;
/** A proposed change of a stay, checked and priced (use-cases/stage-stay-change.ts). */
const stayChangeErrors = [
  'booking_not_found',
  'stay_change_not_allowed',
  'stay_change_invalid_dates',
  'stay_change_no_change',
  'stay_change_started',
  ...stayRuleErrors,
  'stay_total_too_high',
  'stay_change_unavailable',
] as const;

/** What move-in protection's writes refuse with (its use cases' domain errors). */
const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const bookingsEndpoints = defineEndpoints('bookings', {
  'POST /api/bookings': {
    summary:
      'Request a stay; a listing with instant booking confirms at once for a guest whose ID is verified. With card payments the answer carries checkoutUrl, the payment page the guest finishes first (?lang= its return page). Send an Idempotency-Key to make retries safe. Rate-limited per account and IP; a guest has at most 5 pending requests, one per listing.',
    headers: createBookingHeadersSchema,
    query: languageQuerySchema,
    body: createBookingBodySchema,
    responses: { 200: createBookingResponseSchema, 201: createBookingResponseSchema },
    errors: [
      'listing_not_found',
      'own_listing',
      'place_not_verified',
      ...stayRuleErrors,
      ...shabbatErrors,
      'stay_total_too_high',
      'pending_request_exists',
      'too_many_pending_requests',
      'dates_unavailable',
      'idempotency_key_reused',
      'payment_failed',
    ],
  },
  'GET /api/bookings': {
    summary: "The signed-in guest's bookings",
    query: languageQuerySchema,
    responses: { 200: bookingListResponseSchema },
  },
  'GET /api/host/bookings': {
    summary: "Requests and stays at the signed-in host's listings",
    query: languageQuerySchema,
    responses: { 200: bookingListResponseSchema },
  },
  'POST /api/bookings/:id/:action': {
    summary: 'The host accepts or declines a request; the guest or the host cancels before the stay starts',
    params: changeBookingParamsSchema,
    responses: { 200: bookingSchema },
    errors: [
      'booking_not_found',
      'host_only',
      'payment_not_completed',
      'booking_state_changed',
      'payments_not_configured',
      'payment_failed',
    ],
  },
  'GET /api/bookings/:id/arrival': {
    summary:
      "A stay's arrival information in the language asked for: street address, map link, host's phone, check-in instructions, house manual and Wi-Fi. For the guest of a confirmed stay (403 before confirmation or after cancellation), its host and admins; 404 for anyone else",
    params: uuidParamsSchema,
    query: languageQuerySchema,
    responses: { 200: bookingArrivalSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
  },
  'GET /api/bookings/:id/cancellation': {
    summary:
      "What cancelling now would give back under the stay's policy, for its guest or host to see before confirming (a host refunds everything)",
    params: uuidParamsSchema,
    responses: { 200: cancellationPreviewSchema },
    errors: ['booking_not_found'],
  },
  'POST /api/bookings/periods/:id/pay': {
    summary: "The guest pays one period of a long stay now (a refused charge's pay-now link)",
    params: uuidParamsSchema,
    query: languageQuerySchema,
    responses: { 200: z.object({ checkoutUrl: z.string() }) },
    errors: ['booking_not_found', 'payments_not_configured', 'booking_state_changed', 'payment_failed'],
  },
  'POST /api/bookings/periods/:id/received': {
    summary: 'The host marks a period paid to them directly as received',
    params: uuidParamsSchema,
    responses: { 204: z.null() },
    errors: ['booking_not_found', 'booking_state_changed'],
  },
  'POST /api/bookings/:id/end-unpaid': {
    summary: 'The host ends a stay with a period unpaid past the grace period; both are told',
    params: uuidParamsSchema,
    responses: { 200: bookingSchema },
    errors: ['booking_not_found', 'booking_state_changed'],
  },
  'GET /api/bookings/:id/move-in-report': {
    summary:
      "A stay's latest move-in report and whether its guest may report now (the first 24 hours after check-in of a confirmed stay): for its guest, its host and admins",
    params: uuidParamsSchema,
    responses: { 200: bookingMoveInSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    errors: ['booking_not_found'],
  },
  'POST /api/bookings/:id/move-in-report': {
    summary:
      "The guest reports that the place is not as described or that they could not get in, within 24 hours of check-in; the host's payout is held until an admin decides. One open report per stay",
    params: uuidParamsSchema,
    body: moveInReportBodySchema,
    responses: { 201: moveInReportSchema, ...refusals },
    errors: ['booking_not_found', 'move_in_not_confirmed', 'move_in_window_closed', 'move_in_report_exists'],
  },
  'POST /api/move-in-reports/:id/photos': {
    file: true,
    summary: "Add a photo (JPEG, PNG or WebP, at most 10 MB, as the request body) to the guest's open move-in report; at most 6",
    params: uuidParamsSchema,
    responses: { 200: moveInReportSchema, ...refusals, 413: errorResponseSchema, 415: errorResponseSchema },
    errors: ['move_in_report_not_found', 'move_in_report_decided', 'invalid_image', 'image_too_large', 'move_in_too_many_photos'],
  },
  'GET /api/move-in-reports/:id/photos/:photoId': {
    summary: "A move-in report's photo: for the stay's guest, its host and admins",
    params: moveInPhotoParamsSchema,
    responses: { 401: errorResponseSchema, 404: errorResponseSchema },
    errors: ['booking_not_found'],
  },
  'POST /api/move-in-reports/:id/answer': {
    summary: "The stay's host answers an open move-in report (a second answer replaces the first)",
    params: uuidParamsSchema,
    body: moveInAnswerBodySchema,
    responses: { 200: moveInReportSchema, ...refusals },
    errors: ['move_in_report_not_found', 'move_in_report_decided'],
  },
  'GET /api/admin/move-in-reports': {
    tags: ['admin'],
    summary: 'Move-in reports to decide (open, oldest first) and the latest decided',
    responses: { 200: adminMoveInListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
  },
  'POST /api/admin/move-in-reports/:id/decision': {
    tags: ['admin'],
    summary:
      'Decide an open move-in report once: refund everything and end the stay, refund part (amount, up to what the guest paid through us), or release the payout',
    params: uuidParamsSchema,
    body: moveInDecisionBodySchema,
    responses: { 200: moveInReportSchema, ...refusals, 502: errorResponseSchema },
    errors: ['move_in_report_not_found', 'move_in_report_decided', 'move_in_refund_invalid'],
  },
  'GET /api/bookings/:id/changes': {
    summary: 'A booking\'s proposed changes, newest first, for its guest or host, and whether the guest is offered "Extend your stay"',
    params: uuidParamsSchema,
    responses: { 200: stayChangeListSchema, 404: errorResponseSchema },
    errors: ['booking_not_found'],
  },
  'POST /api/bookings/:id/changes/quote': {
    summary:
      'Prices a change of a confirmed stay before it is proposed: the new quote and the difference (a charge, or a refund by the policy); 409 when the place is not free',
    params: uuidParamsSchema,
    body: stayChangeBodySchema,
    responses: { 200: stayChangePriceSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    errors: stayChangeErrors,
  },
  'POST /api/bookings/:id/changes': {
    summary:
      'The guest or host of a confirmed stay proposes new dates or guests; the other side has 24 hours to answer. One open proposal per booking',
    params: uuidParamsSchema,
    body: stayChangeBodySchema,
    responses: { 201: stayChangeSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    errors: [...stayChangeErrors, 'stay_change_open_exists'],
  },
  'POST /api/stay-changes/:id/withdraw': {
    summary: 'The side that proposed a change takes it back while it is open',
    params: uuidParamsSchema,
    responses: { 200: stayChangeSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    errors: ['stay_change_not_found', 'stay_change_not_yours', 'stay_change_answered'],
  },
  'POST /api/stay-changes/:id/:answer': {
    summary:
      'The other side accepts or declines a proposed change. Accepting moves the booking (409 when the new dates are not free: the proposal stays open) and its money; a guest accepting a card extension gets checkoutUrl for the difference (?lang= its return page)',
    params: stayChangeAnswerParamsSchema,
    query: languageQuerySchema,
    responses: { 200: stayChangeAnswerResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    errors: [
      'stay_change_not_found',
      'stay_change_not_yours',
      'stay_change_answered',
      ...stayChangeErrors.filter((code) => code !== 'booking_not_found'),
    ],
  },
});
