import { noFees } from '../../../core/listing-fees.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { renderPage } from '../../test/render-page.tsx';
import { PropertyFacts } from './property-facts.tsx';

function listing(overrides: Partial<ListingDetail>): ListingDetail {
  return {
    id: 1,
    type: 'hotel',
    title: 'Hotel',
    description: '',
    location: 'Tel Aviv',
    address: null,
    photos: [],
    amenities: [],
    houseRules: [],
    petFriendly: false,
    swapAvailable: false,
    starRating: 4,
    roomCount: 120,
    pricePerNight: 455,
    pricePerWeek: null,
    pricePerMonth: null,
    durationMonths: null,
    leaseOptions: [],
    bedrooms: 1,
    bathrooms: 1,
    maxGuests: 2,
    availableFrom: null,
    availableUntil: null,
    minStayDays: 1,
    maxStayDays: 30,
    keepsShabbat: false,
    instantBooking: false,
    verifiedPlace: false,
    fees: noFees,
    cancellationPolicy: 'moderate',
    serviceFeeRate: 0.1,
    longStayDueDaysBefore: 3,
    checkInTime: '15:00',
    city: { slug: 'tel-aviv', latitude: 32.0853, longitude: 34.7818 },
    area: { latitude: 32.0871, longitude: 34.7802 },
    priceRules: [],
    ratingAverage: null,
    reviewCount: 0,
    saved: false,
    host: {
      id: 'h',
      firstName: 'Dana',
      photoUrl: null,
      idVerified: true,
      ratingAverage: null,
      reviewCount: 0,
      responseTimeHours: 2,
      responseRate: 100,
      memberSince: '2024-01-01',
      superHost: false,
    },
    categoryAverages: { cleanliness: null, accuracy: null, communication: null, location: null, value: null },
    reviews: [],
    ...overrides,
  };
}

const facts = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('PropertyFacts', () => {
  it('tells a hotel by its room count and the guests a room takes, not bedrooms and bathrooms', () => {
    renderPage(<PropertyFacts listing={listing({})} />);
    expect(facts()).toEqual(['120 rooms', 'Up to 2 guests per room']);
  });

  it('says the same in Hebrew', () => {
    renderPage(<PropertyFacts listing={listing({})} />, { path: '/he/property/1' });
    expect(facts()).toEqual(['120 חדרים', 'עד 2 אורחים בחדר']);
  });

  it('tells a home by its bedrooms, bathrooms and guests', () => {
    renderPage(<PropertyFacts listing={listing({ type: 'rental', roomCount: null, bedrooms: 3, bathrooms: 2, maxGuests: 6 })} />);
    expect(facts()).toEqual(['3 bedrooms', '2 bathrooms', '6 guests']);
  });
});
