import type { DomainErrorCode } from '../../core/domain-error.ts';

/**
 * The one place a use case's refusal becomes an HTTP status (issue 36, decision 053): use cases and
 * repositories throw `DomainError(code)` and never name a status; the error handler
 * (http/errors.ts) answers with the status this table gives the code. A new domain code fails the
 * type check until it has a row here.
 */
export const domainErrorStatus: Record<DomainErrorCode, number> = {
  // The stay asked for breaks a rule of the listing (core/booking-rules.ts, core/shabbat-rules.ts, core/quote.ts).
  check_out_not_after_check_in: 400,
  check_in_in_past: 400,
  outside_availability: 400,
  stay_too_short: 400,
  season_stay_too_short: 400,
  stay_too_long: 400,
  too_many_rooms: 400,
  too_many_guests: 400,
  lease_option_unavailable: 400,
  check_in_on_shabbat: 400,
  check_in_after_candle_lighting: 400,
  check_out_on_shabbat: 400,
  stay_total_too_high: 400,
  // Who may act, and on what.
  own_listing: 403,
  host_only: 403,
  listing_not_found: 404,
  booking_not_found: 404,
  review_not_found: 404,
  receipt_not_found: 404,
  agreement_not_found: 404,
  agreement_parties_only: 403,
  not_found: 404,
  notice_not_found: 404,
  // The state does not allow it now.
  dates_unavailable: 409,
  place_not_verified: 409,
  booking_state_changed: 409,
  agreement_outdated: 409,
  agreement_closed: 409,
  payment_not_completed: 409,
  too_many_pending_requests: 409,
  pending_request_exists: 409,
  stay_not_completed: 409,
  review_window_closed: 409,
  already_reviewed: 409,
  already_replied: 409,
  payout_exceeds_due: 409,
  fee_payment_exceeds_owed: 409,
  fee_payment_already_recorded: 409,
  // Changing a confirmed stay (decision 058).
  stay_change_not_found: 404,
  stay_change_not_allowed: 409,
  stay_change_open_exists: 409,
  stay_change_invalid_dates: 400,
  stay_change_no_change: 400,
  stay_change_started: 400,
  stay_change_unavailable: 409,
  stay_change_answered: 409,
  stay_change_not_yours: 403,
  // Move-in protection (decision 056), and its photos.
  invalid_image: 400,
  image_too_large: 400,
  move_in_not_confirmed: 409,
  move_in_window_closed: 409,
  move_in_report_exists: 409,
  move_in_report_not_found: 404,
  move_in_report_decided: 409,
  move_in_refund_invalid: 400,
  move_in_too_many_photos: 409,
  // A refund larger than what the stay's card charges can still give back (decision 061).
  refund_exceeds_refundable: 409,
  idempotency_key_reused: 422,
  // The card provider failed or is not configured: nothing the caller did wrong.
  payment_failed: 502,
  payments_not_configured: 503,
};
