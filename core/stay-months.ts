import { longStayNights } from './constants.ts';
import { daysBetween } from './dates.ts';

/*
 * Months from check-in (issue 37): the arithmetic the quote prices a long sublet with, apart from the
 * payment schedule (core/payment-schedule.ts), so the pages that only price a stay load no more.
 */
/** From this many nights a stay is paid month by month (the long-stay discount starts here too). */
export const scheduleThresholdNights = longStayNights;

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

/** Whether a stay of `nights` nights is paid month by month. */
export function paidMonthly(nights: number): boolean {
  return nights >= scheduleThresholdNights;
}
