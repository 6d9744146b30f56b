import { describe, expect, it } from 'vitest';
import { directionOf, languageOfPath, localizePath, stripLanguagePrefix } from './languages.ts';

describe('language of a path', () => {
  it.each([
    ['/', 'en'],
    ['/results', 'en'],
    ['/he', 'he'],
    ['/he/', 'he'],
    ['/he/results', 'he'],
    ['/help', 'en'],
    ['/hebrew', 'en'],
  ])('%s is %s', (path, language) => expect(languageOfPath(path)).toBe(language));

  it('strips and adds the prefix', () => {
    expect(stripLanguagePrefix('/he/property/3')).toBe('/property/3');
    expect(stripLanguagePrefix('/he')).toBe('/');
    expect(stripLanguagePrefix('/help')).toBe('/help');
    expect(localizePath('/results', 'he')).toBe('/he/results');
    expect(localizePath('/', 'he')).toBe('/he');
    expect(localizePath('/he/results', 'en')).toBe('/results');
    expect(localizePath('/he', 'en')).toBe('/');
    expect(localizePath('/he/results', 'he')).toBe('/he/results');
  });

  it('writes Hebrew (and Arabic) right to left', () => {
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
