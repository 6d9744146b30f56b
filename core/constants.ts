/** Business constants, defined once and imported by web and server. */

export const propertyTypes = ['hotel', 'sublet', 'rental'] as const;
export type PropertyType = (typeof propertyTypes)[number];

export const roles = ['guest', 'host', 'admin'] as const;
export type Role = (typeof roles)[number];

export const launchModes = ['prelaunch', 'live'] as const;
export type LaunchMode = (typeof launchModes)[number];

export const minimumAge = 18;
export const minimumPasswordLength = 8;
export const ratingScale = 5;

export const priceSlider = {
  hotel: { min: 100, max: 1000, step: 50 },
  sublet: { min: 1000, max: 15000, step: 500 },
  rental: { min: 500, max: 5000, step: 100 },
  default: { min: 0, max: 10000, step: 100 },
} as const;

export const roomsPicker = {
  maxRooms: 8,
  minAdults: 1,
  maxAdults: 8,
  minChildren: 0,
  maxChildren: 4,
  defaultChildAge: 10,
  minChildAge: 0,
  maxChildAge: 17,
  newRoom: { adults: 2, children: 0 },
} as const;

/** Commission per property type until an admin sets others (platform_settings 'commission_rates'). */
export const defaultCommissionRates: Record<PropertyType, number> = { hotel: 0.12, sublet: 0.08, rental: 0.1 };
export const daysPerMonth = 30;
/** From this many nights a stay is a long one: paid month by month, with an agreement (decisions 054, 055). */
export const longStayNights = 28;
/**
 * The long-stay payment settings an admin may choose (decision 060; their defaults are
 * core/payment-schedule.ts defaultDueDaysBefore and core/payment-states.ts defaultGraceDays). Due
 * days: 0 (a month is due the day it starts) to 14 (two weeks ahead; more would charge a guest for a
 * month while half of the month before is still to run). Grace days: at least one (a host never ends
 * a stay on the due day itself), at most a month. Here, not beside the defaults, so the admin's form
 * shows them without loading the schedule's code.
 */
export const dueDaysBeforeBounds = { min: 0, max: 14 } as const;
export const graceDaysBounds = { min: 1, max: 30 } as const;
export const daysPerWeek = 7;
export const sampleMinStayDays = 30;
export const sampleMaxStayDays = 365;

export const blogPostsPerPage = 9;
export const skeletonCardCount = 6;
export const cardAmenityChips = 3;
export const maxLocationSuggestions = 8;
export const starValues = [1, 2, 3, 4, 5] as const;

export const contactCategories = ['general', 'booking', 'payment', 'verification', 'technical', 'partnership'] as const;
/** The contact form's field lengths (core/contact-schemas.ts checks them; the form's inputs stop there). */
export const contactLimits = { name: 100, email: 254, subject: 150, message: 5000 } as const;
export const contactSimulatedDelayMs = 1000;

/** Where a newsletter sign-up came from: the footer form or the blog's newsletter box. */
export const newsletterSources = ['footer', 'blog'] as const;

export const languageOverrideCookieDays = 365;
export const geolocationTimeoutMs = 5000;
export const geolocationRetries = 2;

export const timings = {
  heroRotationMs: 4000,
  heroFadeMs: 300,
  languageFadeMs: 200,
  navScrollThresholdPx: 50,
  compactSearchBarPx: 100,
  mobileBreakpointPx: 768,
  routeTransitionMs: 250,
  footerLanguageDelayMs: 150,
} as const;

export const dateFormats = {
  display: 'MMM dd, yyyy',
  range: 'MMM dd',
  stored: 'yyyy-MM-dd',
  /** 'January 15, 2025', as the terms' last-updated line. */
  long: 'MMMM d, yyyy',
} as const;
export const monthsShownInPicker = 2;
/** date-fns weekStartsOn: Sunday, as in Israel. */
export const weekStartsOn = 0 as const;

export const hotelAmenities = [
  'free_wifi',
  'swimming_pool',
  'gym',
  'spa',
  'restaurant',
  'room_service',
  'business_center',
  'parking',
  'air_conditioning',
  'pet_friendly',
  'airport_shuttle',
  'breakfast_included',
  'shabbat_elevator',
  'kosher_kitchen',
  'elevator',
  'step_free_entrance',
  'wide_doorways',
  'accessible_bathroom',
  'accessible_parking',
] as const;

/** Amenities of homes (sublets and rentals); a listing's amenities are keys from either list. */
export const homeAmenities = [
  'free_wifi',
  'air_conditioning',
  'kitchen',
  'washer',
  'dryer',
  'dishwasher',
  'balcony',
  'elevator',
  'parking',
  'workspace',
  'tv',
  'heating',
  'safe_room',
  'sea_view',
  'garden',
  'crib',
  'shabbat_elevator',
  'kosher_kitchen',
  'step_free_entrance',
  'wide_doorways',
  'accessible_bathroom',
  'accessible_parking',
] as const;

/**
 * Accessibility features (issue 39, item 6): amenities like any other, so they are stored, searched
 * (one bit test each in the covering indexes) and shown the amenities' way, but the wizard, the
 * property page and the filter panel group them under their own heading.
 */
export const accessibilityFeatures = [
  'step_free_entrance',
  'elevator',
  'wide_doorways',
  'accessible_bathroom',
  'accessible_parking',
] as const;

export const amenityKeys = [...new Set<string>([...hotelAmenities, ...homeAmenities])];

export const houseRuleKeys = [
  'no_smoking',
  'no_parties',
  'quiet_hours',
  'no_pets',
  'pets_allowed',
  'check_in_after_15',
  'check_out_before_11',
  'shabbat_observant_building',
  'remove_shoes',
  'recycling',
] as const;

export const verificationStatuses = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/**
 * A listing's proof of the right to let it (issue 39): 'none' until the host uploads a document,
 * 'pending' while an admin reviews it, then 'verified' or 'rejected' (the host may upload again).
 */
export const placeVerificationStatuses = ['none', 'pending', 'verified', 'rejected'] as const;
export type PlaceVerificationStatus = (typeof placeVerificationStatuses)[number];
/** What a host may send as that proof: a deed, a lease allowing a sublet, or a hotel's business licence. */
export const placeDocumentKinds = ['deed', 'lease', 'business_licence'] as const;
export type PlaceDocumentKind = (typeof placeDocumentKinds)[number];

/**
 * 'suspended': an approved listing of a suspended host, taken down with the account and put back
 * to approved when the account is reactivated (the host cannot change it meanwhile).
 */
export const listingStatuses = ['draft', 'submitted', 'approved', 'rejected', 'paused', 'suspended'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

export const bookingStatuses = ['pending', 'confirmed', 'declined', 'expired', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** Bookings that hold their dates: a pending request keeps them until the host answers or it expires. */
export const blockingBookingStatuses = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];

export const reportStatuses = ['pending', 'investigating', 'resolved', 'dismissed'] as const;

export const signupTypes = ['property_owner', 'discount_seeker'] as const;

export const securityEventTypes = [
  'USER_SIGNED_IN',
  'USER_SIGNED_OUT',
  'USER_SIGNED_UP',
  'SIGNUP_FAILED',
  'LOGIN_FAILED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_CHANGED',
  'ROLE_CHANGED',
  'USER_SUSPENDED',
  'USER_REACTIVATED',
  'ADMIN_ACTION',
  /** A payment provider's event refused: not a checkout Lina opened, or not the amount it asked for. */
  'PAYMENT_REFUSED',
  /** An authenticator app or a passkey added or removed, or new recovery codes (decision 051). */
  'SECOND_FACTOR_CHANGED',
  /** The member closed their account (docs/decisions/050-your-data.md); its erasure follows. */
  'ACCOUNT_CLOSED',
  'DATA_EXPORT_REQUESTED',
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

/** Rentals' lease lengths, in the order the card lists them (here, not in contracts/search.ts, so cards load without zod). */
export const leaseOptionValues = ['1 week', '2 weeks', '1 month', '3 months', '6 months'] as const;

/** Why a listing or user is reported (here, not in admin-schemas.ts, so the report dialog loads without zod). */
/** What a report is about: a listing, a user, or a conversation a host received (Contact host). */
export const reportTargets = ['property', 'user', 'conversation'] as const;
export const reportReasons = ['inaccurate', 'scam', 'inappropriate', 'safety', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
