import { z } from 'zod';
import { propertyTypes } from '../constants.ts';
import { languages } from '../languages.ts';
import { maxLocationLength } from '../search-params.ts';
import { areaPointSchema, photoSchema } from './common.ts';

/** One listing as a results card shows it (GET /api/search, GET /api/listings/featured, GET /api/saved). */
export const listingCardSchema = z.object({
  id: z.number().int(),
  type: z.enum(propertyTypes),
  /** In the language asked for. */
  title: z.string(),
  /** 'Florentin, Tel Aviv' in the language asked for. */
  location: z.string(),
  /** The first photo's address, or null for the fallback image. */
  photoUrl: z.string().nullable(),
  /** The first photo with its size, for responsive variants; null for the fallback image. */
  photo: photoSchema.nullable(),
  /** Amenity keys (core/constants); the card shows three and '+N more'. */
  amenities: z.array(z.string()),
  petFriendly: z.boolean(),
  swapAvailable: z.boolean(),
  /** The host confirms at once a verified guest's booking (core/booking-action.ts booksInstantly): the card's button says which will happen. */
  instantBooking: z.boolean(),
  /** An admin checked the host's proof of the right to let this place (a deed, a lease, a licence): the "Verified place" badge. */
  verifiedPlace: z.boolean(),
  starRating: z.number().int().nullable(),
  /** Average of the reviews, null when there are none ('New'). */
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Whole shekels per night (hotels), month (sublets) or week (rentals). */
  price: z.number().int(),
  durationMonths: z.number().int().nullable(),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  /** Rentals: '1 week', '2 weeks', '1 month', '3 months', '6 months'. */
  leaseOptions: z.array(z.string()),
  /**
   * A flexible sublet search (flexible=true): the stay of the asked length that fits, the asked dates
   * when they do, else the nearest start within a week (core/flexible-dates.ts). Absent otherwise.
   */
  stay: z.object({ checkIn: z.string(), checkOut: z.string() }).optional(),
  /**
   * Search results with dates: what the stay costs in all (core/quote.ts quoteStay total: fees,
   * discounts, seasonal rules, the party's extra guests and the service fee; never the deposit), for
   * the card's stay (`stay` when flexible). Null without dates, and on saved and featured cards.
   */
  stayTotal: z.number().int().nullable(),
  /** Search results only: where the map puts the listing (its approximate point); null without a pin. */
  area: areaPointSchema.nullable().optional(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/** GET /api/search: one page of matching listings. */
export const searchResponseSchema = z.object({
  results: z.array(listingCardSchema),
  /** Matching listings, counted up to maxCountedResults. */
  total: z.number().int(),
  /** True when there are more than `total` ("10,000+"). */
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** The searched location as the gazetteer names it in the language asked for; null when it names no place exactly. */
  locationName: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** A gazetteer entry offered by the location autocomplete (GET /api/places/suggest). */
export const placeSuggestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['region', 'city', 'neighbourhood']),
  /** The name in the language asked for; this is what goes into the location field. */
  name: z.string(),
  /** The city or region it belongs to, in the same language, when it has one. */
  parentName: z.string().nullable(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

export const suggestPlacesQuerySchema = z.object({
  q: z.string().trim().max(maxLocationLength).default(''),
  lang: z.enum(languages).default('en'),
});

export const suggestPlacesResponseSchema = z.object({ suggestions: z.array(placeSuggestionSchema) });
export type PlaceSuggestions = z.infer<typeof suggestPlacesResponseSchema>;

/** GET /api/listings/featured and GET /api/saved: a list of cards. */
export const listingCardsResponseSchema = z.object({ listings: z.array(listingCardSchema) });
export type ListingCards = z.infer<typeof listingCardsResponseSchema>;
