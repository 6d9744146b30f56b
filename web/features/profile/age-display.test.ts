// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ageDisplay } from './age-display.ts';

describe('profile age display', () => {
  it('follows spec §4', () => {
    expect(ageDisplay(null, 'verified')).toEqual({ kind: 'none' });
    expect(ageDisplay(30, 'verified')).toEqual({ kind: 'verified', age: 30 });
    for (const status of ['unverified', 'pending', 'rejected'] as const) {
      expect(ageDisplay(30, status)).toEqual({ kind: 'unverified', age: 30 });
    }
  });
});
