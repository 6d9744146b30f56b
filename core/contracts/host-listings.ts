import { z } from 'zod';
import { arrivalInfoSchema } from '../arrival-info.ts';
import { hostPolicies } from '../cancellation-policies.ts';
import { blockingBookingStatuses, listingStatuses, placeDocumentKinds, placeVerificationStatuses, propertyTypes } from '../constants.ts';
import { horizonDateSchema } from '../date-schema.ts';
import { hostListingLimits } from '../host-listing-rules.ts';
import { listingDraftPatchSchema } from '../listing-draft-schema.ts';
import { serialIdParamSchema, serialIdSchema } from '../ids.ts';
import { photoSchema, serialIdParamsSchema } from './common.ts';
import { maskKinds } from '../contact-masking.ts';

const int = z.number().int();

/** Where a listing's proof of the right to let it stands (core/place-verification-rules.ts). */
export const placeVerificationSchema = z.object({
  status: z.enum(placeVerificationStatuses),
  kind: z.enum(placeDocumentKinds).nullable(),
  submittedAt: z.string().nullable(),
  /** Why an admin turned the document down; null unless rejected. */
  rejectionReason: z.string().nullable(),
});
export type PlaceVerification = z.infer<typeof placeVerificationSchema>;
/** POST /api/host/listings/:id/place-document?kind=…: which document the body is. */
export const placeDocumentQuerySchema = z.object({ kind: z.enum(placeDocumentKinds) });

/**
 * A listing as its host edits it (GET /api/host/listings/:id). Loose on purpose: the response says
 * what is stored, and seeded listings predate the wizard's bounds.
 */
export const hostListingSchema = z.object({
  id: int,
  status: z.enum(listingStatuses),
  rejectionReason: z.string().nullable(),
  propertyType: z.enum(propertyTypes),
  titleEn: z.string(),
  titleHe: z.string(),
  descriptionEn: z.string(),
  descriptionHe: z.string(),
  placeId: int.nullable(),
  /** The chosen place's name in English and Hebrew, for the place field. */
  place: z.object({ id: int, nameEn: z.string(), nameHe: z.string(), label: z.string() }).nullable(),
  address: z.string().nullable(),
  /** The street address in Hebrew, for Hebrew pages (properties.address_he); null when not given. */
  addressHe: z.string().nullable(),
  /** The host's own pin (never shown to guests). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pricePerNight: int.nullable(),
  pricePerWeek: int.nullable(),
  pricePerMonth: int.nullable(),
  amenities: z.array(z.string()),
  houseRules: z.array(z.string()),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  minStayDays: int,
  maxStayDays: int,
  leaseOptions: z.array(z.string()),
  starRating: int.nullable(),
  roomCount: int.nullable(),
  bedrooms: int,
  bathrooms: int,
  maxGuests: int,
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
  keepsShabbat: z.boolean(),
  instantBooking: z.boolean(),
  checkInTime: z.string(),
  /** The host's fees and discounts (core/quote.ts ListingFees) and cancellation policy; edits wait for review like prices. */
  cleaningFee: int,
  securityDeposit: int,
  weeklyDiscountPercent: int,
  monthlyDiscountPercent: int,
  extraGuestFee: int,
  guestsIncluded: int.nullable(),
  cancellationPolicy: z.enum(hostPolicies),
  /** In order; the first is the cover. */
  photos: z.array(z.object({ id: int, url: z.string(), cardUrl: z.string() })),
  /**
   * Edits to a published listing wait for an admin: the fields and photos here are then the
   * edited version, while guests still see the approved one.
   */
  pendingChanges: z.boolean(),
  /** Why an admin turned the last edits down, until the host edits again. */
  changesRejectionReason: z.string().nullable(),
  placeVerification: placeVerificationSchema,
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * What the save just hid in the text it sent (phone numbers, e-mail addresses, links, requests to
   * pay outside the site: core/contact-masking.ts, decision 049), so the wizard can say why; empty
   * when nothing was, and on reads.
   */
  maskedKinds: z.array(z.enum(maskKinds)),
});
export type HostListing = z.infer<typeof hostListingSchema>;

/** A row of the host dashboard (GET /api/host/listings). */
export const hostListingSummarySchema = z.object({
  id: int,
  propertyType: z.enum(propertyTypes),
  status: z.enum(listingStatuses),
  rejectionReason: z.string().nullable(),
  /** Edits wait for an admin (the title and cover here are still the approved ones). */
  pendingChanges: z.boolean(),
  changesRejectionReason: z.string().nullable(),
  title: z.string(),
  location: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** The cover with its size, for responsive variants. */
  cover: photoSchema.nullable(),
  listPrice: int.nullable(),
  placeVerification: placeVerificationSchema,
  updatedAt: z.string(),
});
export type HostListingSummary = z.infer<typeof hostListingSummarySchema>;

export const hostListingSummariesResponseSchema = z.object({ listings: z.array(hostListingSummarySchema) });
export type HostListingSummaries = z.infer<typeof hostListingSummariesResponseSchema>;

/** One month of a host's earnings from the ledger (GET /api/host/earnings; core/earnings.ts says what each figure is). */
export const hostEarningsMonthSchema = z.object({
  /** yyyy-MM of the ledger transactions, on Israel's clock. */
  month: z.string(),
  /** Stays paid that month (by card, or recorded as paid on arrival). */
  stays: int,
  /** The host's share of those stays, after the service fee. */
  earned: int,
  /** The host's part of refunds to guests. */
  refunded: int,
  /** The platform's service fees on those stays. */
  serviceFees: int,
  /** Bank transfers sent to the host. */
  paidOut: int,
  /** Owed to the host and not paid out yet. */
  pending: int,
  /** Fees the host paid the platform by bank transfer that month (decision 057). */
  feesPaid: int,
  /** Fees of that month's stays paid on arrival that the host still owes. */
  feesDue: int,
});
export type HostEarningsMonth = z.infer<typeof hostEarningsMonthSchema>;

export const hostEarningsResponseSchema = z.object({
  months: z.array(hostEarningsMonthSchema),
  /** What the platform owes the host now. */
  due: int,
  /** What the host owes the platform now (fees of stays paid on arrival beyond what is owed them). */
  feesOwed: int,
  /** Paid by guests and owed to the host, but not payable yet: a long stay's period until 24 hours after it starts, a stay under a move-in report until an admin decides. */
  waiting: int,
  /** The host's share of long stays' periods still to be paid (scheduled, or a card being retried). */
  scheduled: int,
});
export type HostEarnings = z.infer<typeof hostEarningsResponseSchema>;

/** POST /api/host/listings: the wizard's first step names the type. */
export const createListingBodySchema = listingDraftPatchSchema.required({ propertyType: true });
export type CreateListingBody = z.input<typeof createListingBodySchema>;

export const hostListingActions = ['submit', 'pause', 'resume'] as const;
export type HostListingAction = (typeof hostListingActions)[number];
export const hostListingActionParamsSchema = serialIdParamsSchema.extend({ action: z.enum(hostListingActions) });

/** PUT /api/host/listings/:id/photos/order: every photo of the listing, once each; the first is the cover. */
export const photoOrderBodySchema = z.object({ photoIds: z.array(serialIdSchema).max(hostListingLimits.photosMax) });
export const listingPhotoParamsSchema = serialIdParamsSchema.extend({ photoId: serialIdParamSchema });

/**
 * A listing's calendar from today (GET /api/host/listings/:id/calendar): the stays holding dates
 * (pending or confirmed, the only statuses that hold any) and the host's blocks.
 */
export const listingCalendarSchema = z.object({
  stays: z.array(
    z.object({ id: z.string(), checkIn: z.string(), checkOut: z.string(), status: z.enum(blockingBookingStatuses), rooms: int }),
  ),
  /** The host's own blocks; they may open them again one by one. */
  blocks: z.array(z.object({ id: int, startDate: z.string(), endDate: z.string() })),
  /** Blocks imported from another site's calendar (calendar sync), named after it; they go only with the feed. */
  imported: z.array(z.object({ id: int, startDate: z.string(), endDate: z.string(), feedName: z.string() })),
});
export type ListingCalendar = z.infer<typeof listingCalendarSchema>;

/** POST /api/host/listings/:id/blocks: close [startDate, endDate). */
export const blockDatesBodySchema = z.object({ startDate: horizonDateSchema, endDate: horizonDateSchema });
export type BlockDatesBody = z.infer<typeof blockDatesBodySchema>;
export const listingBlockParamsSchema = serialIdParamsSchema.extend({ blockId: serialIdParamSchema });

/**
 * GET and PUT /api/host/listings/:id/arrival: the listing's arrival information (core/arrival-info.ts),
 * written by its host and saved at once, never reviewed (docs/decisions/046-arrival-information.md).
 */
export const hostArrivalInfoSchema = arrivalInfoSchema;
export type HostArrivalInfo = z.infer<typeof hostArrivalInfoSchema>;
