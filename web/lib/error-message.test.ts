// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import he from '../i18n/he.json';
import { ApiError } from './api-client.ts';
import { errorMessageKey } from './error-message.ts';

const lookUp = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('errorMessageKey', () => {
  it('gives a refused profile photo its own message: too many pixels is not "not an image"', () => {
    const key = errorMessageKey(new ApiError(400, 'image_too_large', 'The image has more than 50 million pixels'));
    expect(key).toBe('errors.codes.image_too_large');
    expect(lookUp(en, key)).toMatch(/50 megapixels/);
    expect(lookUp(he, key)).toMatch(/מגה־פיקסל/);
  });

  it('falls back to the generic message for a code it does not know', () => {
    expect(errorMessageKey(new ApiError(400, 'no_such_code', 'x'))).toBe('errors.codes.unknown');
    expect(errorMessageKey(new Error('boom'))).toBe('errors.codes.unknown');
  });
});
