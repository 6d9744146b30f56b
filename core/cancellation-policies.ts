import type { PropertyType } from './constants.ts';
import type { StayQuote } from './quote.ts';
import { discountThresholds } from './listing-fees.ts';

/**
 * Cancellation policies (docs/decisions/023-money.md): data plus one pure refund function.
 *
 * A host of a hotel or a short rental chooses Flexible, Moderate or Strict. Sublets, and any stay of
 * 28 nights or more, follow the long-stay policy whatever the listing says: a month's rent is not
 * a night's, and a long stay cancelled late leaves the host with a month nobody else will book.
 *
 * Hours count back from check-in: the check-in day at the listing's check-in time on Israel's clock.
 * What a policy keeps is part of the stay's accommodation (the subtotal less the cleaning fee); the
 * cleaning fee always comes back (nobody stayed), and the service fee comes back in the same share
 * as the subtotal, so the platform keeps its fee only on what the host keeps. A host who cancels
 * refunds everything.
 */
export const hostPolicies = ['flexible', 'moderate', 'strict'] as const;
export const cancellationPolicyNames = [...hostPolicies, 'long_stay'] as const;
export type HostPolicy = (typeof hostPolicies)[number];
export type CancellationPolicy = (typeof cancellationPolicyNames)[number];

export const defaultHostPolicy: HostPolicy = 'moderate';

/** What a tier keeps of the accommodation: a share of it, or its first nights. */
export type Keep = { share: number } | { nights: number };

export interface PolicyTier {
  /** The tier applies when cancelled at least this many hours before check-in. */
  minHoursBefore: number;
  keep: Keep;
}

export interface PolicyRules {
  /** Hours after booking during which cancelling (before check-in) refunds everything; 0 for none. */
  graceHours: number;
  /** Tiers from the earliest cancellation to the latest; the first whose hours are met applies. */
  tiers: readonly PolicyTier[];
}

const nothing: Keep = { share: 0 };

export const cancellationPolicies: Record<CancellationPolicy, PolicyRules> = {
  /** Full refund up to 24 hours before check-in; later, the first night is kept. */
  flexible: {
    graceHours: 0,
    tiers: [
      { minHoursBefore: 24, keep: nothing },
      { minHoursBefore: -Infinity, keep: { nights: 1 } },
    ],
  },
  /** Full refund up to 5 days before check-in; later, half the stay is kept. */
  moderate: {
    graceHours: 0,
    tiers: [
      { minHoursBefore: 5 * 24, keep: nothing },
      { minHoursBefore: -Infinity, keep: { share: 0.5 } },
    ],
  },
  /** Full refund up to 14 days before check-in; half up to 7 days; nothing later. */
  strict: {
    graceHours: 0,
    tiers: [
      { minHoursBefore: 14 * 24, keep: nothing },
      { minHoursBefore: 7 * 24, keep: { share: 0.5 } },
      { minHoursBefore: -Infinity, keep: { share: 1 } },
    ],
  },
  /** Full refund within 48 hours of booking; afterwards the first month (30 nights) is kept. */
  long_stay: {
    graceHours: 48,
    tiers: [{ minHoursBefore: -Infinity, keep: { nights: 30 } }],
  },
};

/** The policy a stay follows: sublets and stays of 28 nights or more are long stays. */
export function policyOfStay(listing: { propertyType: PropertyType; cancellationPolicy: HostPolicy }, nights: number): CancellationPolicy {
  if (listing.propertyType === 'sublet' || nights >= discountThresholds.monthlyNights) return 'long_stay';
  return listing.cancellationPolicy;
}

export type RefundTier = 'host' | 'grace' | 'full' | 'partial' | 'none';

export interface CancellationRefund {
  tier: RefundTier;
  /** What comes back to the guest: refundSubtotal + refundServiceFee. */
  refund: number;
  /** What the host gives back of the subtotal. */
  refundSubtotal: number;
  /** What the platform gives back of its fee. */
  refundServiceFee: number;
  /** What the guest has paid and does not get back. */
  kept: number;
}

export type RefundQuote = Pick<StayQuote, 'nights' | 'subtotal' | 'cleaningFee' | 'serviceFee' | 'total'>;

const hour = 3_600_000;

/**
 * What a cancellation refunds of a paid stay. `checkInAt` is the instant of check-in
 * (core/dates.ts israelInstant); `bookedAt` starts a grace period. Amounts are whole shekels and
 * refund + kept = total always.
 */
export function cancellationRefund(input: {
  policy: CancellationPolicy;
  quote: RefundQuote;
  bookedAt: Date;
  checkInAt: Date;
  cancelledAt: Date;
  by: 'guest' | 'host';
}): CancellationRefund {
  const { quote } = input;
  const all = (tier: RefundTier): CancellationRefund => ({
    tier,
    refund: quote.total,
    refundSubtotal: quote.subtotal,
    refundServiceFee: quote.serviceFee,
    kept: 0,
  });
  if (input.by === 'host') return all('host');
  const rules = cancellationPolicies[input.policy];
  const sinceBooking = (input.cancelledAt.getTime() - input.bookedAt.getTime()) / hour;
  const beforeCheckIn = (input.checkInAt.getTime() - input.cancelledAt.getTime()) / hour;
  if (rules.graceHours > 0 && sinceBooking < rules.graceHours && beforeCheckIn > 0) return all('grace');
  const tier = rules.tiers.find((candidate) => beforeCheckIn >= candidate.minHoursBefore) ?? rules.tiers[rules.tiers.length - 1]!;
  const accommodation = quote.subtotal - quote.cleaningFee;
  const keptAccommodation = Math.min(accommodation, Math.round(keptOf(tier.keep, accommodation, quote.nights)));
  if (keptAccommodation <= 0) return all('full');
  const refundSubtotal = quote.subtotal - keptAccommodation;
  const refundServiceFee = quote.subtotal > 0 ? Math.round((quote.serviceFee * refundSubtotal) / quote.subtotal) : 0;
  const refund = refundSubtotal + refundServiceFee;
  return { tier: refund > 0 ? 'partial' : 'none', refund, refundSubtotal, refundServiceFee, kept: quote.total - refund };
}

function keptOf(keep: Keep, accommodation: number, nights: number): number {
  if ('share' in keep) return accommodation * keep.share;
  if (nights <= 0) return 0;
  return (accommodation * Math.min(keep.nights, nights)) / nights;
}

/**
 * The last instant a guest can cancel with a full refund, for "Free cancellation until …": the
 * first tier's deadline, or the end of the grace period (never after check-in); null when none.
 */
export function freeCancellationUntil(policy: CancellationPolicy, bookedAt: Date, checkInAt: Date): Date | null {
  const rules = cancellationPolicies[policy];
  if (rules.graceHours > 0) {
    return new Date(Math.min(bookedAt.getTime() + rules.graceHours * hour, checkInAt.getTime()));
  }
  const first = rules.tiers[0];
  if (!first || !('share' in first.keep) || first.keep.share !== 0 || !Number.isFinite(first.minHoursBefore)) return null;
  return new Date(checkInAt.getTime() - first.minHoursBefore * hour);
}
