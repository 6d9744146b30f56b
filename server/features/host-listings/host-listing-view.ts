import type { MaskKind } from '../../../core/contact-masking.ts';
import type { HostListing } from '../../../core/contracts/host-listings.ts';
import { placeLabel } from '../../../core/format.ts';
import type { Database } from '../../db/database.ts';
import { publicUrlOf } from '../../storage/public-url.ts';
import { draftOf, editedPhotos, editedRow, findPlace, type ListingRow } from './host-listings-repository.ts';
import { placeVerificationOf } from './place-document-repository.ts';
import { cardKeyOf } from './listing-photo-processing.ts';
import { listingPhotos } from './listing-photos-repository.ts';

/** The listing as its host edits it: with its pending changes, when edits wait for review, and what a save just masked. */
export async function hostListingView(db: Database, stored: ListingRow, maskedKinds: readonly MaskKind[] = []): Promise<HostListing> {
  const row = editedRow(stored);
  const [livePhotos, place, city] = await Promise.all([
    listingPhotos(db, row.id),
    row.placeId === null ? undefined : findPlace(db, row.placeId),
    row.cityId === null || row.cityId === row.placeId ? undefined : findPlace(db, row.cityId),
  ]);
  const photos = editedPhotos(stored, livePhotos);
  return {
    id: row.id,
    ...draftOf(row),
    status: row.status,
    rejectionReason: row.rejectionReason,
    pendingChanges: stored.pendingChanges !== null,
    changesRejectionReason: stored.changesRejectionReason,
    placeVerification: placeVerificationOf(stored),
    place: place
      ? { id: place.id, nameEn: place.nameEn, nameHe: place.nameHe, label: placeLabel(place.nameEn, city?.nameEn ?? place.nameEn, !city) }
      : null,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: publicUrlOf(photo.storageKey) ?? '',
      cardUrl: publicUrlOf(photo.storageKey.endsWith('.webp') ? cardKeyOf(photo.storageKey) : photo.storageKey) ?? '',
    })),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    maskedKinds: [...maskedKinds],
  };
}
