import { directionOf, fallbackLanguage, isLanguage, languageOfPath, type Language } from '../../core/languages.ts';
import { Translator, type Translations } from './translator.ts';
import { setBrowserTranslator } from './use-translation.tsx';

export const languageStorageKey = 'language';

/** Each language's translations are their own chunk: a page loads only the language it shows. */
const translationLoaders: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('./en.json'),
  he: () => import('./he.json'),
};

export async function loadTranslations(language: Language): Promise<Translations> {
  return (await translationLoaders[language]()).default;
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function storeLanguage(language: Language) {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage may be unavailable; the URL still carries the language.
  }
}

/** Sets <html lang dir> and remembers the language; runs on every language change. */
function applyLanguage(value: string) {
  const language: Language = isLanguage(value) ? value : fallbackLanguage;
  const root = document.documentElement;
  // Only a change is written: writing lang or dir, even unchanged, invalidates every element's style
  // (the stylesheet's rtl variants match :lang()), a whole-page style recalculation during hydration.
  if (root.lang !== language) root.lang = language;
  const direction = directionOf(language);
  if (root.dir !== direction) root.dir = direction;
  storeLanguage(language);
}

/** The browser's translator; initI18n sets its language and translations. */
export let i18n = new Translator(fallbackLanguage, {}, loadTranslations);
let started = false;

/**
 * Starts the browser's translations synchronously in the language of the current URL (the source of
 * truth), with the translations at hand (`bundles`: at least that language's); any other language
 * loads on the first switch to it. Keys missing in Hebrew do not pull in the English file: both files
 * have the same keys (translations.test.ts).
 */
export function initI18n(pathname: string, bundles: Partial<Record<Language, Translations>>): Translator {
  const language = languageOfPath(pathname);
  i18n = new Translator(language, bundles, loadTranslations);
  i18n.onLanguageChanged(applyLanguage);
  setBrowserTranslator(i18n);
  started = true;
  applyLanguage(language);
  return i18n;
}

/** Whether initI18n has run (component tests start it once). */
export function isI18nStarted(): boolean {
  return started;
}
