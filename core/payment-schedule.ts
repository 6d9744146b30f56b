import { longStayNights } from './constants.ts';
import { addDaysIso, daysBetween } from './dates.ts';
import type { StayQuote } from './quote.ts';

/**
 * Long stays paid month by month (issue 37). Pure, in whole shekels, shared by the quote on the
 * property page, the booking and the job that charges each period.
 *
 * Rules:
 * - A stay of 28 nights or more is paid in periods of a month from check-in (the 10th to the 10th;
 *   a check-in on the 31st runs to the last day of shorter months and back to the 31st after them),
 *   the last one the nights that are left. A shorter stay is paid once, at booking.
 * - The first period is paid at booking with the whole cleaning fee; each later one is due
 *   `dueDaysBefore` days (default 3) before it starts, never before the day of booking.
 * - The stay's price (everything but cleaning and the service fee) is shared out by weight: for a
 *   stay priced by the month a whole month weighs 1 and a part-month its nights over the nights of
 *   that whole month (pro rata); for one priced by the night or week, each period weighs its nights.
 *   The service fee follows each period's share of what the host charges.
 * - Every split is in whole shekels by the largest remainder, so the periods add up to the quote's
 *   total exactly: not a shekel made or lost by rounding.
 */

/** From this many nights a stay is paid month by month (the long-stay discount starts here too). */
export const scheduleThresholdNights = longStayNights;
/** Days before a later period starts that its payment is due, unless a host or setting says otherwise. */
export const defaultDueDaysBefore = 3;

export interface StayPeriod {
  /** First night, ISO date. */
  start: string;
  /** The morning after the last night (the next period's start, or check-out). */
  end: string;
  nights: number;
  /** Nights the whole month from `start` has: equal to `nights` but for a last, shorter period. */
  monthNights: number;
}

/** Year, month (0-11) and day of an ISO date, without a time zone. */
function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

function isoOf(year: number, month: number, date: number): string {
  const normalised = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(normalised.getUTCFullYear(), normalised.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(normalised.getUTCFullYear(), normalised.getUTCMonth(), Math.min(date, last))).toISOString().slice(0, 10);
}

/** The day `months` months after `anchor`, on the anchor's day of the month or the month's last day. */
export function addMonthsIso(anchor: string, months: number): string {
  const [year, month, date] = parts(anchor);
  return isoOf(year, month + months, date);
}

/** The stay cut into months from check-in; one period for a stay shorter than a month. */
export function monthlyPeriods(checkIn: string, checkOut: string): StayPeriod[] {
  const periods: StayPeriod[] = [];
  for (let index = 0; ; index += 1) {
    const start = addMonthsIso(checkIn, index);
    if (start >= checkOut) break;
    const monthEnd = addMonthsIso(checkIn, index + 1);
    const end = monthEnd < checkOut ? monthEnd : checkOut;
    periods.push({ start, end, nights: daysBetween(start, end), monthNights: daysBetween(start, monthEnd) });
  }
  return periods;
}

/** Months a stay lasts, a part-month by its nights: 1 month and 5 nights of a 28-night February is 1 + 5/28. */
export function proRataMonths(checkIn: string, checkOut: string): number {
  return monthlyPeriods(checkIn, checkOut).reduce((sum, period) => sum + period.nights / period.monthNights, 0);
}

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

/** Whether a stay of `nights` nights is paid month by month. */
export function paidMonthly(nights: number): boolean {
  return nights >= scheduleThresholdNights;
}

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
