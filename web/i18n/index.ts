import { directionOf, fallbackLanguage, isLanguage, languageOfPath, type Language } from '../../core/languages.ts';
import type { TranslationGroup } from './translation-groups.ts';
import { Translator, type Translations } from './translator.ts';
import { setBrowserTranslator } from './use-translation.tsx';

export const languageStorageKey = 'language';

type Loaders = Record<TranslationGroup, () => Promise<{ default: Translations }>>;

/**
 * Each group of each language's translations is a chunk of its own (web/i18n/translation-groups.ts,
 * cut from en.json and he.json by the build): a page loads only the groups it shows, in its language.
 */
const translationLoaders: Record<Language, Loaders> = {
  en: {
    shell: () => import('./en.json?group=shell'),
    errors: () => import('./en.json?group=errors'),
    search: () => import('./en.json?group=search'),
    property: () => import('./en.json?group=property'),
    account: () => import('./en.json?group=account'),
    bookings: () => import('./en.json?group=bookings'),
    host: () => import('./en.json?group=host'),
    admin: () => import('./en.json?group=admin'),
    content: () => import('./en.json?group=content'),
  },
  he: {
    shell: () => import('./he.json?group=shell'),
    errors: () => import('./he.json?group=errors'),
    search: () => import('./he.json?group=search'),
    property: () => import('./he.json?group=property'),
    account: () => import('./he.json?group=account'),
    bookings: () => import('./he.json?group=bookings'),
    host: () => import('./he.json?group=host'),
    admin: () => import('./he.json?group=admin'),
    content: () => import('./he.json?group=content'),
  },
};

const groupNames = Object.keys(translationLoaders.en) as TranslationGroup[];

/** One group of a language's translations. */
export async function loadTranslationGroup(language: Language, group: string): Promise<Translations> {
  const load = translationLoaders[language][group as TranslationGroup];
  if (!load) throw new Error(`no translation group '${group}'`);
  return (await load()).default;
}

/** Groups of a language's translations, by name (main.tsx, before the first render). */
export async function loadTranslationGroups(language: Language, groups: readonly string[]): Promise<Record<string, Translations>> {
  const loaded = await Promise.all(groups.map((group) => loadTranslationGroup(language, group)));
  return Object.fromEntries(groups.map((group, index) => [group, loaded[index]!]));
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
export let i18n = new Translator(fallbackLanguage, {});
let started = false;

/**
 * Starts the browser's translations synchronously in the language of the current URL (the source of
 * truth). `groups`: the groups at hand in that language, by name (the shell's at least); any other
 * group, or language, loads when a page or a switch asks for it. Tests hand in whole languages
 * (`{ en, he }`) instead, and nothing is loaded. Keys missing in Hebrew do not pull in the English
 * file: both files have the same keys (translations.test.ts).
 */
export function initI18n(
  pathname: string,
  translations: { groups: Record<string, Translations> } | Partial<Record<Language, Translations>>,
): Translator {
  const language = languageOfPath(pathname);
  if ('groups' in translations) {
    i18n = new Translator(language, {}, { load: loadTranslationGroup, groups: groupNames });
    for (const [group, bundle] of Object.entries(translations.groups)) i18n.add(language, group, bundle);
  } else {
    i18n = new Translator(language, translations as Partial<Record<Language, Translations>>);
  }
  i18n.onLanguageChanged(applyLanguage);
  setBrowserTranslator(i18n);
  started = true;
  applyLanguage(language);
  return i18n;
}

/**
 * Loads translation groups a page needs before it renders (app/lazy-page.tsx): nothing before
 * initI18n (the server renders with whole languages, web/entry-server.tsx).
 */
export function requireTranslations(groups: readonly string[]): Promise<void> {
  return started ? i18n.require(groups) : Promise.resolve();
}

/** Whether initI18n has run (component tests start it once). */
export function isI18nStarted(): boolean {
  return started;
}
