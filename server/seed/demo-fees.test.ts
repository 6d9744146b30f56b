import { describe, expect, it } from 'vitest';
import { demoFees } from './demo-fees.ts';
import { createRandom } from './random.ts';

describe('demoFees', () => {
  const listings = Array.from({ length: 300 }, (_, i) => ({
    propertyType: (['hotel', 'sublet', 'rental'] as const)[i % 3]!,
    maxGuests: 1 + (i % 6),
  }));
  const fees = (seed: number) => {
    const rand = createRandom(seed);
    return listings.map((listing) => demoFees(rand, listing));
  };

  it('is the same for the same seed', () => {
    expect(fees(7)).toEqual(fees(7));
  });

  it('charges hotels no cleaning fee, deposit nor extra guests, and never includes more guests than a home sleeps', () => {
    fees(11).forEach((fee, i) => {
      const listing = listings[i]!;
      if (listing.propertyType === 'hotel') expect([fee.cleaningFee, fee.securityDeposit, fee.extraGuestFee]).toEqual([0, 0, 0]);
      if (fee.guestsIncluded !== null) {
        expect(fee.guestsIncluded).toBeGreaterThanOrEqual(1);
        expect(fee.guestsIncluded).toBeLessThanOrEqual(listing.maxGuests);
        expect(fee.extraGuestFee).toBeGreaterThan(0);
      }
    });
  });
});
