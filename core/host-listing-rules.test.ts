import { describe, expect, it } from 'vitest';
import { emptyListingDraft, listingCompleteness, listingFieldProblems, listingPatchProblems } from './host-listing-rules.ts';

describe('listing field problems', () => {
  it('judges only the fields asked for, by the rules submission uses', () => {
    expect(listingFieldProblems(emptyListingDraft, ['placeId', 'address', 'propertyType'])).toEqual({
      placeId: 'required',
      address: 'required',
    });
    expect(listingFieldProblems(emptyListingDraft, ['amenities', 'houseRules'])).toEqual({});
  });

  it('wants titles and descriptions in words, descriptions long enough', () => {
    const draft = { ...emptyListingDraft, titleEn: '!!!', titleHe: 'א', descriptionEn: '12345', descriptionHe: 'Short words' };
    expect(listingFieldProblems(draft, ['titleEn', 'titleHe', 'descriptionEn', 'descriptionHe'])).toEqual({
      titleEn: 'no_words',
      titleHe: 'no_words',
      descriptionEn: 'no_words',
      descriptionHe: 'too_short',
    });
  });

  it('checks a patch against the listing it changes, and submission against everything', () => {
    const hotel = { ...emptyListingDraft, propertyType: 'hotel' as const };
    expect(listingPatchProblems(hotel, { pricePerNight: null, starRating: 4 })).toEqual({ pricePerNight: 'required' });
    expect(listingPatchProblems(hotel, { minStayDays: 30, maxStayDays: 7 })).toEqual({ maxStayDays: 'order' });
    expect(Object.keys(listingCompleteness(hotel, 0))).toEqual(
      expect.arrayContaining(['titleEn', 'descriptionHe', 'placeId', 'pricePerNight', 'starRating', 'roomCount', 'photos']),
    );
  });
});
