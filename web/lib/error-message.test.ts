// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import he from '../i18n/he.json';
import { Translator } from '../i18n/translator.ts';
import { ApiError } from './api-client.ts';
import { errorText } from './error-message.ts';

const english = new Translator('en', { en }).t;
const hebrew = new Translator('he', { he }).t;

describe('errorText', () => {
  it('gives a refused profile photo its own message: too many pixels is not "not an image"', () => {
    const error = new ApiError(400, 'image_too_large', 'The image has more than 50 million pixels');
    expect(errorText(english, error)).toMatch(/50 megapixels/);
    expect(errorText(hebrew, error)).toMatch(/מגה־פיקסל/);
  });

  it('tells a visitor to try again in a moment while the server cannot reach its database (503), in both languages', () => {
    const error = new ApiError(503, 'temporarily_unavailable', "We're having trouble, try again in a moment.");
    expect(errorText(english, error)).toBe("We're having trouble, try again in a moment.");
    expect(errorText(hebrew, error)).toBe('אנחנו נתקלים בבעיה, נסו שוב בעוד רגע.');
  });

  it("fills a message's placeholders with the values given", () => {
    const error = new ApiError(409, 'too_many_pending_requests', 'You already have 5 requests waiting for an answer');
    expect(errorText(english, error, { max: 5 })).toMatch(/^You already have 5 requests waiting/);
    expect(errorText(hebrew, error, { max: 5 })).toContain('5');
    expect(errorText(hebrew, error, { max: 5 })).not.toContain('{{');
  });

  it('falls back to the generic message for a code the translations do not have, and for a failure without one', () => {
    const generic = english('errors.codes.unknown');
    for (const code of ['no_such_code', 'codes', '__proto__', 'constructor', 'toString', 'a.b'])
      expect(errorText(english, new ApiError(400, code, 'x'))).toBe(generic);
    expect(errorText(english, new Error('boom'))).toBe(generic);
    expect(errorText(hebrew, new Error('boom'))).toBe(hebrew('errors.codes.unknown'));
  });
});
