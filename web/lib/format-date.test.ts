// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dateFormats } from '../../core/constants.ts';
import { dateLocaleOf, formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('formats per language', () => {
    const date = new Date(2025, 0, 15);
    expect(formatDate(date, dateFormats.display, 'en')).toBe('Jan 15, 2025');
    expect(formatDate(date, dateFormats.display, 'he')).toBe('15 בינו׳ 2025');
    expect(formatDate(date, dateFormats.range, 'he')).toBe('15 בינו׳');
    expect(dateLocaleOf('en').options?.weekStartsOn).toBe(0);
  });
});
