import type { StayProblem } from './booking-rules.ts';
import type { ErrorCode } from './error-codes.ts';

/**
 * The codes a use case may refuse with. Each has exactly one HTTP status, given in one table on the
 * server (server/http/domain-error-status.ts); a use case and a repository never name a status, so
 * the same use case answers a route, a job or a webhook (issue 36, decision 053).
 */
export type DomainErrorCode = Extract<
  ErrorCode,
  | StayProblem
  | 'stay_total_too_high'
  | 'dates_unavailable'
  | 'place_not_verified'
  | 'listing_not_found'
  | 'own_listing'
  | 'idempotency_key_reused'
  | 'booking_not_found'
  | 'host_only'
  | 'booking_state_changed'
  | 'payment_not_completed'
  | 'payment_failed'
  | 'payments_not_configured'
  | 'too_many_pending_requests'
  | 'pending_request_exists'
  | 'stay_not_completed'
  | 'review_window_closed'
  | 'already_reviewed'
  | 'review_not_found'
  | 'already_replied'
  | 'receipt_not_found'
  | 'agreement_not_found'
  | 'agreement_parties_only'
  | 'agreement_outdated'
  | 'agreement_closed'
  | 'not_found'
  | 'payout_exceeds_due'
  | 'fee_payment_exceeds_owed'
  | 'fee_payment_already_recorded'
  | 'stay_change_not_found'
  | 'stay_change_not_allowed'
  | 'stay_change_open_exists'
  | 'stay_change_invalid_dates'
  | 'stay_change_no_change'
  | 'stay_change_started'
  | 'stay_change_unavailable'
  | 'stay_change_answered'
  | 'stay_change_not_yours'
  | 'invalid_image'
  | 'image_too_large'
  | 'move_in_not_confirmed'
  | 'move_in_window_closed'
  | 'move_in_report_exists'
  | 'move_in_report_not_found'
  | 'move_in_report_decided'
  | 'move_in_refund_invalid'
  | 'move_in_too_many_photos'
  | 'refund_exceeds_refundable'
  | 'notice_not_found'
>;

/** A rule a use case refused on: its code says which (and selects the translated message on the web). */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
