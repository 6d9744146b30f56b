import { describe, expect, it } from 'vitest';
import { hostListingLimits } from './host-listing-rules.ts';
import { blockDatesProblem } from './listing-block-rules.ts';
import { photoAdditionProblem, photoOrderProblem, photoRemovalProblem } from './listing-photo-rules.ts';

describe('listing photo rules', () => {
  it('refuses a photo beyond the limit', () => {
    expect(photoAdditionProblem(hostListingLimits.photosMax - 1)).toBeNull();
    expect(photoAdditionProblem(hostListingLimits.photosMax)).toBe('too_many_photos');
  });

  it('takes an order only when it names every photo once', () => {
    expect(photoOrderProblem([3, 1, 2], [1, 2, 3])).toBeNull();
    expect(photoOrderProblem([1, 2], [1, 2, 3])).toBe('photo_order_mismatch');
    expect(photoOrderProblem([1, 1, 2], [1, 2, 3])).toBe('photo_order_mismatch');
    expect(photoOrderProblem([1, 2, 4], [1, 2, 3])).toBe('photo_order_mismatch');
  });

  it('keeps the last photo of a listing past draft only', () => {
    expect(photoRemovalProblem('draft', 1)).toBeNull();
    expect(photoRemovalProblem('rejected', 1)).toBeNull();
    expect(photoRemovalProblem('submitted', 1)).toBe('last_photo');
    expect(photoRemovalProblem('approved', 1)).toBe('last_photo');
    expect(photoRemovalProblem('approved', 2)).toBeNull();
  });
});

describe('blockDatesProblem', () => {
  it('needs an end after the start, from today on', () => {
    expect(blockDatesProblem('2026-05-02', '2026-05-02', '2026-05-01')).toBe('check_out_not_after_check_in');
    expect(blockDatesProblem('2026-04-30', '2026-05-02', '2026-05-01')).toBe('check_in_in_past');
    expect(blockDatesProblem('2026-05-01', '2026-05-02', '2026-05-01')).toBeNull();
  });
});
