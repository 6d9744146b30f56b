import { describe, expect, it } from 'vitest';
import { pageEncodingFor } from './compress-page.ts';

describe('pageEncodingFor', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['identity', null],
    ['gzip;q=0', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(pageEncodingFor(header)).toBe(expected);
  });
});
