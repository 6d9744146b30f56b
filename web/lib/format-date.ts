import { format, type Locale } from 'date-fns';
import { enUS, he } from 'date-fns/locale';
import { dateFormats, weekStartsOn } from '../../core/constants.ts';
import type { Language } from '../../core/languages.ts';

const locales: Record<Language, Locale> = { en: enUS, he };

/** The date-fns locale of a language, weeks starting on Sunday (Israel). */
export function dateLocaleOf(language: Language): Locale {
  return { ...locales[language], options: { ...locales[language].options, weekStartsOn } };
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
  return format(date, patterns[language][name], { locale: dateLocaleOf(language) });
}

/** 'Jan 15 - Jan 20, 2025': a range of days, the start with its own year when the range spans a new year. */
export function formatDateRange(start: Date, end: Date, language: Language): string {
  const startFormat = start.getFullYear() === end.getFullYear() ? 'monthDay' : 'date';
  return `${formatDate(start, startFormat, language)} - ${formatDate(end, 'date', language)}`;
}
