import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, fallbackLanguage, isLanguage, languageOfPath, languages, type Language } from '../../core/languages.ts';
import en from './en.json';
import he from './he.json';

export const languageStorageKey = 'language';

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

/** Initialises i18next synchronously in the language of the current URL (the source of truth). */
export function initI18n(pathname: string) {
  const language = languageOfPath(pathname);
  i18n.on('languageChanged', applyLanguage);
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, he: { translation: he } },
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...languages],
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  applyLanguage(language);
  return i18n;
}

export { i18n };
