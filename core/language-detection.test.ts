import { describe, expect, it } from 'vitest';
import { browserCodeLanguage, decidesWithoutCountry, detectLanguage, type LanguageSignals } from './language-detection.ts';

const visitor = (signals: Partial<LanguageSignals>): LanguageSignals => ({
  override: null,
  country: null,
  timeZone: 'Europe/London',
  browserLanguages: [],
  ...signals,
});

describe('detectLanguage, in the spec order', () => {
  it('the override cookie wins over every other signal', () => {
    expect(detectLanguage(visitor({ override: 'en', country: 'IL', timeZone: 'Asia/Jerusalem', browserLanguages: ['he-IL'] }))).toEqual({
      language: 'en',
      reason: 'override',
      setOverride: false,
    });
    expect(detectLanguage(visitor({ override: 'he', country: 'US', browserLanguages: ['en-US'] })).language).toBe('he');
  });

  it('ignores an override that is not one of our languages', () => {
    expect(detectLanguage(visitor({ override: 'fr', browserLanguages: ['en-US'] })).reason).toBe('browser');
  });

  it('then Israeli indicators: location, then time zone, then a Hebrew browser language anywhere in the list', () => {
    expect(detectLanguage(visitor({ country: 'il', browserLanguages: ['en-US'] }))).toEqual({
      language: 'he',
      reason: 'israeli_location',
      setOverride: true,
    });
    for (const timeZone of ['Asia/Jerusalem', 'Asia/Tel_Aviv', 'Asia/Hebron', 'Asia/Gaza']) {
      expect(detectLanguage(visitor({ timeZone, country: 'US', browserLanguages: ['en-US'] })).reason).toBe('israeli_time_zone');
    }
    for (const code of ['he', 'he-IL', 'iw', 'iw-IL']) {
      expect(detectLanguage(visitor({ country: 'GB', browserLanguages: ['en-GB', code] }))).toMatchObject({
        language: 'he',
        reason: 'israeli_browser',
      });
    }
  });

  it('then the first browser language we offer', () => {
    expect(detectLanguage(visitor({ browserLanguages: ['fr-FR', 'en-GB'] }))).toEqual({
      language: 'en',
      reason: 'browser',
      setOverride: false,
    });
    expect(detectLanguage(visitor({ country: 'DE', browserLanguages: ['en'] })).reason).toBe('browser');
  });

  it('then the country map, else English', () => {
    expect(detectLanguage(visitor({ country: 'CA', browserLanguages: ['fr-CA'] }))).toMatchObject({ language: 'en', reason: 'country' });
    expect(detectLanguage(visitor({ country: 'FR', browserLanguages: ['fr-FR'] }))).toEqual({
      language: 'en',
      reason: 'default',
      setOverride: false,
    });
    expect(detectLanguage(visitor({ timeZone: null }))).toMatchObject({ language: 'en', reason: 'default' });
  });
});

describe('browserCodeLanguage', () => {
  it('maps codes to the languages we offer', () => {
    expect(browserCodeLanguage('en-US')).toBe('en');
    expect(browserCodeLanguage('IW-il')).toBe('he');
    expect(browserCodeLanguage('ar')).toBeNull();
  });
});

describe('decidesWithoutCountry', () => {
  it('needs no geo call when the override or an Israeli signal already decides', () => {
    expect(decidesWithoutCountry({ override: 'en', timeZone: 'UTC', browserLanguages: [] })).toBe(true);
    expect(decidesWithoutCountry({ override: null, timeZone: 'Asia/Jerusalem', browserLanguages: [] })).toBe(true);
    expect(decidesWithoutCountry({ override: null, timeZone: 'UTC', browserLanguages: ['he'] })).toBe(true);
    // Location comes before the browser language, so an English browser still needs the country.
    expect(decidesWithoutCountry({ override: null, timeZone: 'UTC', browserLanguages: ['en-US'] })).toBe(false);
  });
});
