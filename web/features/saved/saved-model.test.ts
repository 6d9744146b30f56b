import { describe, expect, it } from 'vitest';
import { focusIndexAfterRemoval, withListingAt, withoutListing } from './saved-model.ts';

const a = { id: 1 };
const b = { id: 2 };
const c = { id: 3 };

describe('the saved list', () => {
  it('drops a listing by id and leaves the others in order', () => {
    expect(withoutListing([a, b, c], 2)).toEqual([a, c]);
    expect(withoutListing([a, c], 2)).toEqual([a, c]);
  });

  it('puts a listing back where it was, at the end when the list got shorter, and never twice', () => {
    expect(withListingAt([a, c], b, 1)).toEqual([a, b, c]);
    expect(withListingAt([a], c, 2)).toEqual([a, c]);
    expect(withListingAt([a, b], b, 0)).toEqual([a, b]);
    expect(withListingAt([], a, -1)).toEqual([a]);
  });

  it('moves focus to the next card, the previous one at the end, or nowhere when none is left', () => {
    expect(focusIndexAfterRemoval(0, 3)).toBe(0);
    expect(focusIndexAfterRemoval(2, 3)).toBe(1);
    expect(focusIndexAfterRemoval(0, 1)).toBeNull();
  });
});
