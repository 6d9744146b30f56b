import { format, type Locale } from 'date-fns';
import { enUS, he } from 'date-fns/locale';
import { weekStartsOn } from '../../core/constants.ts';
import type { Language } from '../../core/languages.ts';

const locales: Record<Language, Locale> = { en: enUS, he };

/** The date-fns locale of a language, weeks starting on Sunday (Israel). */
export function dateLocaleOf(language: Language): Locale {
  return { ...locales[language], options: { ...locales[language].options, weekStartsOn } };
}

/** Formats a date with a date-fns pattern (see core/constants dateFormats) in the language's locale. */
export function formatDate(date: Date | number, pattern: string, language: Language): string {
  return format(date, pattern, { locale: dateLocaleOf(language) });
}
