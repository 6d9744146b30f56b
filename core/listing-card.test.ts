import { describe, expect, it } from 'vitest';
import { listingCardSchema } from './contracts/search.ts';
import { toListingCard, type ListingCardRow } from './listing-card.ts';

const row: ListingCardRow = {
  id: 7,
  type: 'sublet',
  title: 'Sea view loft',
  placeName: 'Florentin',
  cityName: 'Tel Aviv',
  sameCity: false,
  photo: null,
  amenities: ['kitchen'],
  petFriendly: true,
  swapAvailable: false,
  instantBooking: false,
  verifiedPlace: false,
  starRating: null,
  ratingAverage: 4.666666,
  reviewCount: 3,
  price: 6000,
  durationMonths: 6,
  availableFrom: '2026-01-01',
  availableUntil: null,
  leaseOptions: [],
};

describe('toListingCard', () => {
  it('names the neighbourhood and its city, or the city alone', () => {
    expect(toListingCard(row).location).toBe('Florentin, Tel Aviv');
    expect(toListingCard({ ...row, placeName: 'Tel Aviv', sameCity: true }).location).toBe('Tel Aviv');
  });

  it('rounds the rating to two decimals, keeps "no reviews" as null and a missing price as 0', () => {
    expect(toListingCard(row).ratingAverage).toBe(4.67);
    expect(toListingCard({ ...row, ratingAverage: null }).ratingAverage).toBeNull();
    expect(toListingCard({ ...row, price: null }).price).toBe(0);
  });

  it('gives what the response schema accepts', () => {
    expect(listingCardSchema.safeParse(toListingCard(row)).success).toBe(true);
  });
});
