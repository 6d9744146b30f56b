import { dateFormats } from './constants.ts';
import type { Language } from './languages.ts';

/**
 * Month names as date-fns's en-US and he locales write them (`MMM`, `MMMM`). The formats below use
 * only a few tokens, so they are written here rather than with date-fns's `format`, whose token
 * parser and locales would be about 8 KB of every public page's first load (issue 15).
 */
const monthNames: Record<Language, { short: readonly string[]; long: readonly string[] }> = {
  en: {
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  he: {
    short: ['ינו׳', 'פבר׳', 'מרץ', 'אפר׳', 'מאי', 'יוני', 'יולי', 'אוג׳', 'ספט׳', 'אוק׳', 'נוב׳', 'דצמ׳'],
    long: ['ינואר', 'פברואר', 'מרץ', 'אפריל', 'מאי', 'יוני', 'יולי', 'אוגוסט', 'ספטמבר', 'אוקטובר', 'נובמבר', 'דצמבר'],
  },
};

const pad = (value: number) => String(value).padStart(2, '0');

/** date-fns's tokens that the patterns use (yyyy, MMMM, MMM, dd, d, HH, mm); anything else is literal. */
function applyPattern(date: Date, pattern: string, language: Language): string {
  const names = monthNames[language];
  return pattern.replace(/yyyy|MMMM|MMM|dd|d|HH|mm/g, (token) => {
    switch (token) {
      case 'yyyy':
        return String(date.getFullYear());
      case 'MMMM':
        return names.long[date.getMonth()]!;
      case 'MMM':
        return names.short[date.getMonth()]!;
      case 'dd':
        return pad(date.getDate());
      case 'd':
        return String(date.getDate());
      case 'HH':
        return pad(date.getHours());
      default:
        return pad(date.getMinutes());
    }
  });
}

/**
 * The one set of date formats the app writes, so that a date reads the same on every page:
 * - date: 'Jan 15, 2025' (a day: stays, submissions, posts);
 * - dateTime: 'Jan 15, 2025, 14:30' (a moment: messages, deadlines, records; 24-hour clock, as in Israel);
 * - monthDay: 'Jan 15' (the start of a range within one year, the search summary);
 * - monthYear: 'January 2025' (member since, review months, earnings);
 * - long: 'January 15, 2025' (the legal documents' last update).
 * English follows the app's English word order; Hebrew puts the day first with the month as a
 * prepositional phrase ('15 בינו׳ 2025'), as Israeli sites and Intl do.
 */
const patterns = {
  en: {
    date: dateFormats.display,
    dateTime: `${dateFormats.display}, HH:mm`,
    monthDay: dateFormats.range,
    monthYear: 'MMMM yyyy',
    long: dateFormats.long,
  },
  he: {
    date: 'd בMMM yyyy',
    dateTime: 'd בMMM yyyy, HH:mm',
    monthDay: 'd בMMM',
    monthYear: 'MMMM yyyy',
    long: 'd בMMMM yyyy',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type DateFormat = keyof (typeof patterns)['en'];

/** Writes a date in one of the app's named formats, in the language's words. */
export function formatDate(date: Date | number, name: DateFormat, language: Language): string {
  return applyPattern(new Date(date), patterns[language][name], language);
}

/** 'Jan 15 - Jan 20, 2025': a range of days, the start with its own year when the range spans a new year. */
export function formatDateRange(start: Date, end: Date, language: Language): string {
  const startFormat = start.getFullYear() === end.getFullYear() ? 'monthDay' : 'date';
  return `${formatDate(start, startFormat, language)} - ${formatDate(end, 'date', language)}`;
}
