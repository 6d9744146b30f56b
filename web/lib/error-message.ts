import { isApiError } from './api-client.ts';

const knownCodes = [
  'invalid_credentials',
  'validation_failed',
  'too_many_requests',
  'account_suspended',
  'email_taken',
  'email_not_confirmed',
  'password_too_short',
  'password_too_weak',
  'fields_required',
  'age_requirement_not_met',
  'invalid_email',
  'invalid_reset_token',
  'already_registered',
  'invalid_image',
  'invalid_document',
  'invalid_cv',
  'verification_in_progress',
  'payload_too_large',
  'network_error',
  'not_found',
  'forbidden',
  'unauthorized',
  'unknown',
  'dates_unavailable',
  'check_out_not_after_check_in',
  'check_in_in_past',
  'outside_availability',
  'stay_too_short',
  'stay_too_long',
  'too_many_rooms',
  'too_many_guests',
  'lease_option_unavailable',
  'listing_not_found',
  'own_listing',
  'idempotency_key_reused',
  'booking_not_found',
  'host_only',
  'booking_state_changed',
  'stay_not_completed',
  'already_reviewed',
  'already_decided',
  'invalid_transition',
  'cannot_change_self',
  'cannot_report_self',
  'cannot_report_own_listing',
  'listing_incomplete',
  'id_not_verified',
  'listing_status_changed',
  'listing_type_locked',
  'invalid_place',
  'too_many_photos',
  'photo_order_mismatch',
  'last_photo',
  'photo_not_found',
  'dates_booked',
  'block_not_found',
  'changes_outdated',
] as const;
type KnownCode = (typeof knownCodes)[number];

export type ErrorMessageKey = `errors.codes.${KnownCode}`;

/** The translation key of the message for an API error code (unknown codes get the generic message). */
export function errorMessageKey(error: unknown): ErrorMessageKey {
  const code = isApiError(error) ? error.code : 'unknown';
  const known = (knownCodes as readonly string[]).includes(code) ? (code as KnownCode) : 'unknown';
  return `errors.codes.${known}`;
}
