import { isIsoDate } from '../../../core/dates.ts';
import type { Language } from '../../../core/languages.ts';
import { formatDate, formatDateRange } from '../../../core/format-date.ts';

/** A stay as the search form keeps it: 'yyyy-MM-dd' strings, '' for none. */
export interface StayRange {
  checkIn: string;
  checkOut: string;
}

/** A 'yyyy-MM-dd' string as a local midnight Date, undefined when it is not a real day. */
export function fromIsoDate(value: string): Date | undefined {
  if (!isIsoDate(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * Calendar selection: the first click sets the start, the second the end, the two swapped
 * when the second is earlier. A click after a complete range starts a new one. Clicking the start
 * again keeps it: a stay ends at least one day after it starts.
 */
export function pickRangeDay(range: StayRange, day: string): StayRange {
  if (!range.checkIn || range.checkOut) return { checkIn: day, checkOut: '' };
  if (day === range.checkIn) return range;
  return day < range.checkIn ? { checkIn: day, checkOut: range.checkIn } : { checkIn: range.checkIn, checkOut: day };
}

/** A day as the search summary shows it: 'Mar 05, 2026'. */
export function formatDay(value: string, language: Language): string {
  const date = fromIsoDate(value);
  return date ? formatDate(date, 'date', language) : '';
}

/** A day or a run of days without the year, for holiday lists: 'Apr 22', 'Apr 23–27' ('23–27 באפר׳'). */
export function formatDaySpan(from: string, to: string, language: Language): string {
  const start = fromIsoDate(from);
  const end = fromIsoDate(to);
  if (!start || !end) return '';
  const first = formatDate(start, 'monthDay', language);
  if (from === to) return first;
  if (start.getMonth() === end.getMonth()) {
    return language === 'he' ? `${start.getDate()}–${formatDate(end, 'monthDay', language)}` : `${first}–${end.getDate()}`;
  }
  return `${first}–${formatDate(end, 'monthDay', language)}`;
}

/**
 * A stay as 'MMM dd - MMM dd, yyyy', the year on both ends when they differ;
 * a start alone as 'MMM dd, yyyy'; no dates as ''.
 */
export function formatStayRange(range: StayRange, language: Language): string {
  const start = fromIsoDate(range.checkIn);
  const end = fromIsoDate(range.checkOut);
  if (!start) return '';
  if (!end) return formatDate(start, 'date', language);
  return formatDateRange(start, end, language);
}
