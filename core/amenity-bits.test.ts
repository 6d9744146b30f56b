import { describe, expect, it } from 'vitest';
import { amenityBits, amenityMask, maxAmenityBit } from './amenity-bits.ts';
import { amenityKeys } from './constants.ts';

describe('amenity bits', () => {
  it('gives every amenity its own bit below the limit', () => {
    expect(Object.keys(amenityBits).sort()).toEqual([...amenityKeys].sort());
    const bits = Object.values(amenityBits);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(bit).toBeLessThanOrEqual(maxAmenityBit);
  });

  it('combines amenities into one mask, each counted once', () => {
    expect(amenityMask([])).toBe(0);
    expect(amenityMask(['free_wifi'])).toBe(1);
    expect(amenityMask(['spa', 'parking', 'spa'])).toBe(2 ** 3 + 2 ** 7);
    expect(amenityMask(['jacuzzi'])).toBe(0);
  });
});
