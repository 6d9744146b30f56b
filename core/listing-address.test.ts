import { describe, expect, it } from 'vitest';
import { withoutStaleHebrewAddress } from './listing-address.ts';

describe('withoutStaleHebrewAddress', () => {
  it('drops the Hebrew address when the address changes without one, and only then', () => {
    expect(withoutStaleHebrewAddress({ address: '5 New St' })).toEqual({ address: '5 New St', addressHe: null });
    expect(withoutStaleHebrewAddress({ address: '5 New St', addressHe: 'החדש 5' })).toEqual({ address: '5 New St', addressHe: 'החדש 5' });
    expect(withoutStaleHebrewAddress({ titleEn: 'Flat' } as { titleEn: string; address?: string })).toEqual({ titleEn: 'Flat' });
  });
});
