import type { PricedListing } from './quote.ts';
import type { ShabbatProblem } from './shabbat-rules.ts';
import { daysBetween } from './dates.ts';
import { partyFits } from './party.ts';
import { seasonMinStayRule, type PriceRule } from './price-rules.ts';

/** Hours a host has to answer a request; the request (and its hold on the dates) then expires. */
export const bookingAnswerHours = 24;

/** A message in a conversation between a guest and a host (before or after a request). */
export const messageRules = { maxLength: 2000 } as const;

/**
 * A guest's questions to hosts before any request (Contact host): new conversations per day, per
 * account and per client IP, and messages per hour per account in any thread. Enough to ask a few
 * hosts about a few places; not enough to spam every host of a city by script. Counted in the shared
 * rate limiter (Redis with several instances), so the limits hold across instances.
 */
export const inquiryRateLimits = {
  perAccount: { limit: 10, windowMs: 24 * 60 * 60 * 1000 },
  perIp: { limit: 30, windowMs: 24 * 60 * 60 * 1000 },
  messagesPerAccount: { limit: 60, windowMs: 60 * 60 * 1000 },
} as const;

/** A guest's review of a completed stay: 1–5 stars and a few words. */
export const reviewRules = { minRating: 1, maxRating: 5, minLength: 10, maxLength: 2000 } as const;

export const leaseOptionDays: Record<string, number> = { '1 week': 7, '2 weeks': 14, '1 month': 30, '3 months': 90, '6 months': 180 };

export type StayProblem =
  | 'check_out_not_after_check_in'
  | 'check_in_in_past'
  | 'outside_availability'
  | 'stay_too_short'
  | 'season_stay_too_short'
  | 'stay_too_long'
  | 'too_many_rooms'
  | 'too_many_guests'
  | 'lease_option_unavailable'
  | ShabbatProblem;

/**
 * The Shabbat rules of a listing that keeps Shabbat, bound to its city (core/shabbat-rules.ts,
 * shabbatStayProblems). Passed in rather than imported: they carry the Hebrew calendar, which the
 * web app loads lazily.
 */
export type ShabbatCheck = (stay: { checkIn: string; checkOut: string }) => readonly ShabbatProblem[];

export interface BookableListing extends PricedListing {
  availableFrom: string | null;
  availableUntil: string | null;
  minStayDays: number;
  maxStayDays: number;
  roomCount: number | null;
  /** Per room for hotels, for the whole place otherwise. */
  maxGuests: number;
  leaseOptions: string[];
  /** The host's seasonal rules, for their minimum stays (core/price-rules.ts). */
  priceRules?: readonly PriceRule[];
}

/** What is wrong with a stay at a listing, in the order a guest should fix it; empty when bookable. */
export function stayProblems(
  listing: BookableListing,
  stay: { checkIn: string; checkOut: string; rooms?: number; guests?: number; children?: readonly number[]; leaseOption?: string | null },
  today: string,
  shabbatCheck?: ShabbatCheck,
): StayProblem[] {
  const problems: StayProblem[] = [];
  if (stay.checkOut <= stay.checkIn) problems.push('check_out_not_after_check_in');
  if (stay.checkIn < today) problems.push('check_in_in_past');
  if (
    (listing.availableFrom && stay.checkIn < listing.availableFrom) ||
    (listing.availableUntil && stay.checkOut > listing.availableUntil)
  ) {
    problems.push('outside_availability');
  }
  if (shabbatCheck && stay.checkOut > stay.checkIn) problems.push(...shabbatCheck(stay));
  const days = daysBetween(stay.checkIn, stay.checkOut);
  if (days > 0 && days < listing.minStayDays) problems.push('stay_too_short');
  if (days > 0 && seasonMinStayRule(listing.priceRules ?? [], stay.checkIn, stay.checkOut)) problems.push('season_stay_too_short');
  if (days > listing.maxStayDays) problems.push('stay_too_long');
  if (listing.propertyType === 'hotel' && (stay.rooms ?? 1) > (listing.roomCount ?? 1)) problems.push('too_many_rooms');
  // Infants (under two) take no place: core/party.ts.
  if (!partyFits(listing, { guests: stay.guests ?? 1, children: stay.children ?? [], rooms: stay.rooms })) problems.push('too_many_guests');
  if (listing.propertyType === 'rental' && stay.leaseOption && !listing.leaseOptions.includes(stay.leaseOption)) {
    problems.push('lease_option_unavailable');
  }
  return problems;
}

/**
 * Limits on booking requests. A pending request holds a home's dates until the host answers, so
 * without limits one account could hold dozens of homes for thousands of nights at once, keeping
 * every other guest out (calendar squatting). A guest really waits on a few answers at a time and
 * never needs two open requests at the same place; a stay booked instantly holds no request.
 */
export const maxPendingRequestsPerGuest = 5;
export const maxPendingRequestsPerListing = 1;

/**
 * Booking attempts (requests and hotel bookings, refused ones included) per hour, per account and
 * per client IP: enough for a guest trying a few places and dates, not for booking out a city by
 * script. The IP limit is higher because a household or an office shares one address.
 */
export const bookingRateLimits = {
  perAccount: { limit: 20, windowMs: 60 * 60 * 1000 },
  perIp: { limit: 50, windowMs: 60 * 60 * 1000 },
} as const;
