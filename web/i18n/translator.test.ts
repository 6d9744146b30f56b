// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from './en.json';
import he from './he.json';
import { translate, Translator, type TranslationKey } from './translator.ts';

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
  it('loads a language on the first switch to it, then tells listeners with a new t', async () => {
    const loaded: string[] = [];
    const translator = new Translator('en', { en }, async (language) => {
      loaded.push(language);
      return he;
    });
    const heard: string[] = [];
    const stop = translator.onLanguageChanged((language) => heard.push(language));
    const key: TranslationKey = 'common.notifications';
    const englishT = translator.t;
    expect(englishT(key)).toBe(en.common.notifications);

    await translator.changeLanguage('he');
    expect(loaded).toEqual(['he']);
    expect(heard).toEqual(['he']);
    expect(translator.t).not.toBe(englishT);
    expect(translator.t(key)).toBe(he.common.notifications);
    expect(translator.dir()).toBe('rtl');

    await translator.changeLanguage('he'); // no change, no event
    stop();
    await translator.changeLanguage('en');
    expect(heard).toEqual(['he']);
    expect(loaded).toEqual(['he']);
    expect(translator.fixedT('he')(key)).toBe(he.common.notifications);
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
