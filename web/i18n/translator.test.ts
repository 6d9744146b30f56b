// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import en from './en.json';
import he from './he.json';
import { translationGroups, translationsOfGroup, type TranslationGroup } from './translation-groups.ts';
import { translate, Translator, type GroupLoader, type TranslationKey } from './translator.ts';

describe('translate', () => {
  it('writes a nested key with its values, and the plural form Intl names for the count', () => {
    expect(translate(en, 'en', 'search.dates.nights', { count: 1 })).toBe('1 night');
    expect(translate(en, 'en', 'search.dates.nights', { count: 5 })).toBe('5 nights');
    // Hebrew has a dual: one, two, other.
    const nights = (count: number) => translate(he, 'he', 'search.dates.nights', { count });
    expect([nights(1), nights(2), nights(7)]).toEqual(['לילה 1', '2 לילות', '7 לילות']);
    expect(new Intl.PluralRules('he').select(2)).toBe('two');
  });

  it('falls back to _other, then to the key itself or the default value', () => {
    const bundle = { a: { thing_other: '{{count}} things', plain: 'Hi {{ name }}, {{missing}}!' } };
    expect(translate(bundle, 'he', 'a.thing', { count: 2 })).toBe('2 things');
    expect(translate(bundle, 'en', 'a.plain', { name: 'Dana' })).toBe('Hi Dana, !');
    expect(translate(bundle, 'en', 'a.nothing')).toBe('a.nothing');
    expect(translate(bundle, 'en', 'a.nothing', { defaultValue: 'spam' })).toBe('spam');
    // A key that names a group, not a text, is not a translation.
    expect(translate(bundle, 'en', 'a')).toBe('a');
  });

  it('takes a count given as text as a value only, as i18next did', () => {
    const bundle = { rating: '{{count}} reviews', rating_one: 'one review' };
    expect(translate(bundle, 'en', 'rating', { count: '1,204' })).toBe('1,204 reviews');
  });
});

describe('Translator', () => {
  /** A loader of groups cut from the real files, which records what it was asked for. */
  function groupLoader() {
    const asked: string[] = [];
    const load: GroupLoader = async (language, group) => {
      asked.push(`${language}/${group}`);
      return translationsOfGroup(language === 'he' ? he : en, group as TranslationGroup);
    };
    return { asked, load };
  }

  it('switches between whole languages, then tells listeners with a new t', async () => {
    const translator = new Translator('en', { en, he });
    const heard: string[] = [];
    const stop = translator.onLanguageChanged((language) => heard.push(language));
    const key: TranslationKey = 'common.notifications';
    const englishT = translator.t;
    expect(englishT(key)).toBe(en.common.notifications);

    // Nothing to load: the switch is made at once, not after the promise (renderPage relies on it).
    const switched = translator.changeLanguage('he');
    expect(translator.language).toBe('he');
    await switched;
    expect(heard).toEqual(['he']);
    expect(translator.t).not.toBe(englishT);
    expect(translator.t(key)).toBe(he.common.notifications);
    expect(translator.dir()).toBe('rtl');

    await translator.changeLanguage('he'); // no change, no event
    stop();
    await translator.changeLanguage('en');
    expect(heard).toEqual(['he']);
    expect(translator.fixedT('he')(key)).toBe(he.common.notifications);
  });

  it('loads the groups a page asks for once, and every group asked for so far on a switch of language', async () => {
    const { asked, load } = groupLoader();
    const translator = new Translator('en', {}, { load, groups: translationGroups });
    translator.add('en', 'shell', translationsOfGroup(en, 'shell'));
    expect(translator.has(['search'])).toBe(false);

    await Promise.all([translator.require(['search']), translator.require(['search'])]);
    expect(asked).toEqual(['en/search']);
    expect(translator.has(['shell', 'search'])).toBe(true);
    expect(translator.t('results.filters.amenities')).toBe(en.results.filters.amenities);

    await translator.changeLanguage('he');
    expect(asked.slice(1).sort()).toEqual(['he/search', 'he/shell']);
    expect(translator.t('results.filters.amenities')).toBe(he.results.filters.amenities);
    expect(translator.t('nav.signIn')).toBe(he.nav.signIn);
  });

  it('merges groups that share a top-level key', async () => {
    const { load } = groupLoader();
    const translator = new Translator('en', {}, { load, groups: translationGroups });
    translator.add('en', 'shell', translationsOfGroup(en, 'shell'));
    expect(translator.t('errors.codes.unknown')).toBe(en.errors.codes.unknown);
    await translator.require(['errors']);
    expect(translator.t('errors.codes.not_found')).toBe(en.errors.codes.not_found);
    expect(translator.t('errors.codes.unknown')).toBe(en.errors.codes.unknown);
  });

  it('never shows a key whose group is not loaded: it gives nothing (or the default), loads the rest, then t changes', async () => {
    const { asked, load } = groupLoader();
    const translator = new Translator('en', {}, { load, groups: translationGroups });
    translator.add('en', 'shell', translationsOfGroup(en, 'shell'));
    const changed = vi.fn();
    translator.subscribe(changed);
    const before = translator.t;

    expect(translator.t('admin.approve')).toBe('');
    expect(translator.t('admin.reject', { defaultValue: 'Reject' })).toBe('Reject');
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(translator.t).not.toBe(before);
    expect(translator.currentT()('admin.approve')).toBe(en.admin.approve);
    expect(new Set(asked)).toEqual(new Set(translationGroups.filter((group) => group !== 'shell').map((group) => `en/${group}`)));

    // Once every group is there, a key no file has is a key again, as with whole languages.
    expect(translator.t('no.such.key' as TranslationKey)).toBe('no.such.key');
  });

  it('tells the server which keys a render looked up', () => {
    const keys: string[] = [];
    const translator = new Translator('he', { he }, { onKey: (key) => keys.push(key) });
    translator.t('search.dates.nights', { count: 2 });
    translator.translateKey('review.errors.tooShort');
    expect(keys).toEqual(['search.dates.nights', 'review.errors.tooShort']);
  });

  it('translates a key known only at run time (a zod message) in the current language, as t does', async () => {
    const translator = new Translator('en', { en, he });
    const key: string = 'review.errors.tooShort';
    expect(translator.translateKey(key)).toBe(en.review.errors.tooShort);
    await translator.changeLanguage('he');
    expect(translator.translateKey(key)).toBe(he.review.errors.tooShort);
    expect(translator.translateKey('no.such.key')).toBe(translator.t('no.such.key' as TranslationKey));
  });
});
