/**
 * The whole database schema in one file, over 300 lines on purpose: drizzle-kit reads it to generate
 * the migrations in drizzle/, and foreign keys between tables are easiest to follow side by side.
 * Tables are grouped by feature, in the order their features appear in server/features.
 */
import type { AuditDescriptionParams } from '../../core/audit-descriptions.ts';
import { sql } from 'drizzle-orm';
import { hostPolicies, type CancellationPolicy } from '../../core/cancellation-policies.ts';
import type { StayQuote } from '../../core/quote.ts';
import type { LedgerAccount, LedgerKind } from '../../core/ledger-rules.ts';
import {
  paymentKinds,
  paymentMethods,
  paymentRowStatuses,
  paymentStatuses,
  type PaymentKind,
  type PaymentRowStatus,
} from '../../core/payment-states.ts';
import { noticeKinds, type NoticeKind } from '../../core/notice-kinds.ts';
import { alertFrequencies } from '../../core/search-alerts.ts';
import type { StayChangePrice } from '../../core/stay-change-pricing.ts';
import type { StayBeforeChange } from '../../core/unpaid-extension.ts';
import { stayChangeRoles, stayChangeStatuses, type StayChangeRole, type StayChangeStatus } from '../../core/stay-change-states.ts';
import {
  moveInDecisions,
  moveInReasons,
  moveInReportStatuses,
  type MoveInDecision,
  type MoveInReason,
  type MoveInReportStatus,
} from '../../core/move-in-rules.ts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bookingStatuses,
  listingStatuses,
  placeVerificationStatuses,
  propertyTypes,
  reportStatuses,
  reportTargets,
  roles,
  signupTypes,
  verificationStatuses,
} from '../../core/constants.ts';

/** A photo of a listing's edited version: an approved photo (its row id) or a new upload (an id taken from the photos' sequence). */
export interface PendingListingPhoto {
  id: number;
  storageKey: string;
  width: number | null;
  height: number | null;
  /** Its perceptual hashes as decimal strings (jsonb has no 64-bit integers); carried to property_photos on approval. */
  perceptualHash?: string | null;
  mirrorHash?: string | null;
  colourSignature?: string | null;
}
export interface PendingListingChanges {
  /** Column values by property name (placeId comes with its cityId). */
  fields: Record<string, unknown>;
  /** The edited photo list in order, when it differs from the approved one. */
  photos?: PendingListingPhoto[];
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', roles);
export const userStatusEnum = pgEnum('user_status', ['active', 'suspended']);
export const languageEnum = pgEnum('language', ['en', 'he']);
export const verificationStatusEnum = pgEnum('id_verification_status', verificationStatuses);
export const propertyTypeEnum = pgEnum('property_type', propertyTypes);
export const listingStatusEnum = pgEnum('listing_status', listingStatuses);
export const placeVerificationEnum = pgEnum('place_verification_status', placeVerificationStatuses);
export const bookingStatusEnum = pgEnum('booking_status', bookingStatuses);
export const reportStatusEnum = pgEnum('report_status', reportStatuses);
export const reportTargetEnum = pgEnum('report_target', reportTargets);
export const signupTypeEnum = pgEnum('signup_type', signupTypes);
export const placeKindEnum = pgEnum('place_kind', ['region', 'city', 'neighbourhood']);
export const authTokenPurposeEnum = pgEnum('auth_token_purpose', ['confirm_email', 'reset_password']);
export const mailStatusEnum = pgEnum('mail_status', ['queued', 'sent', 'failed']);
export const hostPolicyEnum = pgEnum('host_cancellation_policy', hostPolicies);
export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const alertFrequencyEnum = pgEnum('alert_frequency', alertFrequencies);

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('guest'),
    status: userStatusEnum('status').notNull().default('active'),
    language: languageEnum('language').notNull().default('en'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** When the user accepted the terms of service and privacy policy at sign-up (null for older accounts). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * When the member closed their account (docs/decisions/050-your-data.md): from then on nobody
     * signs in to it, and the erasure job removes its personal data once account_deletions says so.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The guest's Stripe Customer, made at the first long card stay: its saved card pays the later periods (decision 054). */
    stripeCustomerId: text('stripe_customer_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_role_idx').on(table.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    /** SHA-256 of the token sent by e-mail. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: authTokenPurposeEnum('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('auth_tokens_user_idx').on(table.userId, table.purpose)],
);

/**
 * A member's authenticator-app (TOTP) secret (docs/decisions/051-second-factor-and-passkeys.md).
 * The secret is sealed with TWO_FACTOR_KEY when it is set and never leaves the server after setup;
 * a row without confirmed_at is a setup begun but not confirmed with a code (no second factor yet).
 * last_time_step is the time step of the last code accepted: a code of that step or earlier is
 * refused, so a code cannot be used twice.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 of the code (they are long random strings); used_at once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

/** WebAuthn credentials (passkeys): a sign-in method and a second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter; an assertion whose counter does not grow (when it counts) is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('passkeys_credential_unique').on(table.credentialId), index('passkeys_user_idx').on(table.userId)],
);

/**
 * Short-lived steps of signing in and of adding a passkey: a pending sign-in after the password
 * ('second_factor', no session yet), a passkey sign-in ('passkey_sign_in', no user yet) and a passkey
 * being added ('passkey_register'). Stored by the SHA-256 of the token the client holds; the WebAuthn
 * challenge, when there is one, is kept here, never trusted from the client. Each is used once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['second_factor', 'passkey_sign_in', 'passkey_register'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    webauthnChallenge: text('webauthn_challenge'),
    /** Wrong codes given with this pending sign-in; it dies at the limit. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_challenges_expires_idx').on(table.expiresAt)],
);

export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  bio: text('bio'),
  /** Age is computed from this date, never stored. */
  dateOfBirth: date('date_of_birth'),
  profileImageKey: text('profile_image_key'),
  isVerified: boolean('is_verified').notNull().default(false),
  idVerificationStatus: verificationStatusEnum('id_verification_status').notNull().default('unverified'),
  idDocumentKey: text('id_document_key'),
  verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true }),
  verificationRejectionReason: text('verification_rejection_reason'),
  /** Host figures shown on the host card; response time in hours. */
  responseTimeHours: integer('response_time_hours'),
  updatedAt: updatedAt(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    description: text('description'),
    /** The description as a code and parameters, translated where it is shown (core/audit-descriptions.ts); null before codes. */
    descriptionCode: text('description_code'),
    descriptionParams: jsonb('description_params').$type<AuditDescriptionParams>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('security_events_user_idx').on(table.userId, table.createdAt),
    index('security_events_type_idx').on(table.eventType, table.createdAt),
  ],
);

export const userSignups = pgTable(
  'user_signups',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    signupType: signupTypeEnum('signup_type').notNull(),
    language: languageEnum('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('user_signups_email_type_unique').on(table.email, table.signupType)],
);

export const recommendations = pgTable(
  'recommendations',
  {
    id: serial('id').primaryKey(),
    recommendedUserId: uuid('recommended_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recommenderUserId: uuid('recommender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recommendationText: text('recommendation_text').notNull(),
    rating: smallint('rating').notNull(),
    relationshipContext: text('relationship_context'),
    createdAt: createdAt(),
  },
  (table) => [
    index('recommendations_recommended_idx').on(table.recommendedUserId, table.createdAt),
    check('recommendations_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

// ---------------------------------------------------------------- your data (docs/decisions/050-your-data.md)

export const dataExportStatusEnum = pgEnum('data_export_status', ['queued', 'running', 'ready', 'failed', 'expired']);

/**
 * A member's "download my data" request: the export job takes a queued row by leasing it
 * (claimed_until, under FOR UPDATE SKIP LOCKED), builds the ZIP into private storage and mails a
 * link to the profile. The archive is served to its member only, until expires_at.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatusEnum('status').notNull().default('queued'),
    /** The archive's private key in storage once built; cleared when it expires and the file is removed. */
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.createdAt),
    index('data_exports_status_idx').on(table.status, table.createdAt),
    // One export in the making per member: a second request while one is queued or running is refused by the database.
    uniqueIndex('data_exports_one_open_per_user')
      .on(table.userId)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export const accountDeletionStatusEnum = pgEnum('account_deletion_status', ['closed', 'erasing', 'erased']);

/**
 * A closed account waiting for, or past, its erasure: the member's row stays (bookings, payments and
 * reviews keep pointing at it) but its personal data is removed once erase_after has passed. Admins
 * read this table to see each request and its state.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: accountDeletionStatusEnum('status').notNull().default('closed'),
    /** The member's role when they closed the account, for the admin's list once the name is gone. */
    role: roleEnum('role').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_deletions_user_unique').on(table.userId),
    index('account_deletions_due_idx').on(table.status, table.eraseAfter),
  ],
);

// ---------------------------------------------------------------- places and listings

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    kind: placeKindEnum('kind').notNull(),
    nameEn: text('name_en').notNull(),
    nameHe: text('name_he').notNull(),
    /** A neighbourhood's city, a city's region. */
    parentId: integer('parent_id'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Higher first in suggestions: bigger, better-known places. */
    popularity: integer('popularity').notNull().default(0),
  },
  (table) => [
    uniqueIndex('places_slug_unique').on(table.slug),
    index('places_parent_idx').on(table.parentId),
    // Partial names in either language ('tel', 'ירוש') for the autocomplete and the location filter.
    index('places_name_en_trgm_idx').using('gin', sql`${table.nameEn} gin_trgm_ops`),
    index('places_name_he_trgm_idx').using('gin', sql`${table.nameHe} gin_trgm_ops`),
    // Whole names, as a searched location is named back in the visitor's language (English case aside).
    index('places_name_en_lower_idx').on(sql`lower(${table.nameEn})`),
    index('places_name_he_idx').on(table.nameHe),
  ],
);

const approved = sql`status = 'approved'`;

/** PostgreSQL's full-text document type (drizzle has no column builder for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A listing's titles and descriptions in both languages, as one text (the search's `text` field, decision 048). */
const listingText = sql`title_en || ' ' || title_he || ' ' || description_en || ' ' || description_he`;

export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyType: propertyTypeEnum('property_type').notNull(),
    status: listingStatusEnum('status').notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    /**
     * A host's edits to a published listing waiting for an admin (the changed fields, and the whole
     * photo list when photos changed); null when none. Guests see the columns until approval.
     */
    pendingChanges: jsonb('pending_changes').$type<PendingListingChanges>(),
    changesSubmittedAt: timestamp('changes_submitted_at', { withTimezone: true }),
    changesRejectionReason: text('changes_rejection_reason'),
    /**
     * The host's proof of the right to let the place (a deed, a lease allowing a sublet, a hotel's
     * business licence): a private file an admin reviews (docs/decisions/052-verified-places.md).
     */
    placeVerification: placeVerificationEnum('place_verification').notNull().default('none'),
    placeDocumentKey: text('place_document_key'),
    placeDocumentKind: text('place_document_kind'),
    placeDocumentSubmittedAt: timestamp('place_document_submitted_at', { withTimezone: true }),
    /** Why an admin turned the document down; shown to the host. */
    placeRejectionReason: text('place_rejection_reason'),
    // A draft starts empty: the wizard saves every step, and submission checks completeness.
    titleEn: text('title_en').notNull().default(''),
    titleHe: text('title_he').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionHe: text('description_he').notNull().default(''),
    /** The most precise gazetteer entry (a neighbourhood or a city); null only in a draft. */
    placeId: integer('place_id').references(() => places.id),
    /** The city the place belongs to (the place itself when it is a city). */
    cityId: integer('city_id').references(() => places.id),
    address: text('address'),
    /** The street address in Hebrew, shown on Hebrew pages; null when the host gave none (the English one is shown). */
    addressHe: text('address_he'),
    /**
     * Where the listing is: the host's pin (the wizard starts it at the place's centre). Private: the
     * public API only ever shows the area point below (docs/decisions/019-map-search.md).
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The listing's secret offset from its pin, drawn once when the row is made and never shown: a
     * bearing (radians) and a distance of 150-450 m. Drawn at random rather than derived from the id,
     * so that nobody can take it off the public point to find the address.
     */
    areaBearing: real('area_bearing')
      .notNull()
      .default(sql`(random() * 2 * pi())::real`),
    areaDistance: smallint('area_distance')
      .notNull()
      .default(sql`(150 + floor(random() * 301))::smallint`),
    /**
     * The approximate point the map shows and the bounding-box search filters on: the pin moved by
     * the secret offset (a metre is 1/111,320 of a degree of latitude). Filtering on the exact pin
     * would let a series of small boxes find it.
     */
    areaLatitude: doublePrecision('area_latitude').generatedAlwaysAs(sql`latitude + area_distance * cos(area_bearing) / 111320.0`),
    areaLongitude: doublePrecision('area_longitude').generatedAlwaysAs(
      sql`longitude + area_distance * sin(area_bearing) / (111320.0 * cos(radians(latitude)))`,
    ),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The amenities as bits (core/amenity-bits.ts), computed by the database from `amenities`: the
     * covering search indexes carry it, so an amenity filter never reads the table.
     */
    amenityBits: bigint('amenity_bits', { mode: 'number' }).generatedAlwaysAs(sql`amenity_mask(amenities)`),
    houseRules: text('house_rules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    petFriendly: boolean('pet_friendly').notNull().default(false),
    swapAvailable: boolean('swap_available').notNull().default(false),
    starRating: smallint('star_rating'),
    roomCount: smallint('room_count'),
    pricePerNight: integer('price_per_night'),
    pricePerWeek: integer('price_per_week'),
    pricePerMonth: integer('price_per_month'),
    durationMonths: smallint('duration_months'),
    leaseOptions: text('lease_options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bedrooms: smallint('bedrooms').notNull().default(1),
    bathrooms: smallint('bathrooms').notNull().default(1),
    maxGuests: smallint('max_guests').notNull().default(2),
    availableFrom: date('available_from'),
    availableUntil: date('available_until'),
    minStayDays: smallint('min_stay_days').notNull().default(1),
    maxStayDays: smallint('max_stay_days').notNull().default(365),
    /**
     * The host keeps Shabbat: no check-in or check-out on Shabbat and festival days, and no check-in
     * on their eve unless checkInTime is an hour before candle-lighting (core/shabbat-rules.ts).
     */
    keepsShabbat: boolean('keeps_shabbat').notNull().default(false),
    /** 'HH:mm', Israel time: when guests may arrive. */
    checkInTime: text('check_in_time').notNull().default('15:00'),
    /**
     * The host lets guests whose identity is verified book at once; everyone else still sends a
     * request (core/booking-rules.ts, bookingOutcome). Every type; hotels had it on before it was a setting.
     */
    instantBooking: boolean('instant_booking').notNull().default(false),
    // Fees and discounts, whole shekels and percents (core/quote.ts; docs/decisions/023-money.md).
    cleaningFee: integer('cleaning_fee').notNull().default(0),
    /** Refundable, homes only: collected and returned by the host, never part of the total. */
    securityDeposit: integer('security_deposit').notNull().default(0),
    weeklyDiscountPercent: smallint('weekly_discount_percent').notNull().default(0),
    monthlyDiscountPercent: smallint('monthly_discount_percent').notNull().default(0),
    /** Per night for each guest above guestsIncluded (homes); null guestsIncluded: the price covers everyone. */
    extraGuestFee: integer('extra_guest_fee').notNull().default(0),
    guestsIncluded: smallint('guests_included'),
    /** Hotels and rentals; sublets and stays of 28 nights or more follow the long-stay policy (core/cancellation-policies.ts). */
    cancellationPolicy: hostPolicyEnum('cancellation_policy').notNull().default('moderate'),
    /** The price a search shows, filters and sorts on: per night, month or week by type. */
    listPrice: integer('list_price').generatedAlwaysAs(
      sql`case property_type when 'hotel' then price_per_night when 'sublet' then price_per_month else price_per_week end`,
    ),
    ratingAverage: real('rating_average'),
    reviewCount: integer('review_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The same words for full-text search: each Hebrew word also without its one-letter prefixes
     * (search_words), plus English stems of the English texts (drizzle: the functions, decision 048).
     */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, search_words(${listingText})) || to_tsvector('english'::regconfig, title_en || ' ' || description_en)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The search's `text` field: words (GIN over the document) with the city (btree_gin), one index per
    // kind of stay, so a search's words, type and city are matched in the index alone; approved listings
    // only; typos through search_lexicon (drizzle/0044_search_words_index.sql, decision 059).
    ...propertyTypes.map((type) =>
      index(`properties_search_words_${type}_idx`)
        .using('gin', table.cityId, table.searchDocument)
        .where(sql`status = 'approved' and property_type = ${sql.raw(`'${type}'`)}`),
    ),
    index('properties_type_status_idx').on(table.propertyType, table.status),
    index('properties_host_idx').on(table.hostId),
    // Search reads approved listings only; every search index is partial on that. The indexes that
    // searches walk in sort order, or count by place, carry the filter columns (INCLUDE), so that
    // filtering and counting never leave the index: drizzle cannot declare INCLUDE, so they live in
    // drizzle/0004_search_covering_indexes.sql, rebuilt with amenity_bits in 0014_search_bitmask.sql
    // (docs/performance.md).
    index('properties_search_availability_idx')
      .using('gist', sql`daterange(${table.availableFrom}, ${table.availableUntil}, '[]')`)
      .where(approved),
    // "Search this area": the approximate points inside the map's bounds (drizzle/0023_listing_coordinates.sql).
    index('properties_search_area_idx')
      .using('gist', sql`point(${table.areaLongitude}, ${table.areaLatitude})`)
      .where(approved),
    check(
      'properties_coordinates',
      sql`(${table.latitude} is null) = (${table.longitude} is null) and (${table.latitude} is null or (${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180))`,
    ),
    check('properties_area_distance_range', sql`${table.areaDistance} between 150 and 450`),
    check('properties_star_rating_range', sql`${table.starRating} is null or ${table.starRating} between 1 and 5`),
    // Drafts may lack a place; nothing submitted ever does (search and bookings join on it).
    check(
      'properties_placed_unless_draft',
      sql`${table.status} = 'draft' or (${table.placeId} is not null and ${table.cityId} is not null)`,
    ),
    check('properties_check_in_time_format', sql`${table.checkInTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'properties_availability_order',
      sql`${table.availableFrom} is null or ${table.availableUntil} is null or ${table.availableFrom} <= ${table.availableUntil}`,
    ),
  ],
);

export const propertyPhotos = pgTable(
  'property_photos',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** 0 is the cover. */
    position: smallint('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    altEn: text('alt_en'),
    altHe: text('alt_he'),
    /**
     * The photo's 64-bit perceptual hash and that of its mirror image (server/storage/photo-hash.ts),
     * to find a photo reused from another listing; null until computed (hashedAt set even when the
     * file could not be read, so the backfill job does not retry it forever).
     */
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }),
    mirrorHash: bigint('mirror_hash', { mode: 'bigint' }),
    /** The mean colour of each quarter of the photo, packed (server/storage/photo-hash.ts). */
    colourSignature: bigint('colour_signature', { mode: 'bigint' }),
    hashedAt: timestamp('hashed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('property_photos_property_idx').on(table.propertyId, table.position),
    // The backfill job walks the photos not hashed yet.
    index('property_photos_unhashed_idx')
      .on(table.id)
      .where(sql`hashed_at is null`),
  ],
);

/**
 * A photo of a listing that is a near-copy of another host's photo or of a listing an admin took
 * down: it holds the listing for review (the admin sees both side by side) until an admin decides
 * the listing or its changes. `photoKey` is the new photo's storage key (it may still be a pending one).
 */
export const listingPhotoMatches = pgTable(
  'listing_photo_matches',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    photoKey: text('photo_key').notNull(),
    matchedPropertyId: integer('matched_property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    matchedPhotoKey: text('matched_photo_key').notNull(),
    distance: smallint('distance').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('listing_photo_matches_open_idx')
      .on(table.propertyId)
      .where(sql`resolved_at is null`),
    uniqueIndex('listing_photo_matches_pair_idx').on(table.photoKey, table.matchedPhotoKey),
  ],
);

/**
 * Dates a host closed on a listing's calendar, [startDate, endDate) like a stay. Bookings refuse them
 * and the property page shows them as held.
 */
export const listingBlocks = pgTable(
  'listing_blocks',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /**
     * Set on a block imported from another site's calendar (calendar_feeds): the sync replaces and
     * removes those, and the host cannot remove them one by one. Null on the host's own blocks.
     */
    feedId: integer('feed_id').references(() => calendarFeeds.id, { onDelete: 'cascade' }),
    /** The imported event's UID, with the occurrence's start for a recurring one: what a sync matches on. */
    eventUid: text('event_uid'),
    createdAt: createdAt(),
  },
  (table) => [
    index('listing_blocks_property_idx').on(table.propertyId, table.startDate),
    uniqueIndex('listing_blocks_feed_event_unique').on(table.feedId, table.eventUid),
    check('listing_blocks_dates_order', sql`${table.startDate} < ${table.endDate}`),
    check('listing_blocks_feed_event', sql`(${table.feedId} is null) = (${table.eventUid} is null)`),
  ],
);

/**
 * A host's seasonal price or stay limit over the nights [start_date, end_date) (core/price-rules.ts,
 * docs/decisions/018-price-rules.md). A listing's rules never share a night: an exclusion constraint
 * (drizzle/0021_price_rules.sql) refuses overlaps whatever races. Writes end the cached searches and
 * listing pages they change (drizzle/0049_keyed_cache_changes.sql).
 */
export const listingPriceRules = pgTable(
  'listing_price_rules',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** The holiday season the dates came from (core/price-rules.ts priceRulePresets); null for chosen dates. */
    preset: text('preset'),
    adjustPercent: smallint('adjust_percent'),
    /** A fixed price in the listing's unit: per night (hotel), week (rental) or month (sublet). */
    price: integer('price'),
    minNights: smallint('min_nights'),
    createdAt: createdAt(),
  },
  (table) => [
    index('listing_price_rules_property_idx').on(table.propertyId, table.startDate),
    // Search looks for the rules of a stay's dates: those ending after its check-in.
    index('listing_price_rules_end_idx').on(table.endDate),
    check('listing_price_rules_dates_order', sql`${table.startDate} < ${table.endDate}`),
    check('listing_price_rules_one_price', sql`${table.adjustPercent} is null or ${table.price} is null`),
    check(
      'listing_price_rules_does_something',
      sql`${table.adjustPercent} is not null or ${table.price} is not null or ${table.minNights} is not null`,
    ),
    check('listing_price_rules_percent_range', sql`${table.adjustPercent} is null or ${table.adjustPercent} between -50 and 300`),
    check('listing_price_rules_price_positive', sql`${table.price} is null or ${table.price} > 0`),
    check('listing_price_rules_min_nights_positive', sql`${table.minNights} is null or ${table.minNights} > 0`),
  ],
);

/**
 * A listing's private iCal export (docs/decisions/016-calendar-sync.md): other sites read its stays
 * and blocks from /api/ical/<token>.ics. The token is kept to show it to its host again; requests are
 * looked up by its SHA-256 (token_hash), so no comparison of the secret itself depends on its value.
 * Rotating replaces both: the old address stops answering at once.
 */
export const calendarExports = pgTable(
  'calendar_exports',
  {
    propertyId: integer('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('calendar_exports_token_hash_unique').on(table.tokenHash)],
);

/**
 * Another site's calendar a host connected to a listing: a background job fetches it every
 * CALENDAR_SYNC_MINUTES and keeps one listing_blocks row per event. A runner takes a feed by leasing
 * it (claimed_until), like the mail queue, so several instances never fetch the same feed at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The last answer's validators, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** When the feed was last read successfully (a 304 counts), how many events it held then. */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    eventCount: integer('event_count').notNull().default(0),
    /** When the last attempt ended, and the error code it ended with (null when it succeeded). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('calendar_feeds_property_url_unique').on(table.propertyId, table.url),
    index('calendar_feeds_next_sync_idx').on(table.nextSyncAt),
  ],
);

/**
 * A stay (pending or confirmed) that an imported event overlaps: the two sites sold the same nights.
 * Recorded once per stay and event, so the host is mailed once; never resolved by cancelling anything.
 */
export const calendarConflicts = pgTable(
  'calendar_conflicts',
  {
    id: serial('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    feedId: integer('feed_id')
      .notNull()
      .references(() => calendarFeeds.id, { onDelete: 'cascade' }),
    eventUid: text('event_uid').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('calendar_conflicts_booking_event_unique').on(table.bookingId, table.feedId, table.eventUid)],
);

/**
 * What holds each night of a listing, kept by the database (triggers in
 * drizzle/0017_listing_nights.sql, docs/decisions/015-listing-nights.md): the rooms taken by confirmed
 * stays and by pending requests that never expire, and how many blocks close the night. A night
 * nothing holds has no row. Pending requests that expire at a set time are left out: time alone ends
 * them, with no write, so search asks the bookings about those (server/db/availability-sql.ts).
 * Written only by those triggers, never by the application.
 */
export const listingNights = pgTable(
  'listing_nights',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    night: date('night').notNull(),
    roomsHeld: integer('rooms_held').notNull().default(0),
    blocks: integer('blocks').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.propertyId, table.night] })],
);

// ---------------------------------------------------------------- bookings

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkIn: date('check_in').notNull(),
    checkOut: date('check_out').notNull(),
    rooms: smallint('rooms').notNull().default(1),
    guests: smallint('guests').notNull().default(1),
    /**
     * Each child's age (0-17), the children being counted in `guests` (core/party.ts): infants under two
     * take no place, so the capacity check and the host's view of the party read them.
     */
    childAges: smallint('child_ages')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /**
     * A home is booked whole: its pending and confirmed stays may not overlap (an exclusion
     * constraint, drizzle/0006). Hotel stays share the rooms and are counted instead.
     */
    exclusive: boolean('exclusive').notNull().default(true),
    status: bookingStatusEnum('status').notNull().default('pending'),
    leaseOption: text('lease_option'),
    subtotal: integer('subtotal').notNull(),
    serviceFee: integer('service_fee').notNull(),
    total: integer('total').notNull(),
    /** Commission rate in force when the booking was made (0.12 = 12 %). */
    commissionRate: real('commission_rate').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** A pending request expires when the host has not answered by then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    /** The price lines when booked (core/quote.ts StayQuote): receipts and mails read them, never today's fees. Null for stays booked before 0027. */
    quote: jsonb('quote').$type<StayQuote>(),
    /** The policy the stay follows, fixed when booked (core/cancellation-policies.ts). */
    cancellationPolicy: text('cancellation_policy').$type<CancellationPolicy>().notNull().default('moderate'),
    paymentMethod: paymentMethodEnum('payment_method').notNull().default('on_arrival'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('due_on_arrival'),
    /** What the guest got back when the stay was cancelled, shekels. */
    refunded: integer('refunded').notNull().default(0),
    /** Receipts are numbered in sequence when the stay is confirmed (receipt_numbers). */
    receiptNumber: integer('receipt_number').unique(),
    stripeCheckoutSessionId: text('stripe_checkout_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    /** The card the first Checkout of a long stay saved (setup_future_usage off_session): the job charges later periods with it. */
    savedPaymentMethodId: text('saved_payment_method_id'),
    /**
     * When the guest was sent the arrival information before check-in (the 48-hour reminder, or the
     * confirmation itself when it came later than that). Set by the conditional UPDATE that claims the
     * mail, so each stay gets it once however many instances run the job (arrival-jobs.ts).
     */
    arrivalMailSentAt: timestamp('arrival_mail_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A listing's bookings by date: (property_id, check_out) INCLUDE (check_in), in drizzle/0030_bookings_dates_index.sql.
    index('bookings_guest_idx').on(table.guestId, table.checkIn),
    uniqueIndex('bookings_guest_idempotency_unique').on(table.guestId, table.idempotencyKey),
    check('bookings_dates_order', sql`${table.checkIn} < ${table.checkOut}`),
    // The stays still waiting for their arrival reminder, by check-in (arrival-jobs.ts reads only these).
    index('bookings_arrival_mail_due_idx')
      .on(table.checkIn)
      .where(sql`status = 'confirmed' and arrival_mail_sent_at is null`),
  ],
);

/**
 * A listing's arrival information (core/arrival-info.ts): check-in instructions and the house manual
 * in both languages, and the Wi-Fi. A table of its own, not columns of properties, so that no query
 * of listings (search, the property page, cards) can carry it by accident: only the guest of a
 * confirmed stay, the host and admins read it (docs/decisions/046-arrival-information.md). Edited at
 * once, without review: guests do not choose a stay by it.
 */
export const listingArrivalInfo = pgTable('listing_arrival_info', {
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  checkInInstructionsEn: text('check_in_instructions_en').notNull().default(''),
  checkInInstructionsHe: text('check_in_instructions_he').notNull().default(''),
  houseManualEn: text('house_manual_en').notNull().default(''),
  houseManualHe: text('house_manual_he').notNull().default(''),
  wifiName: text('wifi_name').notNull().default(''),
  wifiPassword: text('wifi_password').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * The versions of a long stay's agreement (core/stay-agreement.ts, docs/decisions/055-stay-agreement.md):
 * the exact texts shown in each language and their SHA-256, made when the booking's facts first
 * differ from the latest version's (facts_key: a SHA-256 of core agreementFactsKey). A version is
 * never changed, but for the erasure of a party's name and address (decision 055).
 */
export const stayAgreementVersions = pgTable(
  'stay_agreement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    factsKey: text('facts_key').notNull(),
    textEn: text('text_en').notNull(),
    textHe: text('text_he').notNull(),
    sha256En: text('sha256_en').notNull(),
    sha256He: text('sha256_he').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('stay_agreement_versions_booking_version_unique').on(table.bookingId, table.version)],
);

/**
 * A party's acceptance of one version: who, as which side, when, from which IP address, and the
 * SHA-256 of the text they were shown. One per side and version: a second accept (a double tap, two
 * tabs) finds the first and adds nothing.
 */
export const stayAgreementAcceptances = pgTable(
  'stay_agreement_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => stayAgreementVersions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'guest' | 'host'>().notNull(),
    language: languageEnum('language').notNull(),
    sha256: text('sha256').notNull(),
    /** Null once the member's account is erased (decision 055). */
    ip: text('ip'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stay_agreement_acceptances_version_role_unique').on(table.versionId, table.role),
    index('stay_agreement_acceptances_user_idx').on(table.userId),
    check('stay_agreement_acceptances_role', sql`${table.role} in ('guest', 'host')`),
  ],
);

/**
 * The thread between a guest and the host of one listing (docs/decisions/020-conversations.md). It
 * exists from the guest's first question, before any request; every booking of that guest at that
 * listing continues it, so a booking's thread is found by (property, guest).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The latest message, for lists of inquiries newest first; null until the first one. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_property_guest_unique').on(table.propertyId, table.guestId),
    index('conversations_guest_idx').on(table.guestId, table.lastMessageAt),
  ],
);

export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: serial('id').primaryKey(),
    /** The conversation the message belongs to: every message has one (migration 0024 filled the older ones). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    /** The booking it was written from, if any; null for a question before any request. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As stored: masked before a confirmed stay (core/contact-masking.ts); the original is never kept (decision 049). */
    body: text('body').notNull(),
    /** What masking hid in it (core/contact-masking.ts maskKinds), so both sides' threads can say why; empty when nothing. */
    maskedKinds: text('masked_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('booking_messages_booking_idx').on(table.bookingId, table.createdAt),
    index('booking_messages_conversation_idx').on(table.conversationId, table.createdAt),
    index('booking_messages_conversation_unread_idx')
      .on(table.conversationId, table.senderId)
      .where(sql`${table.readAt} is null`),
    // Unread counts (nav badge, booking cards) only ever look at the few unread messages.
    index('booking_messages_unread_idx')
      .on(table.bookingId, table.senderId)
      .where(sql`${table.readAt} is null`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    /** The category ratings (core/review-rules.ts reviewCategories); null on reviews written before they were asked. */
    cleanliness: smallint('cleanliness'),
    accuracy: smallint('accuracy'),
    communication: smallint('communication'),
    location: smallint('location'),
    value: smallint('value'),
    body: text('body').notNull(),
    language: languageEnum('language').notNull().default('en'),
    createdAt: createdAt(),
    /**
     * When the review becomes public: the moment the host's review of the same stay is in too, or
     * the end of the review window (core/review-rules.ts). Readers compare it with the clock, so
     * publication never waits for a job. The default keeps reviews written without it public at once.
     */
    visibleAt: timestamp('visible_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the listing's rating, the host's figures and the mail to the host caught up with publication; null until then. */
    announcedAt: timestamp('announced_at', { withTimezone: true }).defaultNow(),
    /** The host's one public reply. */
    replyBody: text('reply_body'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reviews_booking_unique').on(table.bookingId),
    index('reviews_property_idx').on(table.propertyId, table.createdAt),
    // A renamed guest changes the listing pages showing their reviews (drizzle/0049_keyed_cache_changes.sql).
    index('reviews_author_idx').on(table.authorId),
    // The publication job looks for the few reviews published but not yet announced.
    index('reviews_unannounced_idx')
      .on(table.visibleAt)
      .where(sql`${table.announcedAt} is null`),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check(
      'reviews_categories_range',
      sql`coalesce(${table.cleanliness}, 1) between 1 and 5 and coalesce(${table.accuracy}, 1) between 1 and 5
        and coalesce(${table.communication}, 1) between 1 and 5 and coalesce(${table.location}, 1) between 1 and 5
        and coalesce(${table.value}, 1) between 1 and 5`,
    ),
  ],
);

/**
 * A host's review of the guest of a completed stay, one per stay: shown on the guest's profile once
 * published, under the same rule as the guest's review of the stay (both together, or at the end of
 * the review window).
 */
export const guestReviews = pgTable(
  'guest_reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The guest reviewed. */
    guestId: uuid('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The host who wrote it. */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    language: languageEnum('language').notNull().default('en'),
    createdAt: createdAt(),
    visibleAt: timestamp('visible_at', { withTimezone: true }).notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('guest_reviews_booking_unique').on(table.bookingId),
    // A guest's profile lists their published reviews, newest first.
    index('guest_reviews_guest_idx').on(table.guestId, table.visibleAt),
    index('guest_reviews_unannounced_idx')
      .on(table.visibleAt)
      .where(sql`${table.announcedAt} is null`),
    check('guest_reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * A host's super-host figures over all their listings, kept by server/db/host-figures.ts in the same
 * transaction as every review or booking change that moves them, so the property page reads one row
 * instead of aggregating the host's reviews and stays on every request. The super-host verdict is
 * not stored: core/super-host.ts derives it from these figures when the page is read.
 */
export const hostFigures = pgTable('host_figures', {
  hostId: uuid('host_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Average rating of every review of the host's listings; null when there are none. */
  ratingAverage: doublePrecision('rating_average'),
  reviewCount: integer('review_count').notNull().default(0),
  completedStays: integer('completed_stays').notNull().default(0),
  /** Requests accepted or declined (not withdrawn by the guest) made within the super-host window. */
  answeredRequests: integer('answered_requests').notNull().default(0),
  /** Requests that expired unanswered, made within the window. */
  expiredRequests: integer('expired_requests').notNull().default(0),
  /** Stays the host cancelled within the window. */
  hostCancellations: integer('host_cancellations').notNull().default(0),
  /**
   * Requests made within the window that needed an answer and either got one or waited 24 hours
   * (core/super-host.ts responseRate; server/db/host-figures.ts says what counts).
   */
  requestsAsked: integer('requests_asked').notNull().default(0),
  /** Of those, the ones the host answered (a decision or a message) within 24 hours. */
  requestsAnsweredInDay: integer('requests_answered_in_day').notNull().default(0),
  /** Median minutes from a request to the host's first answer, over the window; null when none was answered. */
  responseMinutes: integer('response_minutes'),
  /**
   * When a counted request or cancellation leaves the window by time alone (null when none can):
   * the row is recomputed when read after then, so the figures always mean "over the last year".
   */
  recomputeAt: timestamp('recompute_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const savedListings = pgTable(
  'saved_listings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * The dates the member saved it for (decision 048); null: no dates, the list price is watched.
     * The price-drop mail compares the price for these dates with watchedPrice.
     */
    checkIn: date('check_in'),
    checkOut: date('check_out'),
    /** The price last seen by the price-drop job (null until its first look): a lower one is mailed, once. */
    watchedPrice: integer('watched_price'),
    /** False once the member stopped the price-drop mails of this listing (the mail's unsubscribe link). */
    priceAlerts: boolean('price_alerts').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.userId, table.propertyId] })],
);

// ---------------------------------------------------------------- saved searches and alerts (decision 048)

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The search as its canonical /results query string (core/search-params.ts), without page and sort. */
    query: text('query').notNull(),
    frequency: alertFrequencyEnum('frequency').notNull().default('daily'),
    /** The language of the page it was saved from: its alert mails are written in it (decision 048). */
    language: languageEnum('language').notNull().default('en'),
    /** Listings published after this are new to the search; each run of the alert job moves it to the run's start. */
    alertsSince: timestamp('alerts_since', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('saved_searches_user_idx').on(table.userId, table.id),
    index('saved_searches_due_idx').on(table.frequency, table.alertsSince),
  ],
);

/** One row per listing mailed to a saved search: the key makes "at most once per listing per search" the database's rule. */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.propertyId] })],
);

/**
 * Every word of four letters or more that some listing's title or description has (prefixes stripped,
 * search_words): a searched word with a typo is matched to its nearest words here by trigram
 * similarity (GIN index), then searched in full text (decision 048). Kept by a trigger on properties
 * (drizzle/0032_search_text_and_alerts.sql); words are never removed (a stale one matches nothing).
 */
export const searchLexicon = pgTable('search_lexicon', { word: text('word').primaryKey() }, (table) => [
  index('search_lexicon_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
]);

/**
 * Keys the server signs links with (the alerts' unsubscribe links): made at random by the first instance
 * that needs one and shared through the database by all (decision 048; the configuration has no secret).
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: reportTargetEnum('target_type').notNull(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    reportedUserId: uuid('reported_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A reported conversation (target 'conversation'): the admin reads its messages. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    status: reportStatusEnum('status').notNull().default('pending'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('reports_status_idx').on(table.status, table.createdAt)],
);

// ---------------------------------------------------------------- platform

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    category: text('category'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    language: languageEnum('language').notNull().default('en'),
    source: text('source').notNull().default('footer'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** sha256 of the token in the confirmation link; cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('newsletter_email_unique').on(table.email),
    uniqueIndex('newsletter_confirm_token_unique').on(table.confirmTokenHash),
  ],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    positionSlug: text('position_slug').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    cvKey: text('cv_key').notNull(),
    cvBytes: integer('cv_bytes').notNull().default(0),
    language: languageEnum('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (table) => [index('job_applications_created_idx').on(table.createdAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    path: text('path'),
    language: languageEnum('language'),
    visitorId: text('visitor_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb('properties'),
    createdAt: createdAt(),
  },
  (table) => [
    index('analytics_events_name_idx').on(table.name, table.createdAt),
    index('analytics_events_path_idx').on(table.path, table.createdAt),
  ],
);

export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    language: languageEnum('language').notNull().default('en'),
    status: mailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Until when one sender instance holds this mail: taken and leased in one statement, so a
     * second instance cannot send it while the first is still talking to the SMTP server.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outgoing_mail_status_idx').on(table.status, table.createdAt)],
);

/** Fixed-window counters for rate limits when no Redis is configured; shared by every server instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index('rate_limit_window_idx').on(table.windowStart)],
);

// ---------------------------------------------------------------- money (docs/decisions/023-money.md)

/** Receipt numbers, one per confirmed stay, in the order stays were confirmed. */
export const receiptNumbers = pgSequence('receipt_numbers', { startWith: 1001 });

/**
 * The double-entry ledger: every movement of money is a transaction whose entries sum to zero.
 * `key` makes each movement happen once (capture:<booking>, refund:<booking>, payout:<id>), so two
 * racing captures or refunds of one booking record one transaction.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_transactions_booking_idx').on(table.bookingId),
    index('ledger_transactions_host_idx').on(table.hostId, table.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    account: text('account').$type<LedgerAccount>().notNull(),
    /** Shekels: positive debits, negative credits; a transaction's entries sum to zero. */
    amount: integer('amount').notNull(),
  },
  (table) => [index('ledger_entries_transaction_idx').on(table.transactionId), index('ledger_entries_account_idx').on(table.account)],
);

/**
 * Where a host wants their payouts sent: an Israeli bank account (core/payout-methods.ts,
 * docs/decisions/057-host-money.md). One per host; a change replaces it. Shown in full only to the
 * host and to admins (who see it when they mark a payout sent); erased with the account.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Bank of Israel's two-digit code of the bank. */
    bankCode: text('bank_code').notNull(),
    branch: text('branch').notNull(),
    accountNumber: text('account_number').notNull(),
    accountHolder: text('account_holder').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('payout_methods_bank_code', sql`${table.bankCode} ~ '^[0-9]{2}$'`),
    check('payout_methods_branch', sql`${table.branch} ~ '^[0-9]{3}$'`),
    check('payout_methods_account_number', sql`${table.accountNumber} ~ '^[0-9]{4,9}$'`),
  ],
);

/** A payout an admin marked as sent to a host, by bank transfer. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('payouts_host_idx').on(table.hostId, table.createdAt), check('payouts_amount_positive', sql`${table.amount} > 0`)],
);

/**
 * One row per movement of money with the provider: an authorization (a card held), a capture, a
 * refund, a charge, a payout (core/payment-states.ts paymentKinds; docs/decisions/053-payments-as-rows.md).
 * Keyed per payment, not per booking: the provider's idempotency key and the ledger's key follow the
 * row (`capture-<authorization>` at Stripe, `capture:<capture>` in the ledger), so a stay may have
 * several. Rows moved over from before this table (migration 0038) keep the id of their booking
 * (authorizations) and their old keys, so a replayed webhook or a retried call is still recognised.
 * The booking's payment_status stays the summary the booking's states read (decision 043).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** A payout's host (a payment of a booking finds its host through the listing). */
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The authorization a capture belongs to; the charge a refund gives back from (a capture, a paid
     * period, an extension's charge; decision 061), or for a refund from before refunds were split,
     * the authorization.
     */
    parentId: uuid('parent_id'),
    kind: text('kind').$type<PaymentKind>().notNull(),
    /** Whole units of `currency` (shekels). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('ils'),
    /** The nights or month this payment pays for; null for a stay paid at once (the next issue's monthly payments set them). */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    /** 'stripe' for card payments, 'bank_transfer' for payouts. */
    provider: text('provider').notNull(),
    /** Stripe: the Checkout Session and the PaymentIntent. */
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    /** The key the provider is called with (checkout-<id>, capture-<authorization>…): a repeated call does nothing more. */
    idempotencyKey: text('idempotency_key').unique(),
    /** The ledger transaction this payment recorded (capture:<id>, refund:<id>, payout:<id>). */
    ledgerKey: text('ledger_key').unique(),
    status: text('status').$type<PaymentRowStatus>().notNull(),
    /**
     * A period's place in its stay's schedule: 0 at booking, then 1, 2… (decision 054); a refund
     * part's place in its refund, the order its parts are sent in (decision 061).
     */
    sequence: integer('sequence'),
    /** The day a period is charged (card) or due to the host (direct). */
    dueOn: date('due_on'),
    /** The platform's service fee inside `amount` (a period's share of the stay's fee). */
    serviceFee: integer('service_fee'),
    /** Off-session charges tried so far, and the day of the next try (days 0, 2, 4 after the due day). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptOn: date('next_attempt_on'),
    /** Why the last try failed (Stripe's decline code, authentication_required…). */
    failureCode: text('failure_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Pay-on-arrival reminders sent to the guest: three days before the due day, and on it (each once). */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedDueAt: timestamp('reminded_due_at', { withTimezone: true }),
    /** A paid period's own receipt number (receipt_numbers), in sequence with the stays'. */
    receiptNumber: integer('receipt_number'),
    /**
     * A refund part's refund: the refund's own key (refund-<authorization> for a cancellation,
     * refund-move-in-<report>, refund-<change's refund>), shared by its parts, one per charge it gives
     * back from (decision 061). Null for a refund from before refunds were split.
     */
    refundKey: text('refund_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_booking_idx').on(table.bookingId, table.kind),
    // One live period per place in a schedule: a rebuilt schedule cancels the old rows first.
    uniqueIndex('payments_one_period_per_sequence')
      .on(table.bookingId, table.sequence)
      .where(sql`${table.kind} = 'period' and ${table.status} <> 'cancelled'`),
    index('payments_period_due_idx')
      .on(table.status, table.dueOn)
      .where(sql`${table.kind} = 'period'`),
    index('payments_session_idx').on(table.providerSessionId),
    // A hold is captured once (Stripe captures a PaymentIntent once).
    uniqueIndex('payments_one_capture_per_authorization')
      .on(table.parentId)
      .where(sql`${table.kind} = 'capture'`),
    // A refund gives back from each charge in one part at most; the index also finds a refund's parts.
    uniqueIndex('payments_one_refund_part_per_charge')
      .on(table.refundKey, table.parentId)
      .where(sql`${table.kind} = 'refund' and ${table.refundKey} is not null`),
    check('payments_kind', sql`${table.kind} in (${sql.raw(paymentKinds.map((kind) => `'${kind}'`).join(', '))})`),
    check('payments_status', sql`${table.status} in (${sql.raw(paymentRowStatuses.map((status) => `'${status}'`).join(', '))})`),
    check('payments_amount_not_negative', sql`${table.amount} >= 0`),
    check(
      'payments_period',
      sql`(${table.periodStart} is null) = (${table.periodEnd} is null) and (${table.periodStart} is null or ${table.periodStart} < ${table.periodEnd})`,
    ),
  ],
);

/**
 * A proposal to change a confirmed stay's dates or party (core/stay-change-states.ts, decision 058):
 * made by the guest or the host, answered by the other side within 24 hours. Its price is the one
 * shown when it was sent (core/stay-change-pricing.ts); accepting prices it again at that moment
 * and moves the booking in the same transaction. At most one is open per booking (a partial unique
 * index), and every answer is a conditional UPDATE from `proposed`, so two racing answers apply once.
 */
export const stayChanges = pgTable(
  'stay_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Who proposed it; null once that member's account is erased. */
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The side that proposed: the other side answers. */
    role: text('role').$type<StayChangeRole>().notNull(),
    checkIn: date('check_in').notNull(),
    checkOut: date('check_out').notNull(),
    guests: smallint('guests').notNull(),
    childAges: smallint('child_ages')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** The new quote and the money difference as priced when proposed. */
    price: jsonb('price').$type<StayChangePrice>().notNull(),
    /** price.difference, for lists: positive is charged, negative comes off. */
    difference: integer('difference').notNull(),
    status: text('status').$type<StayChangeStatus>().notNull().default('proposed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The payments row the accepted change made: the Checkout for the difference, or the refund. */
    paymentId: uuid('payment_id'),
    /**
     * An accepted change of a card stay paid at once that costs more (decision 062): the stay as it
     * was, to return to if the difference is never paid; the moment it must be paid by, or the change
     * lapses; when the guest is reminded, and when that reminder was claimed.
     */
    previous: jsonb('previous').$type<StayBeforeChange>(),
    payBy: timestamp('pay_by', { withTimezone: true }),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('stay_changes_one_open_per_booking')
      .on(table.bookingId)
      .where(sql`${table.status} = 'proposed'`),
    index('stay_changes_booking_idx').on(table.bookingId, table.createdAt),
    index('stay_changes_open_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'proposed'`),
    index('stay_changes_unpaid_idx')
      .on(table.payBy)
      .where(sql`${table.status} = 'accepted' and ${table.payBy} is not null`),
    check('stay_changes_status', sql`${table.status} in (${sql.raw(stayChangeStatuses.map((status) => `'${status}'`).join(', '))})`),
    check('stay_changes_role', sql`${table.role} in (${sql.raw(stayChangeRoles.map((role) => `'${role}'`).join(', '))})`),
    check('stay_changes_dates_order', sql`${table.checkIn} < ${table.checkOut}`),
  ],
);

/** Webhook events already handled (Stripe's event id): a replayed event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each time masking hid something a member wrote (a message before a confirmed stay, or listing
 * text): when, where and what kinds, never the text itself (decision 049). Admins see a count per
 * member on the Users tab, for abuse review.
 */
export const contactMaskingEvents = pgTable(
  'contact_masking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A message or a listing's text. */
    source: text('source', { enum: ['message', 'listing'] }).notNull(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    kinds: text('kinds').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_masking_events_user_idx').on(table.userId, table.createdAt),
    check('contact_masking_events_source', sql`${table.source} in ('message', 'listing')`),
  ],
);

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Move-in protection (issue 37, item 5; decision 056): a guest's report, in the first 24 hours of a
 * confirmed stay, that the place is not as described or could not be entered. One open report per
 * stay (a unique index); while it is open the host's payout of the stay is held. The host may
 * answer; an admin decides once (open → decided, a conditional UPDATE), and a refund decided is
 * recorded with its provider call and ledger movement (refund_recorded_at).
 */
export const moveInReports = pgTable(
  'move_in_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<MoveInReason>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<MoveInReportStatus>().notNull().default('open'),
    hostAnswer: text('host_answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    decision: text('decision').$type<MoveInDecision>(),
    /** Whole shekels given back by the decision (0 for a release). */
    refundAmount: integer('refund_amount').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the decided refund reached the guest's card and the ledger (null while none, or still to send). */
    refundRecordedAt: timestamp('refund_recorded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('move_in_reports_one_open_idx')
      .on(table.bookingId)
      .where(sql`status = 'open'`),
    index('move_in_reports_status_idx').on(table.status, table.createdAt),
    index('move_in_reports_guest_idx').on(table.guestId),
    check('move_in_reports_reason', sql`${table.reason} in (${sqlList(moveInReasons)})`),
    check('move_in_reports_status', sql`${table.status} in (${sqlList(moveInReportStatuses)})`),
    check('move_in_reports_decision', sql`${table.decision} is null or ${table.decision} in (${sqlList(moveInDecisions)})`),
    check('move_in_reports_refund_not_negative', sql`${table.refundAmount} >= 0`),
  ],
);

/** A report's photos: re-encoded WebP under a private key, read by the stay's guest, its host and admins. */
export const moveInReportPhotos = pgTable(
  'move_in_report_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => moveInReports.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('move_in_report_photos_report_idx').on(table.reportId)],
);

/** The values a notice's text is written from: ids, days, amounts and codes, never a name or an address. */
export type NoticeParams = Record<string, string | number | boolean>;

/**
 * A member's in-app notices (issue 37, decision 063): what happened (kind), the path in the app it
 * leads to, and the values its text needs, written beside the mail about the same moment. The text
 * itself is written when it is read, in the reader's language then, with the stay's current name.
 * `key` makes a notice once-only for its member (the grace job writes 'grace:<period>' each run;
 * the unique index keeps the first). Unread notices have their own index: the bell counts them.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    /** The stay it is about, whose name and dates the text shows; gone with it. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** A path inside the app, without the language prefix (core/notice-kinds.ts isAppPath). */
    link: text('link').notNull(),
    params: jsonb('params').$type<NoticeParams>().notNull().default({}),
    key: text('key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notices_member_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notices_member_unread_idx')
      .on(table.userId, table.createdAt.desc())
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notices_member_key_unique')
      .on(table.userId, table.key)
      .where(sql`${table.key} is not null`),
    check('notices_kind', sql`${table.kind} in (${sqlList(noticeKinds)})`),
    check('notices_link_in_app', sql`${table.link} like '/%' and ${table.link} not like '//%'`),
  ],
);

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * What each committed write changed, as the result cache's keys (docs/decisions/065-keyed-cache.md):
 * one row per statement, appended by the triggers of drizzle/0049_keyed_cache_changes.sql on the
 * tables cached answers read. Every instance reads the rows that became visible since its last look
 * (server/cache/change-feed.ts) and moves those keys' versions on; old rows are deleted after a while.
 */
export const cacheChanges = pgTable(
  'cache_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The writing transaction, to tell which rows a reader's last snapshot did not see. */
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** server/cache/change-keys.ts: 'all', 'listing:<id>', 'area:<type>:<place id>', 'type:<type>', 'prices:<type>', 'words'. */
    keys: text('keys').array().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cache_changes_tx_idx').on(table.tx)],
);
