/**
 * A published listing's photo changes (a new photo, a new order, a removal) join its pending
 * changes and wait for review like any other edit; guests keep seeing the approved photos. A
 * draft's photos change at once.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { editsNeedReview } from '../../../core/host-listing-rules.ts';
import { photoAdditionProblem, photoOrderProblem, photoRemovalProblem } from '../../../core/listing-photo-rules.ts';
import type { Database } from '../../db/database.ts';
import { sniffFileType } from '../../storage/sniff-file-type.ts';
import { encodePhotoVariants, photoVariantKeys, storePhotoVariants } from '../../storage/photo-variants.ts';
import type { Storage } from '../../storage/storage.ts';
import { hostListingErrors } from './host-listing-errors.ts';
import { editedPhotos, nextPhotoId, reviseListing, type ListingRow } from './host-listings-repository.ts';
import { cardKeyOf, processListingPhoto } from './listing-photo-processing.ts';
import { addPhoto, countPhotos, deletePhoto, listingPhotos, reorderPhotos } from './listing-photos-repository.ts';
import { forgetPhotoMatches, nearCopiesOf, recordPhotoMatches } from './photo-matches-repository.ts';
import { photoHashes } from '../../storage/photo-hash.ts';

/** Removes an uploaded photo's files (gallery, card size and variants); seeded photos are shared and stay. */
async function removePhotoFiles(storage: Storage, log: FastifyBaseLogger, photo: { storageKey: string; width: number | null }) {
  const { storageKey } = photo;
  for (const key of [storageKey, cardKeyOf(storageKey), ...photoVariantKeys(storageKey, photo.width ?? 0)]) {
    if (key.startsWith('public/listing-photos/')) {
      await storage.remove(key).catch((error: unknown) => log.warn({ err: error }, 'listing photo not removed'));
    }
  }
}

/** Adds an uploaded image (whatever type the browser claimed, its content decides), stored resized for the gallery and cards. */
export async function addListingPhoto(
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  row: ListingRow,
  body: unknown,
): Promise<void> {
  const type = Buffer.isBuffer(body) ? sniffFileType(body) : null;
  if (!Buffer.isBuffer(body) || !type || type.mime === 'application/pdf') throw hostListingErrors.invalidImage();
  const reviewed = editsNeedReview(row.status);
  const photoCount = reviewed ? editedPhotos(row, await listingPhotos(db, row.id)).length : await countPhotos(db, row.id);
  if (photoAdditionProblem(photoCount)) throw hostListingErrors.tooManyPhotos();
  const processed = await processListingPhoto(body);
  if ('problem' in processed)
    throw processed.problem === 'too_many_pixels' ? hostListingErrors.imageTooLarge() : hostListingErrors.invalidImage();
  // Random names: a photo's address does not reveal how many others were uploaded or when.
  const key = `public/listing-photos/${row.id}/${randomBytes(12).toString('hex')}.webp`;
  await storage.put(key, processed.gallery, 'image/webp');
  await storage.put(cardKeyOf(key), processed.card, 'image/webp');
  const photo = { storageKey: key, width: processed.width, height: processed.height };
  // Hashed from the stored gallery image: the pixels guests see, and the copies others could take.
  const hashes = await photoHashes(processed.gallery);
  const hashColumns = {
    perceptualHash: hashes?.hash ?? null,
    mirrorHash: hashes?.mirrorHash ?? null,
    colourSignature: hashes?.colours ?? null,
    hashedAt: new Date(),
  };
  // The AVIF and WebP variants are made from the uploaded bytes, not from the stored re-encoding.
  try {
    await storePhotoVariants(storage, key, await encodePhotoVariants(body, processed.width));
  } catch (error) {
    await removePhotoFiles(storage, log, photo);
    throw error;
  }
  // A near-copy of another host's photo (or of a listing an admin took down) holds the listing for review.
  const matches = hashes ? await nearCopiesOf(db, row, hashes) : [];
  if (!reviewed) {
    await addPhoto(db, row.id, { ...photo, ...hashColumns });
    await recordPhotoMatches(db, row.id, key, matches);
    return;
  }
  const id = await nextPhotoId(db);
  try {
    await reviseListing(db, row.id, (current, livePhotos) => {
      const photos = editedPhotos(current, livePhotos);
      if (photoAdditionProblem(photos.length)) throw hostListingErrors.tooManyPhotos();
      const pendingHashes = {
        perceptualHash: hashes?.hash.toString() ?? null,
        mirrorHash: hashes?.mirrorHash.toString() ?? null,
        colourSignature: hashes?.colours.toString() ?? null,
      };
      return { pending: { fields: current.pendingChanges?.fields ?? {}, photos: [...photos, { id, ...photo, ...pendingHashes }] } };
    });
  } catch (error) {
    await removePhotoFiles(storage, log, photo);
    throw error;
  }
  await recordPhotoMatches(db, row.id, key, matches);
}

/** Puts the listing's photos in this order (the first is the cover); every photo must be named once. */
export async function reorderListingPhotos(db: Database, row: ListingRow, wanted: number[]): Promise<void> {
  if (editsNeedReview(row.status)) {
    await reviseListing(db, row.id, (current, livePhotos) => {
      const photos = editedPhotos(current, livePhotos);
      if (
        photoOrderProblem(
          wanted,
          photos.map((photo) => photo.id),
        )
      )
        throw hostListingErrors.photoOrderMismatch();
      const byId = new Map(photos.map((photo) => [photo.id, photo]));
      return { pending: { fields: current.pendingChanges?.fields ?? {}, photos: wanted.map((id) => byId.get(id)!) } };
    });
    return;
  }
  if (
    photoOrderProblem(
      wanted,
      (await listingPhotos(db, row.id)).map((photo) => photo.id),
    )
  )
    throw hostListingErrors.photoOrderMismatch();
  await reorderPhotos(db, row.id, wanted);
}

/**
 * Removes a photo; a listing past draft keeps at least one. Of a published listing, an approved
 * photo stays until the change is approved; a photo that was only ever pending goes at once.
 */
export async function removeListingPhoto(
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  row: ListingRow,
  photoId: number,
): Promise<void> {
  if (editsNeedReview(row.status)) {
    let removed: { storageKey: string; width: number | null; live: boolean } | undefined;
    await reviseListing(db, row.id, (current, livePhotos) => {
      const photos = editedPhotos(current, livePhotos);
      const photo = photos.find((candidate) => candidate.id === photoId);
      if (!photo) throw hostListingErrors.photoNotFound();
      if (photoRemovalProblem(row.status, photos.length)) throw hostListingErrors.lastPhoto();
      removed = { storageKey: photo.storageKey, width: photo.width, live: livePhotos.some((candidate) => candidate.id === photoId) };
      return { pending: { fields: current.pendingChanges?.fields ?? {}, photos: photos.filter((candidate) => candidate.id !== photoId) } };
    });
    if (removed && !removed.live) {
      await forgetPhotoMatches(db, row.id, removed.storageKey);
      await removePhotoFiles(storage, log, removed);
    }
    return;
  }
  if (photoRemovalProblem(row.status, await countPhotos(db, row.id))) throw hostListingErrors.lastPhoto();
  const removed = await deletePhoto(db, row.id, photoId);
  if (!removed) throw hostListingErrors.photoNotFound();
  await forgetPhotoMatches(db, row.id, removed.storageKey);
  await removePhotoFiles(storage, log, removed);
}
