import {
  cancellationPolicies,
  freeCancellationUntil,
  policyOfStay,
  type CancellationPolicy,
  type HostPolicy,
} from '../../core/cancellation-policies.ts';
import type { PropertyType } from '../../core/constants.ts';
import { daysBetween } from '../../core/booking-rules.ts';
import { israelInstant, platformTimeZone } from '../../core/dates.ts';

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

/**
 * The wall clock of an instant in Israel, as a local Date for the app's date formats: "until
 * Mar 3, 2027, 15:00" means 15:00 in Israel, wherever the guest's browser is.
 */
export function israelWallClock(instant: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: platformTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
}
