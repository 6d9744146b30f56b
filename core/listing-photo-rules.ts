import type { ListingStatus } from './constants.ts';
import { hostListingLimits, isWorkInProgress } from './host-listing-rules.ts';

/** A listing holds at most hostListingLimits.photosMax photos. */
export function photoAdditionProblem(photoCount: number): 'too_many_photos' | null {
  return photoCount >= hostListingLimits.photosMax ? 'too_many_photos' : null;
}

/** A new order names every photo of the listing, each once: none may be lost or doubled by reordering. */
export function photoOrderProblem(wanted: readonly number[], current: readonly number[]): 'photo_order_mismatch' | null {
  const sameSet = wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));
  return sameSet ? null : 'photo_order_mismatch';
}

/** A listing past draft (submitted or published) keeps at least one photo; a draft may lose them all. */
export function photoRemovalProblem(status: ListingStatus, photoCount: number): 'last_photo' | null {
  return !isWorkInProgress(status) && photoCount <= 1 ? 'last_photo' : null;
}
