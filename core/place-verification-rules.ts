import type { PlaceDocumentKind, PlaceVerificationStatus, PropertyType } from './constants.ts';

/**
 * Verified places (issue 39, docs/decisions/052-verified-places.md): a host proves the right to let
 * each listing with a document an admin reviews. Pure rules, read by the server and the web.
 */

/**
 * The documents that prove the right to let each type: a hotel its business licence; a home the
 * deed, or a lease with the landlord's permission to sublet or let it.
 */
export function placeDocumentKindsFor(type: PropertyType): readonly PlaceDocumentKind[] {
  return type === 'hotel' ? ['business_licence'] : ['deed', 'lease'];
}

/** A host may send a document while none is under review and the place is not verified yet. */
export function mayUploadPlaceDocument(status: PlaceVerificationStatus): boolean {
  return status === 'none' || status === 'rejected';
}

/**
 * Whether a booking of this listing is refused because its place is not verified: only sublets and
 * rentals (where renters meet stolen listings), and only when the admin's setting says they must be
 * verified first. Hotels are licensed businesses and are never held back by it.
 */
export function bookingNeedsVerifiedPlace(
  listing: { propertyType: PropertyType; placeVerification: PlaceVerificationStatus },
  unverifiedPlacesMayBook: boolean,
): boolean {
  return !unverifiedPlacesMayBook && listing.propertyType !== 'hotel' && listing.placeVerification !== 'verified';
}
