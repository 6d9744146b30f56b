/**
 * Every error code the API may answer with. The server can only throw a listed code (HttpError is
 * typed with it) and the web app must have a message for each one (a type check in
 * web/lib/error-message.ts), so no user ever sees the generic text for a known failure. Only the
 * type is used: which received codes have a message, the browser asks of its translations.
 */
export const errorCodes = [
  // Requests the server could not read
  'validation_failed',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
  'cross_site_request',
  'internal_error',
  // The database cannot be reached for a moment (503 with Retry-After)
  'temporarily_unavailable',
  // Who may act
  'unauthenticated',
  'unauthorized',
  'forbidden',
  'admin_only',
  'host_only',
  'account_suspended',
  'not_found',
  // Limits
  'too_many_requests',
  'too_many_booking_requests',
  'too_many_inquiries',
  'too_many_calendar_feeds',
  // Accounts and sign-up
  'invalid_credentials',
  'email_taken',
  'email_not_confirmed',
  'password_too_short',
  'password_too_weak',
  'fields_required',
  'age_requirement_not_met',
  'invalid_email',
  'invalid_reset_token',
  'reset_link_used',
  'terms_not_accepted',
  'cannot_change_self',
  'profile_not_found',
  // Files
  'invalid_image',
  'image_too_large',
  'invalid_document',
  'invalid_cv',
  'verification_in_progress',
  // Stays and bookings
  'dates_unavailable',
  'check_out_not_after_check_in',
  'check_in_in_past',
  'outside_availability',
  'stay_too_short',
  'season_stay_too_short',
  'stay_too_long',
  'stay_total_too_high',
  'too_many_rooms',
  'too_many_guests',
  'lease_option_unavailable',
  'check_in_on_shabbat',
  'check_in_after_candle_lighting',
  'check_out_on_shabbat',
  'listing_not_found',
  'listing_removed',
  'own_listing',
  'idempotency_key_reused',
  'booking_not_found',
  'conversation_not_found',
  'booking_state_changed',
  // Paying (docs/decisions/024-payments.md)
  'payment_not_completed',
  'payment_failed',
  'payments_not_configured',
  'invalid_signature',
  'too_many_pending_requests',
  'pending_request_exists',
  'stay_not_completed',
  'already_reviewed',
  'review_window_closed',
  'review_not_found',
  'already_replied',
  'person_not_found',
  // Hosts' listings
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
  'price_rule_dates',
  'price_rule_too_far',
  'price_rule_empty',
  'price_rule_overlap',
  'too_many_price_rules',
  'price_rule_not_found',
  'imported_block',
  // Calendar sync with other sites
  'feed_not_found',
  'too_many_feeds',
  'feed_exists',
  'invalid_feed_url',
  'sync_too_soon',
  'sync_in_progress',
  'changes_outdated',
  // Verified places (issue 39)
  'place_verification_in_progress',
  'place_not_verified',
  // Moderation and content
  'already_decided',
  'invalid_transition',
  'cannot_report_self',
  'cannot_report_own_listing',
  'post_not_found',
  'help_article_not_found',
  // Receipts and payouts
  'receipt_not_found',
  'payout_exceeds_due',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const isErrorCode = (code: string): code is ErrorCode => (errorCodes as readonly string[]).includes(code);
