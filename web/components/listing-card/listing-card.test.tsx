import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingCard as Listing } from '../../../core/contracts/search.ts';
import { renderPage } from '../../test/render-page.tsx';
import { ListingCard } from './listing-card.tsx';

const rental: Listing = {
  id: 7,
  type: 'rental',
  title: 'Sea view flat',
  location: 'Florentin, Tel Aviv',
  photoUrl: null,
  photo: null,
  amenities: [],
  petFriendly: false,
  swapAvailable: false,
  starRating: null,
  ratingAverage: null,
  reviewCount: 0,
  price: 3500,
  durationMonths: null,
  availableFrom: null,
  availableUntil: null,
  leaseOptions: [],
  stayTotal: null,
};

describe('ListingCard', () => {
  it('shows the total of the searched stay beside the unit price', () => {
    renderPage(<ListingCard listing={{ ...rental, stayTotal: 4070 }} language="en" />, { path: '/results?type=rental' });
    expect(screen.getByTestId('card-price').textContent).toBe('₪3,500/week');
    expect(screen.getByTestId('card-stay-total').textContent).toBe('₪4,070 total');
  });

  it('says it in Hebrew, and shows no total without dates', () => {
    const he = renderPage(<ListingCard listing={{ ...rental, stayTotal: 4070 }} language="he" />, { path: '/he/results?type=rental' });
    expect(screen.getByTestId('card-stay-total').textContent).toContain('סה״כ');
    he.unmount();
    renderPage(<ListingCard listing={rental} language="en" />, { path: '/results?type=rental' });
    expect(screen.queryByTestId('card-stay-total')).toBeNull();
  });
});
