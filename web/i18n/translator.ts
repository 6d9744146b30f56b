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

/** The key's text (its plural form when `count` is given), or undefined when the bundle lacks it. */
function textOf(bundle: Translations | undefined, language: Language, key: string, values?: TranslationValues): string | undefined {
  let text: unknown;
  if (typeof values?.count === 'number') {
    text = lookup(bundle, `${key}_${pluralOf(language, values.count)}`) ?? lookup(bundle, `${key}_other`);
  }
  text ??= lookup(bundle, key);
  return typeof text === 'string' ? text : undefined;
}

function fill(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * A translation in `language`: the key's text (its plural form when `count` is given: the form
 * Intl.PluralRules names, else `_other`), each `{{name}}` replaced by its value (an unknown name by
 * nothing). A key missing from the language gives `defaultValue`, or the key itself.
 */
export function translate(bundle: Translations | undefined, language: Language, key: string, values?: TranslationValues): string {
  const text = textOf(bundle, language, key, values);
  return text === undefined ? (values?.defaultValue ?? key) : fill(text, values);
}

/** Fetches one group of a language's translations (web/i18n/index.ts: a chunk per language and group). */
export type GroupLoader = (language: Language, group: string) => Promise<Translations>;

export interface TranslatorOptions {
  /**
   * The browser's: loads a group of translations. Without it the bundles are whole languages (the
   * server, tests) and nothing is ever loaded.
   */
  load?: GroupLoader;
  /** Every group `load` knows: a key found in none loaded yet makes the translator load the rest. */
  groups?: readonly string[];
  /** Told every key looked up (the server: which groups a page's HTML used, for the browser to load). */
  onKey?: (key: string) => void;
}

type Listener = (language: Language) => void;

/**
 * A language's bundle with a group's translations added: groups may share a top-level key ('errors').
 * A new object along the merged paths only: the bundles given are never changed.
 */
function merged(target: Translations | undefined, source: Translations): Translations {
  const result: Translations = { ...target };
  for (const [name, value] of Object.entries(source)) {
    const existing = result[name];
    const bothTrees = typeof value === 'object' && value !== null && typeof existing === 'object' && existing !== null;
    result[name] = bothTrees ? merged(existing as Translations, value as Translations) : value;
  }
  return result;
}

/**
 * The translations of one visitor: the browser's one (web/i18n/index.ts) or one per request on the
 * server (web/entry-server.tsx). `t` is bound to the current language and is a new function after a
 * change, so components that depend on it render again.
 *
 * In the browser the translations come in groups (web/i18n/translation-groups.ts): `require` loads
 * the groups a page needs before it renders (app/lazy-page.tsx), a language switch loads every group
 * asked for so far before switching, and a key found in no loaded group (a group a page forgot to
 * name) is never shown as a raw key: `t` gives its `defaultValue` or nothing, the translator loads
 * the language's remaining groups, and `t` changes once they have arrived, so the text appears.
 */
export class Translator {
  language: Language;
  t: TFunction;
  private readonly bundles: Partial<Record<Language, Translations>> = {};
  private readonly listeners = new Set<Listener>();
  private readonly changes = new Set<() => void>();
  private readonly loaded = new Map<Language, Set<string>>();
  private readonly loading = new Map<string, Promise<void>>();
  /** The groups asked for so far, loaded in every language the visitor switches to. */
  private readonly wanted = new Set<string>();
  /** A key was missing since `t` last changed: `t` changes when a group arrives. */
  private missed = false;

  constructor(
    language: Language,
    bundles: Partial<Record<Language, Translations>>,
    private readonly options: TranslatorOptions = {},
  ) {
    this.language = language;
    Object.assign(this.bundles, bundles);
    this.t = this.fixedT(language);
  }

  /** A `t` that always translates into `language`. */
  fixedT(language: Language): TFunction {
    return (key, values) => this.translateIn(language, key, values);
  }

  private translateIn(language: Language, key: string, values?: TranslationValues): string {
    this.options.onKey?.(key);
    const text = textOf(this.bundles[language], language, key, values);
    if (text !== undefined) return fill(text, values);
    const { load, groups } = this.options;
    const loaded = this.loaded.get(language);
    if (load && groups && groups.some((group) => !loaded?.has(group))) {
      this.missed = true;
      void this.ensure(language, groups).catch(() => {});
      return values?.defaultValue ?? '';
    }
    return values?.defaultValue ?? key;
  }

  /**
   * A key known only at run time (a zod message, a check's result) in the current language: the
   * key itself when there is no such text, as `t` does.
   */
  translateKey(key: string): string {
    return this.translateIn(this.language, key);
  }

  /** Whether the current language has these groups (always, for whole languages). */
  has(groups: readonly string[]): boolean {
    if (!this.options.load) return true;
    const loaded = this.loaded.get(this.language);
    return groups.every((group) => loaded?.has(group));
  }

  /** Loads these groups in the current language (and in every language switched to later). */
  require(groups: readonly string[]): Promise<void> {
    for (const group of groups) this.wanted.add(group);
    return this.ensure(this.language, groups);
  }

  private async ensure(language: Language, groups: readonly string[]): Promise<void> {
    const { load } = this.options;
    if (!load) return;
    await Promise.all(
      groups.map((group) => {
        if (this.loaded.get(language)?.has(group)) return;
        const id = `${language}/${group}`;
        let pending = this.loading.get(id);
        if (!pending) {
          pending = load(language, group).then(
            (translations) => this.add(language, group, translations),
            (error: unknown) => {
              this.loading.delete(id);
              throw error;
            },
          );
          this.loading.set(id, pending);
        }
        return pending;
      }),
    );
  }

  /**
   * Adds a group's translations of a language (what `load` answered, or what main.tsx had at hand).
   * A group once added is loaded in every language switched to later.
   */
  add(language: Language, group: string, translations: Translations): void {
    this.bundles[language] = merged(this.bundles[language], translations);
    let loaded = this.loaded.get(language);
    if (!loaded) this.loaded.set(language, (loaded = new Set()));
    loaded.add(group);
    this.wanted.add(group);
    if (this.missed && language === this.language) {
      this.missed = false;
      this.t = this.fixedT(language);
      for (const change of [...this.changes]) change();
    }
  }

  /**
   * Switches language (loading its groups first when needed), then tells the listeners. With nothing
   * to load it switches at once, before the promise settles (tests and a language switch rely on it).
   */
  async changeLanguage(value: string): Promise<void> {
    const language: Language = isLanguage(value) ? value : 'en';
    const loaded = this.loaded.get(language);
    const missing = this.options.load ? [...this.wanted].filter((group) => !loaded?.has(group)) : [];
    if (missing.length > 0) await this.ensure(language, missing);
    if (language === this.language) return;
    this.language = language;
    this.t = this.fixedT(language);
    for (const listener of [...this.listeners]) listener(language);
    for (const change of [...this.changes]) change();
  }

  /** The writing direction of a language (by default the current one). */
  dir(language: Language = this.language): 'ltr' | 'rtl' {
    return directionOf(language);
  }

  /** Calls `listener` after every change of language; returns the way to stop. */
  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * For useSyncExternalStore: the snapshot is `t`, a new function after a change of language or once
   * missing texts have arrived. One function per translator, so components do not resubscribe on every render.
   */
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.changes.add(onChange);
    return () => this.changes.delete(onChange);
  };
  readonly currentT = (): TFunction => this.t;
}
