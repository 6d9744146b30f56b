import { describe, expect, it } from 'vitest';
import { leaseOptionValues } from '../../../core/constants.ts';
import { amenityChips, isLeaseOption, leaseOptionKeys, partyOf, propertyHref, stayDatesOf } from './listing-card-model.ts';

describe('amenityChips', () => {
  it('shows the first three known amenities and counts the rest', () => {
    expect(amenityChips(['free_wifi', 'spa', 'gym', 'parking', 'kitchen'])).toEqual({ chips: ['free_wifi', 'spa', 'gym'], more: 2 });
    expect(amenityChips(['free_wifi'])).toEqual({ chips: ['free_wifi'], more: 0 });
    expect(amenityChips([])).toEqual({ chips: [], more: 0 });
  });

  it('leaves out the pet-friendly chip when the card shows the pet-friendly badge', () => {
    const amenities = ['pet_friendly', 'spa', 'gym', 'parking'];
    expect(amenityChips(amenities, { petFriendlyBadge: true })).toEqual({ chips: ['spa', 'gym', 'parking'], more: 0 });
    expect(amenityChips(amenities)).toEqual({ chips: ['pet_friendly', 'spa', 'gym'], more: 1 });
  });

  it('skips keys it has no name for', () => {
    expect(amenityChips(['hot_tub', 'spa'])).toEqual({ chips: ['spa'], more: 0 });
  });
});

describe('lease options', () => {
  it('has a translation key for every option the server sends', () => {
    for (const option of leaseOptionValues) {
      expect(isLeaseOption(option)).toBe(true);
      expect(leaseOptionKeys[option]).toMatch(/^[a-zA-Z]+$/);
    }
    expect(isLeaseOption('2 years')).toBe(false);
  });
});

describe('stayDatesOf', () => {
  it('reads both dates of the current search when valid and in order', () => {
    expect(stayDatesOf(new URLSearchParams('checkIn=2026-03-01&checkOut=2026-03-05'))).toEqual({
      checkIn: '2026-03-01',
      checkOut: '2026-03-05',
    });
    expect(stayDatesOf(new URLSearchParams('checkIn=2026-03-05&checkOut=2026-03-01'))).toBeNull();
    expect(stayDatesOf(new URLSearchParams('checkIn=2026-02-30&checkOut=2026-03-05'))).toBeNull();
    expect(stayDatesOf(new URLSearchParams('checkIn=2026-03-01'))).toBeNull();
  });
});

describe('propertyHref', () => {
  it('links the property page, carrying the stay and the lease length', () => {
    expect(propertyHref(7)).toBe('/property/7');
    expect(propertyHref(7, { dates: { checkIn: '2026-03-01', checkOut: '2026-03-05' } })).toBe(
      '/property/7?checkIn=2026-03-01&checkOut=2026-03-05',
    );
    expect(propertyHref(7, { lease: '3 months' })).toBe('/property/7?lease=3+months');
    expect(propertyHref(7, { lease: '' })).toBe('/property/7');
  });

  it('carries the rooms and guests of a hotel search', () => {
    expect(propertyHref(7, { party: { rooms: 2, guests: 4 } })).toBe('/property/7?rooms=2&guests=4');
    expect(propertyHref(7, { party: {} })).toBe('/property/7');
    expect(propertyHref(7, { party: { rooms: 1, guests: 4, children: [1, 9] } })).toBe('/property/7?rooms=1&guests=4&children=1%2C9');
  });
});

describe('partyOf', () => {
  it('reads whole, positive rooms and guests and drops anything else', () => {
    expect(partyOf(new URLSearchParams('rooms=2&guests=5'))).toEqual({ rooms: 2, guests: 5 });
    expect(partyOf(new URLSearchParams('rooms=0&guests=two'))).toEqual({});
    expect(partyOf(new URLSearchParams('guests=3'))).toEqual({ guests: 3 });
  });

  it("keeps the children's ages of a party that has an adult", () => {
    expect(partyOf(new URLSearchParams('guests=4&children=1,9'))).toEqual({ guests: 4, children: [1, 9] });
    expect(partyOf(new URLSearchParams('guests=2&children=1,9'))).toEqual({ guests: 2 });
    expect(partyOf(new URLSearchParams('guests=4&children=1,19'))).toEqual({ guests: 4 });
    expect(partyOf(new URLSearchParams('children=1'))).toEqual({});
  });
});
