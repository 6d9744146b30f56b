import type { PropertyType } from './constants.ts';

/** One listing as a results card shows it (GET /api/search, GET /api/listings/featured). */
export interface ListingCard {
  id: number;
  type: PropertyType;
  /** In the language asked for. */
  title: string;
  /** 'Florentin, Tel Aviv' in the language asked for. */
  location: string;
  /** The first photo, or null for the fallback image. */
  photoUrl: string | null;
  /** Amenity keys (core/constants); the card shows three and '+N more'. */
  amenities: string[];
  petFriendly: boolean;
  swapAvailable: boolean;
  starRating: number | null;
  /** Average of the reviews, null when there are none ('New'). */
  ratingAverage: number | null;
  reviewCount: number;
  /** Whole shekels per night (hotels), month (sublets) or week (rentals). */
  price: number;
  durationMonths: number | null;
  availableFrom: string | null;
  availableUntil: string | null;
  /** Rentals: '1 week', '2 weeks', '1 month', '3 months', '6 months'. */
  leaseOptions: string[];
}

export interface SearchResponse {
  results: ListingCard[];
  /** Matching listings, counted up to maxCountedResults. */
  total: number;
  /** True when there are more than `total` ("10,000+"). */
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The searched location as the gazetteer names it in the language asked for; null when it names no place exactly. */
  locationName: string | null;
}

/** A gazetteer entry offered by the location autocomplete (GET /api/places/suggest). */
export interface PlaceSuggestion {
  id: number;
  kind: 'region' | 'city' | 'neighbourhood';
  /** The name in the language asked for; this is what goes into the location field. */
  name: string;
  /** The city or region it belongs to, in the same language, when it has one. */
  parentName: string | null;
}

export const leaseOptionValues = ['1 week', '2 weeks', '1 month', '3 months', '6 months'] as const;
