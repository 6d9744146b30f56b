import type { TFunction } from '../i18n/translator.ts';
import {
  cancellationPolicies,
  freeCancellationUntil,
  policyOfStay,
  type CancellationPolicy,
  type HostPolicy,
} from '../../core/cancellation-policies.ts';
import type { PropertyType } from '../../core/constants.ts';
import { daysBetween } from '../../core/dates.ts';
import { israelInstant } from '../../core/dates.ts';

/**
 * A cancellation policy in plain words, from its data in core/cancellation-policies.ts: the numbers
 * (hours, days, nights kept) come from the tiers, so the words cannot drift from the refunds. Shared
 * by the host's wizard and the property page. `key` is under `cancellation.terms`.
 */
export function policyTerms(policy: CancellationPolicy): { key: CancellationPolicy; values: Record<string, number> } {
  const rules = cancellationPolicies[policy];
  const hours = (index: number) => rules.tiers[index]?.minHoursBefore ?? 0;
  const nightsKept = (index: number) => {
    const keep = rules.tiers[index]?.keep;
    return keep && 'nights' in keep ? keep.nights : 0;
  };
  // What comes back of the stay in a tier that keeps a share of it.
  const percentRefunded = (index: number) => {
    const keep = rules.tiers[index]?.keep;
    return keep && 'share' in keep ? Math.round((1 - keep.share) * 100) : 0;
  };
  // `count` picks the plural form, `n` is the number written.
  const nights = (n: number) => ({ count: n, n });
  switch (policy) {
    case 'flexible':
      return { key: policy, values: { hours: hours(0), ...nights(nightsKept(1)) } };
    case 'moderate':
      return { key: policy, values: { days: hours(0) / 24, percent: percentRefunded(1) } };
    case 'strict':
      return { key: policy, values: { days: hours(0) / 24, halfDays: hours(1) / 24, percent: percentRefunded(1) } };
    case 'long_stay':
      return { key: policy, values: { hours: rules.graceHours, ...nights(nightsKept(0)) } };
  }
}

/**
 * The policy of a stay on a listing and, once dates are chosen, the last moment its guest may cancel
 * for a full refund if they booked now (null without dates, or when the policy has no free period).
 */
export function stayPolicy(
  listing: { propertyType: PropertyType; cancellationPolicy: HostPolicy; checkInTime: string },
  stay: { checkIn: string; checkOut: string } | null,
  now: Date = new Date(),
): { policy: CancellationPolicy; freeUntil: Date | null } {
  const nights = stay ? Math.max(0, daysBetween(stay.checkIn, stay.checkOut)) : 0;
  const policy = policyOfStay(listing, nights);
  if (!stay || nights <= 0) return { policy, freeUntil: null };
  const until = freeCancellationUntil(policy, now, israelInstant(stay.checkIn, listing.checkInTime));
  // A deadline already gone (a stay starting soon) offers no free cancellation.
  return { policy, freeUntil: until && until.getTime() > now.getTime() ? until : null };
}

/** A policy's name and terms in one sentence ("Moderate: Full refund until 5 days before check-in. …"), for bookings, receipts and the cancel dialog. */
export function policySentence(t: TFunction, policy: CancellationPolicy): string {
  const terms = policyTerms(policy);
  return `${t(`cancellation.names.${policy}`)}: ${t(`cancellation.terms.${terms.key}`, terms.values)}`;
}
