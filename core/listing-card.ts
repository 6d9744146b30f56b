import type { PropertyType } from './constants.ts';
import { placeLabel } from './format.ts';
import type { Photo } from './contracts/common.ts';
import type { ListingCard } from './contracts/search.ts';

/** A listing as a card query reads it: place names in the asked language, the first photo. */
export interface ListingCardRow {
  id: number;
  type: PropertyType;
  title: string;
  placeName: string;
  cityName: string;
  /** The listing is placed at its city itself, not at a neighbourhood of it. */
  sameCity: boolean;
  photo: Photo | null;
  amenities: string[];
  petFriendly: boolean;
  swapAvailable: boolean;
  instantBooking: boolean;
  verifiedPlace: boolean;
  starRating: number | null;
  ratingAverage: number | null;
  reviewCount: number;
  price: number | null;
  durationMonths: number | null;
  availableFrom: string | null;
  availableUntil: string | null;
  leaseOptions: string[];
}

export function toListingCard(row: ListingCardRow): ListingCard {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    location: placeLabel(row.placeName, row.cityName, row.sameCity),
    photoUrl: row.photo?.url ?? null,
    photo: row.photo,
    amenities: row.amenities,
    petFriendly: row.petFriendly,
    swapAvailable: row.swapAvailable,
    instantBooking: row.instantBooking,
    verifiedPlace: row.verifiedPlace,
    starRating: row.starRating,
    // The stored average is a float; two decimals are all a card can show.
    ratingAverage: row.ratingAverage === null ? null : Math.round(row.ratingAverage * 100) / 100,
    reviewCount: row.reviewCount,
    price: row.price ?? 0,
    durationMonths: row.durationMonths,
    availableFrom: row.availableFrom,
    availableUntil: row.availableUntil,
    leaseOptions: row.leaseOptions,
    // Only a search with dates prices the stay (server/features/search/search-repository.ts).
    stayTotal: null,
  };
}
