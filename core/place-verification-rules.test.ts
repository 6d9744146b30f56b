import { describe, expect, it } from 'vitest';
import { bookingNeedsVerifiedPlace, mayUploadPlaceDocument, placeDocumentKindsFor } from './place-verification-rules.ts';

describe('place verification rules', () => {
  it('asks hotels for a business licence and homes for a deed or a lease', () => {
    expect(placeDocumentKindsFor('hotel')).toEqual(['business_licence']);
    expect(placeDocumentKindsFor('sublet')).toEqual(['deed', 'lease']);
    expect(placeDocumentKindsFor('rental')).toEqual(['deed', 'lease']);
  });

  it.each([
    ['none', true],
    ['rejected', true],
    ['pending', false],
    ['verified', false],
  ] as const)('a document may be sent when the place is %s: %s', (status, allowed) => {
    expect(mayUploadPlaceDocument(status)).toBe(allowed);
  });

  it.each([
    // type, status, setting (unverified may book), refused
    ['sublet', 'none', true, false],
    ['sublet', 'none', false, true],
    ['rental', 'pending', false, true],
    ['rental', 'rejected', false, true],
    ['sublet', 'verified', false, false],
    ['hotel', 'none', false, false],
  ] as const)('a %s whose place is %s, unverified may book: %s → refused %s', (propertyType, placeVerification, setting, refused) => {
    expect(bookingNeedsVerifiedPlace({ propertyType, placeVerification }, setting)).toBe(refused);
  });
});
