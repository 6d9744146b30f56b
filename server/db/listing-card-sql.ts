/**
 * The query pieces every screen showing a listing by its place and cover needs (results cards,
 * saved listings, bookings): one definition, so that a card looks the same wherever it appears.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListingCard } from '../../core/contracts/search.ts';
import type { Language } from '../../core/languages.ts';
import { toListingCard, type ListingCardRow } from '../../core/listing-card.ts';
import { publicPhotoOf } from '../storage/public-url.ts';
import { places, properties } from './schema.ts';

/** A listing's place (a city or a neighbourhood) and its city; join both with the conditions below. */
export const placeOfListing = alias(places, 'place');
export const cityOfListing = alias(places, 'city');
export const placeOfListingJoin = eq(placeOfListing.id, properties.placeId);
export const cityOfListingJoin = eq(cityOfListing.id, properties.cityId);

/** A listing's cover as the card queries read it: the first photo's storage key and size. */
export type CoverPhotoRow = { key: string; width: number | null; height: number | null } | null;

/** Where a listing is, in the asked language, and its cover (the first photo's storage key and size). */
export const listingPlaceColumns = (language: Language) => ({
  placeName: language === 'he' ? placeOfListing.nameHe : placeOfListing.nameEn,
  cityName: language === 'he' ? cityOfListing.nameHe : cityOfListing.nameEn,
  /** The listing is placed at its city itself, not at a neighbourhood of it. */
  sameCity: sql<boolean>`${properties.placeId} = ${properties.cityId}`,
  // One subquery for the three columns: json_build_object keeps them together.
  cover: sql<CoverPhotoRow>`(select json_build_object('key', ph.storage_key, 'width', ph.width, 'height', ph.height) from property_photos ph where ph.property_id = ${properties.id} order by ph.position limit 1)`,
});

/** Everything a listing card shows; select from properties joined to placeOfListing and cityOfListing. */
export function listingCardColumns(language: Language) {
  const columns = getTableColumns(properties);
  const {
    amenities,
    petFriendly,
    swapAvailable,
    instantBooking,
    starRating,
    ratingAverage,
    reviewCount,
    durationMonths,
    availableFrom,
    availableUntil,
    leaseOptions,
  } = columns;
  return {
    id: columns.id,
    type: columns.propertyType,
    title: language === 'he' ? columns.titleHe : columns.titleEn,
    ...listingPlaceColumns(language),
    ...{ amenities, petFriendly, swapAvailable, instantBooking, starRating, ratingAverage, reviewCount },
    verifiedPlace: sql<boolean>`${columns.placeVerification} = 'verified'`,
    price: columns.listPrice,
    ...{ durationMonths, availableFrom, availableUntil, leaseOptions },
  };
}

/** A row of listingCardColumns as the card the API answers with. */
export function cardOfRow({ cover, ...row }: Omit<ListingCardRow, 'photo'> & { cover: CoverPhotoRow }): ListingCard {
  return toListingCard({ ...row, photo: publicPhotoOf(cover) });
}
