import { isLanguage, type Language } from './languages.ts';

/** IL reads Hebrew; these countries read English. */
export const countryLanguages: Readonly<Record<string, Language>> = { IL: 'he', US: 'en', GB: 'en', CA: 'en', AU: 'en', NZ: 'en' };
export const israeliTimeZones = ['Asia/Jerusalem', 'Asia/Tel_Aviv', 'Asia/Hebron', 'Asia/Gaza'] as const;
/** 'iw' is the old code for Hebrew that some browsers still send. */
export const hebrewBrowserCodes = ['he', 'he-il', 'iw', 'iw-il'] as const;

export interface LanguageSignals {
  /** The language-override cookie: the visitor's own choice. */
  override: string | null | undefined;
  /** ISO country code from GET /api/geo; null when unknown. */
  country: string | null | undefined;
  timeZone: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[];
}

export type DetectionReason = 'override' | 'israeli_location' | 'israeli_time_zone' | 'israeli_browser' | 'browser' | 'country' | 'default';

export interface Detection {
  language: Language;
  reason: DetectionReason;
  /** Detected Hebrew readers get the override set, so the next visit needs no detection. */
  setOverride: boolean;
}

const isHebrewCode = (code: string) => (hebrewBrowserCodes as readonly string[]).includes(code.toLowerCase());

/** The base language of a browser code ('en-US' → 'en', 'iw-IL' → 'he') when we offer it. */
export function browserCodeLanguage(code: string): Language | null {
  if (isHebrewCode(code)) return 'he';
  const base = code.toLowerCase().split('-')[0];
  if (base === 'iw') return 'he';
  return isLanguage(base) ? base : null;
}

/** The order: override, Israeli indicators (location, time zone, browser language), browser language, else English. */
export function detectLanguage(signals: LanguageSignals): Detection {
  if (isLanguage(signals.override)) return { language: signals.override, reason: 'override', setOverride: false };
  const hebrew = (reason: DetectionReason): Detection => ({ language: 'he', reason, setOverride: true });

  const country = signals.country?.toUpperCase();
  if (country === 'IL') return hebrew('israeli_location');
  if (signals.timeZone && (israeliTimeZones as readonly string[]).includes(signals.timeZone)) return hebrew('israeli_time_zone');
  if (signals.browserLanguages.some(isHebrewCode)) return hebrew('israeli_browser');

  for (const code of signals.browserLanguages) {
    const language = browserCodeLanguage(code);
    if (language === 'he') return hebrew('browser');
    if (language) return { language, reason: 'browser', setOverride: false };
  }
  const fromCountry = country ? countryLanguages[country] : undefined;
  if (fromCountry) return { language: fromCountry, reason: 'country', setOverride: fromCountry === 'he' };
  return { language: 'en', reason: 'default', setOverride: false };
}

/** Whether the signals that need no network call already settle the question. */
export function decidesWithoutCountry(signals: Omit<LanguageSignals, 'country'>): boolean {
  const withoutCountry = detectLanguage({ ...signals, country: null });
  return withoutCountry.reason !== 'browser' && withoutCountry.reason !== 'default';
}
