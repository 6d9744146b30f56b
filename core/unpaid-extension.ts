import type { CancellationPolicy } from './cancellation-policies.ts';
import { israelInstant } from './dates.ts';
import type { StayQuote } from './quote.ts';
import { checkOutTime } from './shabbat-rules.ts';

/*
 * An accepted change of a card stay paid at once that costs more (an extension, more guests): the
 * booking takes the new dates and total at once, and the guest pays the difference through a Checkout
 * (decision 058). Until paid, it is owed (decision 062): the guest is reminded, and a difference still
 * unpaid by its deadline makes the change lapse, the stay returning to what it was.
 */

/** The most an accepted change's difference may stay unpaid. */
export const differencePayHours = 48;
/** When the guest is reminded, at the latest (halfway to the deadline when that is sooner). */
export const differenceReminderHours = 24;
/** The least time to pay, however close the stay's dates (a payment page lives 30 minutes at least). */
export const differenceMinimumHours = 2;

const hourMs = 3_600_000;

/** The stay as it was before an accepted change: what a lapsed change returns the booking to. */
export interface StayBeforeChange {
  checkIn: string;
  checkOut: string;
  guests: number;
  childAges: number[];
  quote: StayQuote | null;
  subtotal: number;
  serviceFee: number;
  total: number;
  cancellationPolicy: CancellationPolicy;
}

/**
 * The moment an accepted change's difference must be paid by: 48 hours after acceptance, or earlier
 * when the stay would otherwise reach nights nobody paid for: the original check-out (at the platform's
 * check-out time) for nights added at the end, the new check-in (at the listing's check-in time) for
 * nights added before the stay. Never less than two hours after acceptance.
 */
export function differencePayBy(
  acceptedAt: Date,
  previous: { checkIn: string; checkOut: string },
  next: { checkIn: string },
  listingCheckInTime: string,
): Date {
  const bounds = [acceptedAt.getTime() + differencePayHours * hourMs, israelInstant(previous.checkOut, checkOutTime).getTime()];
  if (next.checkIn < previous.checkIn) bounds.push(israelInstant(next.checkIn, listingCheckInTime).getTime());
  return new Date(Math.max(Math.min(...bounds), acceptedAt.getTime() + differenceMinimumHours * hourMs));
}

/** When the guest is reminded of an unpaid difference: 24 hours after acceptance, or halfway to its deadline if sooner. */
export function differenceReminderAt(acceptedAt: Date, payBy: Date): Date {
  const half = (payBy.getTime() - acceptedAt.getTime()) / 2;
  return new Date(acceptedAt.getTime() + Math.min(differenceReminderHours * hourMs, half));
}

/**
 * When the difference's payment page stops taking payment: at the deadline, and at most 24 hours
 * after it opens (Stripe's longest Checkout). The reminder opens the next page, to the deadline.
 */
export function differencePageExpiry(openedAt: Date, payBy: Date): Date {
  return new Date(Math.min(payBy.getTime(), openedAt.getTime() + 24 * hourMs));
}
