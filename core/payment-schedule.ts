import { addDaysIso, daysBetween } from './dates.ts';
import type { StayQuote } from './quote.ts';
import { monthlyPeriods, paidMonthly, type StayPeriod } from './stay-months.ts';

/**
 * Long stays paid month by month (issue 37). Pure, in whole shekels, shared by the quote on the
 * property page, the booking and the job that charges each period.
 *
 * Rules:
 * - A stay of 28 nights or more is paid in periods of a month from check-in (the 10th to the 10th;
 *   a check-in on the 31st runs to the last day of shorter months and back to the 31st after them),
 *   the last one the nights that are left. A shorter stay is paid once, at booking.
 * - The first period is paid at booking with the whole cleaning fee; each later one is due
 *   `dueDaysBefore` days before it starts (the admin's setting when the stay was booked, which the
 *   booking's quote keeps: decision 060), never before the day of booking.
 * - The stay's price (everything but cleaning and the service fee) is shared out by weight: for a
 *   stay priced by the month a whole month weighs 1 and a part-month its nights over the nights of
 *   that whole month (pro rata); for one priced by the night or week, each period weighs its nights.
 *   The service fee follows each period's share of what the host charges.
 * - Every split is in whole shekels by the largest remainder, so the periods add up to the quote's
 *   total exactly: not a shekel made or lost by rounding.
 */

/**
 * Days before a later period starts that its payment is due: the platform's setting until an admin
 * changes it (within core/constants.ts dueDaysBeforeBounds), and what a quote stored without its own
 * `dueDaysBefore` was booked with (decision 060).
 */
export const defaultDueDaysBefore = 3;

/**
 * `total` shared by `weights` in whole units, adding up to `total` exactly (largest remainder; ties
 * to the earlier share). Weights of zero get nothing; all zero: everything to the first.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map((value) => Math.floor(value));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface ScheduledPayment {
  /** 0 for the payment at booking, then 1, 2, … */
  sequence: number;
  /** The nights it pays for: [start, end). */
  start: string;
  end: string;
  nights: number;
  /** The day it is charged (card) or due to the host (direct). */
  dueOn: string;
  /** Its share of the stay's price (discounts and extra guests included). */
  stay: number;
  cleaningFee: number;
  serviceFee: number;
  /** stay + cleaningFee + serviceFee: what the guest pays for it. */
  amount: number;
}

export type ScheduleQuote = Pick<StayQuote, 'unit' | 'subtotal' | 'cleaningFee' | 'serviceFee' | 'total'>;

/** The payments of a quoted stay, in order; one for a stay shorter than 28 nights. */
export function paymentSchedule(
  quote: ScheduleQuote,
  stay: { checkIn: string; checkOut: string },
  options: { bookedOn: string; dueDaysBefore?: number },
): ScheduledPayment[] {
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const periods: StayPeriod[] = paidMonthly(nights)
    ? monthlyPeriods(stay.checkIn, stay.checkOut)
    : [{ start: stay.checkIn, end: stay.checkOut, nights, monthNights: nights }];
  const byMonth = quote.unit === 'month';
  const stayShares = splitByWeights(
    quote.subtotal - quote.cleaningFee,
    periods.map((period) => (byMonth ? period.nights / period.monthNights : period.nights)),
  );
  const charged = stayShares.map((share, index) => share + (index === 0 ? quote.cleaningFee : 0));
  const serviceShares = splitByWeights(quote.serviceFee, charged);
  const dueDaysBefore = options.dueDaysBefore ?? defaultDueDaysBefore;
  return periods.map((period, index) => {
    const due = index === 0 ? options.bookedOn : addDaysIso(period.start, -dueDaysBefore);
    const cleaningFee = index === 0 ? quote.cleaningFee : 0;
    return {
      sequence: index,
      start: period.start,
      end: period.end,
      nights: period.nights,
      dueOn: due < options.bookedOn ? options.bookedOn : due,
      stay: stayShares[index]!,
      cleaningFee,
      serviceFee: serviceShares[index]!,
      amount: stayShares[index]! + cleaningFee + serviceShares[index]!,
    };
  });
}

/**
 * A long stay paid in part when cancelled (decision 054): the policy decides what of the whole stay
 * is kept (`total − refund`); the guest gets back what they paid beyond that, never more than they
 * paid, and the periods not paid yet are not charged. The platform gives back its fee in the share
 * the policy gives, never more of it than was paid.
 */
export function refundOfPaidPart(
  refund: { refund: number; refundSubtotal: number; refundServiceFee: number },
  stay: { total: number; paid: number; paidFee: number },
): { refund: number; refundSubtotal: number; refundServiceFee: number; kept: number } {
  const kept = stay.total - refund.refund;
  const back = Math.min(stay.paid, Math.max(0, stay.paid - kept));
  const fee = refund.refund > 0 ? Math.min(stay.paidFee, Math.round((back * refund.refundServiceFee) / refund.refund)) : 0;
  return { refund: back, refundSubtotal: back - fee, refundServiceFee: fee, kept: stay.paid - back };
}

/**
 * A quote with its payment schedule as booked on `bookedOn` (a long stay's: the property page and
 * the booking use it), or as it is for a shorter stay. Apart from quoteStay, so the pages that only
 * price a stay (results, the listing wizard) do not load the schedule's code.
 */
export function withSchedule(
  quote: StayQuote,
  stay: { checkIn: string; checkOut: string },
  options: { bookedOn: string; dueDaysBefore?: number },
): StayQuote {
  return paidMonthly(daysBetween(stay.checkIn, stay.checkOut)) ? { ...quote, schedule: paymentSchedule(quote, stay, options) } : quote;
}
