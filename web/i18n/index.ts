import i18n, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, fallbackLanguage, isLanguage, languageOfPath, languages, type Language } from '../../core/languages.ts';

export const languageStorageKey = 'language';

export type Translations = Record<string, unknown>;

/** Each language's translations are their own chunk: a page loads only the language it shows. */
const translationLoaders: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('./en.json'),
  he: () => import('./he.json'),
};

export async function loadTranslations(language: Language): Promise<Translations> {
  return (await translationLoaders[language]()).default;
}

/** Loads a language's translations when i18next first switches to it (changeLanguage waits for them). */
const lazyTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    loadTranslations(language).then(
      (translation) => callback(null, translation as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

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
  root.lang = language;
  root.dir = directionOf(language);
  storeLanguage(language);
}

/**
 * Initialises i18next synchronously in the language of the current URL (the source of truth), with
 * the translations at hand (`bundles`: at least that language's); any other language loads on the
 * first switch to it. Keys missing in Hebrew do not pull in the English file: both files have the same
 * keys (translations.test.ts).
 */
export function initI18n(pathname: string, bundles: Partial<Record<Language, Translations>>) {
  const language = languageOfPath(pathname);
  i18n.on('languageChanged', applyLanguage);
  const resources = Object.fromEntries(Object.entries(bundles).map(([lng, translation]) => [lng, { translation }]));
  void i18n
    .use(lazyTranslations)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: false,
      supportedLngs: [...languages],
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyLanguage(language);
  return i18n;
}

export { i18n };
