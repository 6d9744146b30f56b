/** Pure helpers of the saved page (no React), unit-tested in saved-model.test.ts. */

export function withoutListing<T extends { id: number }>(listings: readonly T[], id: number): T[] {
  return listings.filter((listing) => listing.id !== id);
}

/** The list with `listing` back at `index` (clamped), unless it is already there. */
export function withListingAt<T extends { id: number }>(listings: readonly T[], listing: T, index: number): T[] {
  if (listings.some((item) => item.id === listing.id)) return [...listings];
  const at = Math.min(Math.max(index, 0), listings.length);
  return [...listings.slice(0, at), listing, ...listings.slice(at)];
}

/**
 * Where focus goes once the card at `removedIndex` is gone from a list that had `countBefore` cards:
 * the card now in its place, else the one before it, else nothing (the list is empty).
 */
export function focusIndexAfterRemoval(removedIndex: number, countBefore: number): number | null {
  const remaining = countBefore - 1;
  if (remaining <= 0) return null;
  return Math.min(removedIndex, remaining - 1);
}
