import { directionOf, isLanguage, type Language } from '../../core/languages.ts';
import type en from './en.json';

/**
 * The app's translations, without i18next (decision 028): what our translation files use is a
 * nested key, `{{name}}` values and plural forms by `count` (`key_one`, `key_two`, `key_other`, as
 * Intl.PluralRules names them), and i18next's 15 KB (compressed) of engine was the largest library
 * in every page's first load after React. Keys are checked against en.json at compile time, as
 * i18next's typed keys were; both files have the same keys (translations.test.ts).
 */

export type Translations = Record<string, unknown>;

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type WithoutPlural<Key extends string> = Key extends `${infer Base}${PluralSuffix}` ? Base : Key;
type KeysOf<Tree, Prefix extends string = ''> = {
  [Name in keyof Tree & string]: Tree[Name] extends string
    ? `${Prefix}${Name}` | WithoutPlural<`${Prefix}${Name}`>
    : KeysOf<Tree[Name], `${Prefix}${Name}.`>;
}[keyof Tree & string];

/** Every key of en.json, and a plural's also without its suffix ('search.dates.nights'). */
export type TranslationKey = KeysOf<typeof en>;

/** Values for a translation's `{{name}}` placeholders; a numeric `count` also picks the plural form. */
export type TranslationValues = { count?: number | string; defaultValue?: string } & Record<string, unknown>;

export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function lookup(bundle: Translations | undefined, key: string): unknown {
  let node: unknown = bundle;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A translation in `language`: the key's text (its plural form when `count` is given: the form
 * Intl.PluralRules names, else `_other`), each `{{name}}` replaced by its value (an unknown name by
 * nothing). A key missing from the language gives `defaultValue`, or the key itself.
 */
export function translate(bundle: Translations | undefined, language: Language, key: string, values?: TranslationValues): string {
  let text: unknown;
  if (typeof values?.count === 'number') {
    text = lookup(bundle, `${key}_${pluralOf(language, values.count)}`) ?? lookup(bundle, `${key}_other`);
  }
  text ??= lookup(bundle, key);
  if (typeof text !== 'string') return values?.defaultValue ?? key;
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

type LanguageListener = (language: Language) => void;

/**
 * The translations of one visitor: the browser's one (web/i18n/index.ts) or one per request on the
 * server (web/entry-server.tsx). `t` is bound to the current language and is a new function after a
 * change, so components that depend on it render again.
 */
export class Translator {
  language: Language;
  t: TFunction;
  private readonly bundles: Partial<Record<Language, Translations>>;
  private readonly listeners = new Set<LanguageListener>();

  constructor(
    language: Language,
    bundles: Partial<Record<Language, Translations>>,
    /** Fetches a language's translations the first time the visitor switches to it. */
    private readonly load?: (language: Language) => Promise<Translations>,
  ) {
    this.language = language;
    this.bundles = { ...bundles };
    this.t = this.fixedT(language);
  }

  /** A `t` that always translates into `language`. */
  fixedT(language: Language): TFunction {
    return (key, values) => translate(this.bundles[language], language, key, values);
  }

  /**
   * A key known only at run time (a zod message, a check's result) in the current language: the
   * key itself when there is no such text, as `t` does.
   */
  translateKey(key: string): string {
    return translate(this.bundles[this.language], this.language, key);
  }

  /** Switches language (loading its translations first when needed), then tells the listeners. */
  async changeLanguage(value: string): Promise<void> {
    const language: Language = isLanguage(value) ? value : 'en';
    if (!this.bundles[language] && this.load) this.bundles[language] = await this.load(language);
    if (language === this.language) return;
    this.language = language;
    this.t = this.fixedT(language);
    for (const listener of [...this.listeners]) listener(language);
  }

  /** The writing direction of a language (by default the current one). */
  dir(language: Language = this.language): 'ltr' | 'rtl' {
    return directionOf(language);
  }

  /** Calls `listener` after every change of language; returns the way to stop. */
  onLanguageChanged(listener: LanguageListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For useSyncExternalStore: one function per translator, so components do not resubscribe on every render. */
  readonly subscribe = (onChange: () => void): (() => void) => this.onLanguageChanged(onChange);
  readonly currentLanguage = (): Language => this.language;
}
