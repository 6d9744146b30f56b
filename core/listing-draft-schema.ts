import { z } from 'zod';
import { listingFeesSchema } from './contracts/listings.ts';
import { amenityKeys, houseRuleKeys, propertyTypes } from './constants.ts';
import { hostPolicies } from './cancellation-policies.ts';
import { availabilityDateSchema } from './date-schema.ts';
import { checkInTimeChoices, hostListingLimits, leaseOptionChoices, pinBounds } from './host-listing-rules.ts';
import { serialIdSchema } from './ids.ts';

/** The listing a host edits, as zod checks it (the server's routes; the wizard on its first check). The rules are in host-listing-rules.ts. */

const price = z.number().int().min(1).max(hostListingLimits.priceMax).nullable();
const count = (max: number) => z.number().int().min(0).max(max);

/**
 * Every field of a listing a host edits. A draft is saved at every wizard step, so each field may
 * be left empty until the listing is submitted (listingCompleteness says what is still missing).
 */
export const listingDraftSchema = z.object({
  propertyType: z.enum(propertyTypes),
  titleEn: z.string().trim().max(hostListingLimits.titleMax),
  titleHe: z.string().trim().max(hostListingLimits.titleMax),
  descriptionEn: z.string().trim().max(hostListingLimits.descriptionMax),
  descriptionHe: z.string().trim().max(hostListingLimits.descriptionMax),
  placeId: serialIdSchema.nullable(),
  address: z.string().trim().max(hostListingLimits.addressMax).nullable(),
  /** The street address in Hebrew, shown on Hebrew pages (properties.address_he); optional, like a translation. */
  addressHe: z.string().trim().max(hostListingLimits.addressMax).nullable(),
  /**
   * The host's pin, inside the box of the country (pinBounds); null puts it at the place's centre.
   * Private: guests see only an area around it (docs/decisions/019-map-search.md).
   */
  latitude: z.number().min(pinBounds.south).max(pinBounds.north).nullable(),
  longitude: z.number().min(pinBounds.west).max(pinBounds.east).nullable(),
  pricePerNight: price,
  pricePerWeek: price,
  pricePerMonth: price,
  amenities: z.array(z.enum(amenityKeys as [string, ...string[]])).max(amenityKeys.length),
  houseRules: z.array(z.enum(houseRuleKeys)).max(houseRuleKeys.length),
  availableFrom: availabilityDateSchema.nullable(),
  availableUntil: availabilityDateSchema.nullable(),
  minStayDays: z.number().int().min(1).max(hostListingLimits.stayDaysMax),
  maxStayDays: z.number().int().min(1).max(hostListingLimits.stayDaysMax),
  leaseOptions: z.array(z.enum(leaseOptionChoices as [string, ...string[]])).max(leaseOptionChoices.length),
  starRating: z.number().int().min(1).max(5).nullable(),
  roomCount: count(hostListingLimits.roomCountMax).nullable(),
  bedrooms: count(hostListingLimits.bedroomsMax),
  bathrooms: count(hostListingLimits.bedroomsMax),
  maxGuests: z.number().int().min(1).max(hostListingLimits.maxGuestsMax),
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
  /** No check-in or check-out on Shabbat and festivals (core/shabbat-rules.ts). */
  keepsShabbat: z.boolean(),
  /** Verified guests book at once; others send a request (core/booking-action.ts booksInstantly). */
  instantBooking: z.boolean(),
  /** When guests may arrive, a whole or half hour ('15:00'): checkInTimeChoices. */
  checkInTime: z.enum(checkInTimeChoices),
  /**
   * The host's fees and discounts (core/quote.ts ListingFees, bounded by feeLimits). The deposit,
   * the extra-guest fee and the guests included are for homes: a hotel's quote ignores them.
   */
  ...listingFeesSchema.shape,
  /** Hotels and rentals; a sublet (and any stay of 28 nights or more) follows the long-stay policy. */
  cancellationPolicy: z.enum(hostPolicies),
});
export type ListingDraft = z.infer<typeof listingDraftSchema>;

/** A wizard step sends only the fields it shows. */
export const listingDraftPatchSchema = listingDraftSchema.partial();
export type ListingDraftPatch = z.infer<typeof listingDraftPatchSchema>;
