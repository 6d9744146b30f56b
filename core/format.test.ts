import { describe, expect, it } from 'vitest';
import { formatPrice } from './format.ts';

describe('prices', () => {
  it('are whole shekels with the ₪ sign in both languages', () => {
    expect(formatPrice(1200, 'en')).toBe('₪1,200');
    const hebrew = formatPrice(1200, 'he');
    expect(hebrew).toContain('₪');
    expect(hebrew.replace(/[^\d,]/g, '')).toBe('1,200');
    expect(formatPrice(99.6, 'en')).toBe('₪100');
  });
});
