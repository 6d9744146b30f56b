import type { HostPolicy } from '../../core/cancellation-policies.ts';
import type { PropertyType } from '../../core/constants.ts';
import { noFees, type ListingFees } from '../../core/listing-fees.ts';
import { pick, randInt } from './demo-listings.ts';
import type { Random } from './random.ts';

export type DemoFees = ListingFees & { cancellationPolicy: HostPolicy };

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * A demo listing's fees, discounts and cancellation policy, as hosts set them: most homes a cleaning
 * fee and a refundable deposit, some rentals weekly and monthly discounts and a fee for guests above
 * those included, sublets a monthly discount now and then; hotels no cleaning fee nor deposit. A
 * mix of policies (a sublet's stored policy is moot: sublets follow the long-stay policy).
 * `rand` is a stream of its own, so the rest of the demo data stays what it was.
 */
export function demoFees(rand: Random, listing: { propertyType: PropertyType; maxGuests: number }): DemoFees {
  const none: DemoFees = { ...noFees, cancellationPolicy: 'moderate' };
  if (listing.propertyType === 'hotel') {
    return {
      ...none,
      weeklyDiscountPercent: rand() < 0.3 ? pick(rand, [5, 10]) : 0,
      cancellationPolicy: pick(rand, ['flexible', 'flexible', 'moderate', 'moderate', 'strict'] as const),
    };
  }
  if (listing.propertyType === 'sublet') {
    return {
      ...none,
      cleaningFee: rand() < 0.6 ? roundTo(randInt(rand, 200, 500), 50) : 0,
      securityDeposit: rand() < 0.85 ? roundTo(randInt(rand, 2000, 6000), 500) : 0,
      monthlyDiscountPercent: rand() < 0.3 ? pick(rand, [5, 10, 15]) : 0,
    };
  }
  const extraGuests = listing.maxGuests > 2 && rand() < 0.35;
  return {
    cleaningFee: rand() < 0.85 ? roundTo(randInt(rand, 150, 400), 10) : 0,
    securityDeposit: rand() < 0.8 ? roundTo(randInt(rand, 500, 2000), 250) : 0,
    weeklyDiscountPercent: rand() < 0.35 ? pick(rand, [5, 10, 15]) : 0,
    monthlyDiscountPercent: rand() < 0.45 ? pick(rand, [10, 15, 20, 25]) : 0,
    extraGuestFee: extraGuests ? roundTo(randInt(rand, 50, 150), 10) : 0,
    guestsIncluded: extraGuests ? randInt(rand, 2, listing.maxGuests - 1) : null,
    cancellationPolicy: pick(rand, ['flexible', 'moderate', 'moderate', 'strict', 'strict'] as const),
  };
}
