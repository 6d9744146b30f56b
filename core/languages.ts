export const languages = ['en', 'he'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

/** Languages written right to left; 'ar' is listed for the day we add it. */
const rtlLanguages = new Set(['he', 'ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return rtlLanguages.has(language) ? 'rtl' : 'ltr';
}

/** Intl locale used for numbers, prices and dates. */
export function localeOf(language: Language): string {
  return language === 'he' ? 'he-IL' : 'en-IL';
}

/** The language a path is written in: '/he' and '/he/...' are Hebrew, everything else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/he' || pathname.startsWith('/he/') ? 'he' : 'en';
}

/** The path without its language prefix, always starting with '/'. */
export function stripLanguagePrefix(pathname: string): string {
  if (languageOfPath(pathname) === 'he') return pathname.slice(3) || '/';
  return pathname || '/';
}

/** The same page in another language: localizePath('/he/results', 'en') === '/results'. */
export function localizePath(pathname: string, language: Language): string {
  const bare = stripLanguagePrefix(pathname);
  if (language === 'en') return bare;
  return bare === '/' ? '/he' : `/he${bare}`;
}
