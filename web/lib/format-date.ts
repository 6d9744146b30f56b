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
 * The spec's patterns are English word order ('Jan 15, 2025'); Hebrew puts the day first with the
 * month as a prepositional phrase ('15 בינו׳ 2025'), as Israeli sites and Intl do.
 */
const hebrewPatterns: Record<string, string> = {
  [dateFormats.display]: 'd בMMM yyyy',
  [dateFormats.range]: 'd בMMM',
  [dateFormats.long]: 'd בMMMM yyyy',
};

/** Formats a date with a date-fns pattern (see core/constants dateFormats) in the language's locale. */
export function formatDate(date: Date | number, pattern: string, language: Language): string {
  const localPattern = language === 'he' ? (hebrewPatterns[pattern] ?? pattern) : pattern;
  return format(date, localPattern, { locale: dateLocaleOf(language) });
}
