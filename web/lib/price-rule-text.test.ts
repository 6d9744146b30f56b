import type { TFunction } from '../i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import { seasonName, signedPercent, signedPrice } from './price-rule-text.ts';

// A t() over the English file, enough for the keys these helpers use.
const t = ((key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;

describe('price rule texts', () => {
  it('names a holiday rule by its holiday and year, and another by its dates', () => {
    expect(seasonName(t, { preset: 'passover', startDate: '2027-04-21', endDate: '2027-04-29' }, 'en')).toBe('Passover 2027');
    expect(seasonName(t, { preset: null, startDate: '2027-07-01', endDate: '2027-07-08' }, 'en')).toBe(
      'Special price, Jul 01 - Jul 08, 2027',
    );
  });

  it('signs changes, keeping the sign with the number in Hebrew', () => {
    expect(signedPrice(347, 'en')).toBe('+₪347');
    expect(signedPrice(-143, 'en')).toBe('-₪143');
    expect(signedPrice(347, 'he')).toMatch(/\+347\s?\u200f?₪/);
    expect(signedPercent(30, 'en')).toBe('+30%');
    expect(signedPercent(-20, 'en')).toBe('-20%');
  });
});
