import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingCard as Listing } from '../../../core/contracts/search.ts';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';
import { sessionQueryKey } from '../../lib/session.ts';
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
  instantBooking: false,
  verifiedPlace: false,
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

  describe('says what its button will do for this viewer (issue 41 item 7)', () => {
    const hotel: Listing = { ...rental, id: 8, type: 'hotel', instantBooking: true };
    const viewer = (idVerified: boolean) => ({ id: 'u1', idVerified }) as SessionUser;
    const action = (listing: Listing, user: SessionUser | null, path = '/results') => {
      const view = renderPage(<ListingCard listing={listing} language={path.startsWith('/he') ? 'he' : 'en'} />, {
        path,
        queryData: [[sessionQueryKey, user]],
      });
      const text = screen.getByTestId('card-action').textContent;
      view.unmount();
      return text;
    };

    it('books at once only an instant-booking listing for a verified guest; anyone else requests', () => {
      expect(action(hotel, viewer(true))).toBe(en.listing.bookNow);
      expect(action(hotel, null)).toBe(en.listing.requestToBook);
      expect(action(hotel, viewer(false))).toBe(en.listing.requestToBook);
      expect(action({ ...hotel, instantBooking: false }, viewer(true))).toBe(en.listing.requestToBook);
      expect(action({ ...hotel, type: 'sublet', instantBooking: true }, viewer(true))).toBe(en.listing.bookNow);
      expect(action({ ...rental, instantBooking: false }, viewer(true))).toBe(en.listing.apply);
    });

    it('says it in Hebrew', () => {
      expect(action(hotel, null, '/he/results')).toBe(he.listing.requestToBook);
      expect(action(hotel, viewer(true), '/he/results')).toBe(he.listing.bookNow);
    });
  });
});
