import { z } from 'zod';
import { hostPolicies } from '../cancellation-policies.ts';
import { feeLimits } from '../listing-fees.ts';
import { propertyTypes, roomsPicker } from '../constants.ts';
import { areaPointSchema, photoSchema } from './common.ts';
import { priceRuleSchema } from './price-rules.ts';
import { categoryRatingsSchema, reviewReplySchema } from './reviews.ts';
import { reviewCategories, type ReviewCategory } from '../review-rules.ts';

/** A host's fees and discounts (core/quote.ts ListingFees), as a listing carries them and a host edits them. */
export const listingFeesSchema = z.object({
  cleaningFee: z.number().int().min(0).max(feeLimits.maxCleaningFee),
  securityDeposit: z.number().int().min(0).max(feeLimits.maxSecurityDeposit),
  weeklyDiscountPercent: z.number().int().min(0).max(feeLimits.maxDiscountPercent),
  monthlyDiscountPercent: z.number().int().min(0).max(feeLimits.maxDiscountPercent),
  extraGuestFee: z.number().int().min(0).max(feeLimits.maxExtraGuestFee),
  guestsIncluded: z
    .number()
    .int()
    .min(1)
    .max(roomsPicker.maxAdults + roomsPicker.maxChildren)
    .nullable(),
});

/** A listing as its property page shows it (GET /api/properties/:id?lang=). */
export const listingDetailSchema = z.object({
  id: z.number().int(),
  type: z.enum(propertyTypes),
  /** In the language asked for. */
  title: z.string(),
  description: z.string(),
  /** 'Florentin, Tel Aviv' in the language asked for. */
  location: z.string(),
  /** A home's street address is told only to its host, admins and the guest of a confirmed stay (null otherwise); a hotel's to all. */
  address: z.string().nullable(),
  photos: z.array(photoSchema.extend({ alt: z.string() })),
  /** Amenity keys (core/constants amenityKeys); the page marks the others of the type as not included. */
  amenities: z.array(z.string()),
  /** House rule keys (core/constants houseRuleKeys). */
  houseRules: z.array(z.string()),
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
  starRating: z.number().int().nullable(),
  roomCount: z.number().int().nullable(),
  pricePerNight: z.number().int().nullable(),
  pricePerWeek: z.number().int().nullable(),
  pricePerMonth: z.number().int().nullable(),
  durationMonths: z.number().int().nullable(),
  leaseOptions: z.array(z.string()),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  minStayDays: z.number().int(),
  maxStayDays: z.number().int(),
  /** No check-in or check-out on Shabbat and festivals, nor check-in on their eve too close to candle-lighting (core/shabbat-rules.ts). */
  keepsShabbat: z.boolean(),
  /** 'HH:mm', Israel time: when guests may arrive. */
  checkInTime: z.string(),
  /** Guests whose identity is verified book at once; others send a request (core/booking-action.ts booksInstantly). */
  instantBooking: z.boolean(),
  /** An admin checked the host's proof of the right to let this place: the "Verified place" badge. */
  verifiedPlace: z.boolean(),
  /** The host's fees and discounts, whole shekels and percents (core/quote.ts ListingFees). */
  fees: listingFeesSchema,
  /** The host's policy for hotels and rentals; sublets and stays of 28 nights or more follow the long-stay policy (core/cancellation-policies.ts). */
  cancellationPolicy: z.enum(hostPolicies),
  /** The platform's service fee for this listing's type (the admin's commission setting): 0.12 = 12 %. */
  serviceFeeRate: z.number(),
  /** Days before each later month of a long stay its payment is due (the admin's setting, decision 060): the page's payment plan. */
  longStayDueDaysBefore: z.number().int(),
  /** The listing's city, where its candle-lighting times are computed. */
  city: z.object({ slug: z.string(), latitude: z.number(), longitude: z.number() }),
  /** The centre of the circle the page draws: the approximate point, never the pin (core/map-area.ts); null without a pin. */
  area: areaPointSchema.nullable(),
  /** The host's seasonal rules not ended yet (at most two years ahead), for the quote and minimum stays (core/price-rules.ts). */
  priceRules: z.array(priceRuleSchema),
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Whether the signed-in user saved it (false for visitors). */
  saved: z.boolean(),
  host: z.object({
    id: z.string(),
    firstName: z.string(),
    photoUrl: z.string().nullable(),
    idVerified: z.boolean(),
    /** Average rating over the host's listings' reviews, null when none. */
    ratingAverage: z.number().nullable(),
    reviewCount: z.number().int(),
    /** Median hours to the host's first answer over the last year, rounded up; null when nothing was answered. */
    responseTimeHours: z.number().int().nullable(),
    /** Percentage of requests in the last year answered within 24 hours (core/super-host.ts); null when none. */
    responseRate: z.number().int().nullable(),
    memberSince: z.string(),
    /** Reaches every super-host threshold of core/super-host.ts. */
    superHost: z.boolean(),
  }),
  /** Each category's average over the published reviews, one decimal; null for a category nobody rated. */
  categoryAverages: z.object(
    Object.fromEntries(reviewCategories.map((c) => [c, z.number().nullable()])) as Record<ReviewCategory, z.ZodNullable<z.ZodNumber>>,
  ),
  /** The latest published reviews, newest first; createdAt is when each was published. */
  reviews: z.array(
    z.object({
      id: z.number().int(),
      rating: z.number().int(),
      categories: categoryRatingsSchema.nullable(),
      body: z.string(),
      authorFirstName: z.string(),
      createdAt: z.string(),
      /** The host's one public reply. */
      reply: reviewReplySchema.nullable(),
    }),
  ),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const heldDatesQuerySchema = z.object({ rooms: z.coerce.number().int().min(1).max(roomsPicker.maxRooms).default(1) });

/**
 * Dates a calendar must disable (GET /api/properties/:id/held-dates): stays already held by pending
 * or confirmed bookings (a home) or nights with no room left (a hotel), as [checkIn, checkOut) ranges.
 */
export const heldDatesSchema = z.object({ held: z.array(z.object({ checkIn: z.string(), checkOut: z.string() })) });
export type HeldDates = z.infer<typeof heldDatesSchema>;

/** PUT and DELETE /api/saved/:id: whether the listing is saved now. */
export const savedStateSchema = z.object({ saved: z.boolean() });
export type SavedState = z.infer<typeof savedStateSchema>;
