import { listingFeeNames } from '../../../core/listing-fees.ts';
import { withoutStaleHebrewAddress } from '../../../core/listing-address.ts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import {
  listingPhotoMatches,
  profiles,
  properties,
  propertyPhotos,
  users,
  type PendingListingChanges,
  type PendingListingPhoto,
} from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { photoVariantKeys } from '../../storage/photo-variants.ts';

/** A pending photo's hashes (decimal strings in the jsonb) as property_photos columns; unhashed ones wait for the backfill job. */
function hashColumnsOf(photo: PendingListingPhoto) {
  if (!photo.perceptualHash || !photo.mirrorHash) return {};
  return {
    perceptualHash: BigInt(photo.perceptualHash),
    mirrorHash: BigInt(photo.mirrorHash),
    colourSignature: photo.colourSignature ? BigInt(photo.colourSignature) : null,
    hashedAt: new Date(),
  };
}

/**
 * An admin decided the listing or its changes, having seen its photo matches side by side: they
 * hold it no longer. Runs inside the decision's transaction where there is one.
 */
export async function resolvePhotoMatches(db: Executor, propertyId: number, now = new Date()) {
  await db
    .update(listingPhotoMatches)
    .set({ resolvedAt: now })
    .where(and(eq(listingPhotoMatches.propertyId, propertyId), isNull(listingPhotoMatches.resolvedAt)));
}

/** Two admins may open the same item: the second decision finds it no longer waiting. */
const notWaiting = () => new HttpError(409, 'already_decided', 'This was already decided');

/** Decides a pending ID document; 409 already_decided when none was waiting (already decided, or never sent). */
export async function decideIdDocument(
  db: Database,
  userId: string,
  decision: 'verified' | 'rejected',
  reason: string | null,
  now = new Date(),
): Promise<void> {
  const rows = await db
    .update(profiles)
    .set({ idVerificationStatus: decision, isVerified: decision === 'verified', verificationRejectionReason: reason, updatedAt: now })
    .where(and(eq(profiles.userId, userId), eq(profiles.idVerificationStatus, 'pending')))
    .returning({ userId: profiles.userId });
  if (rows.length === 0) throw notWaiting();
}

/**
 * Decides a listing's proof of the right to let it: verified (the "Verified place" badge, and
 * bookings where the setting asks for it) or rejected with a reason the host sees and may answer with
 * a new document. 409 already_decided when none was waiting.
 */
export async function decidePlace(db: Database, id: number, decision: 'verified' | 'rejected', reason: string | null) {
  const [row] = await db
    .update(properties)
    .set({ placeVerification: decision, placeRejectionReason: reason })
    .where(and(eq(properties.id, id), eq(properties.placeVerification, 'pending')))
    .returning({ hostId: properties.hostId, titleEn: properties.titleEn, titleHe: properties.titleHe });
  if (!row) throw notWaiting();
  return row;
}

/** The private file of a listing's proof of the right to let it; undefined when there is none. */
export async function placeDocumentKeyOf(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ key: properties.placeDocumentKey }).from(properties).where(eq(properties.id, id));
  return row?.key ?? undefined;
}

/** Decides a submitted listing; 409 already_decided when it was not waiting. */
export async function decideListing(db: Database, id: number, decision: 'approved' | 'rejected', reason: string | null, now = new Date()) {
  const [row] = await db
    .update(properties)
    .set({
      // A suspended host's listing, once approved, stays down with the account until it is reactivated.
      status:
        decision === 'approved'
          ? sql`case when exists (select 1 from ${users} u where u.id = ${properties.hostId} and u.status = 'suspended') then 'suspended'::listing_status else 'approved'::listing_status end`
          : decision,
      rejectionReason: reason,
      publishedAt:
        decision === 'approved' ? sql`coalesce(${properties.publishedAt}, ${now.toISOString()})` : sql`${properties.publishedAt}`,
      updatedAt: now,
    })
    .where(and(eq(properties.id, id), eq(properties.status, 'submitted')))
    .returning({ hostId: properties.hostId, titleEn: properties.titleEn, titleHe: properties.titleHe });
  if (!row) throw notWaiting();
  await resolvePhotoMatches(db, id, now);
  return row;
}

/** The columns an approved change may write: what a host edits of a listing, and the city that goes with a place. */
const revisableColumns = new Set([
  'propertyType',
  'titleEn',
  'titleHe',
  'descriptionEn',
  'descriptionHe',
  'placeId',
  'cityId',
  'address',
  'addressHe',
  'pricePerNight',
  'pricePerWeek',
  'pricePerMonth',
  'amenities',
  'houseRules',
  'leaseOptions',
  'starRating',
  'roomCount',
  'bedrooms',
  'bathrooms',
  'maxGuests',
  'petFriendly',
  'swapAvailable',
  // The fees, discounts and policy are part of the price a guest decides on (docs/decisions/026-listing-fees.md).
  ...listingFeeNames,
  'cancellationPolicy',
]);

/**
 * Publishes a listing's pending changes: the fields become the columns and the photo list replaces
 * the approved photos (new uploads take the ids they were given). 409 already_decided when none
 * were waiting, 409 changes_outdated when the host edited it after the admin looked. Returns the files of the photos the change removed, for the caller to delete.
 */
export async function approveListingChanges(db: Database, id: number, seen: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(properties)
      .where(and(eq(properties.id, id), isNotNull(properties.pendingChanges)))
      .for('update');
    const pending = row?.pendingChanges;
    if (!row || !pending) throw notWaiting();
    // The admin approves the version they compared: a host who edits again meanwhile (a harmless
    // version shown, a scam one swapped in before the click) gets nothing published.
    if (row.updatedAt.toISOString() !== seen)
      throw new HttpError(409, 'changes_outdated', 'The host changed the listing again since; review the new version');
    const fields = Object.fromEntries(Object.entries(pending.fields).filter(([key]) => revisableColumns.has(key)));
    const [updated] = await tx
      .update(properties)
      .set({
        ...withoutStaleHebrewAddress(fields as Partial<typeof properties.$inferInsert>),
        pendingChanges: null,
        changesSubmittedAt: null,
        changesRejectionReason: null,
        updatedAt: now,
      })
      .where(eq(properties.id, id))
      .returning({ hostId: properties.hostId, titleEn: properties.titleEn });
    await resolvePhotoMatches(tx, id, now);
    const removedKeys: string[] = [];
    if (pending.photos) {
      const wanted = pending.photos;
      const live = await tx.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
      const gone = live.filter((photo) => !wanted.some((keep) => keep.id === photo.id));
      if (gone.length) {
        await tx.delete(propertyPhotos).where(
          inArray(
            propertyPhotos.id,
            gone.map((photo) => photo.id),
          ),
        );
        removedKeys.push(...gone.flatMap((photo) => [photo.storageKey, ...photoVariantKeys(photo.storageKey, photo.width ?? 0)]));
      }
      for (const [position, photo] of wanted.entries()) {
        if (live.some((existing) => existing.id === photo.id)) {
          await tx.update(propertyPhotos).set({ position }).where(eq(propertyPhotos.id, photo.id));
        } else {
          await tx.insert(propertyPhotos).values({
            id: photo.id,
            propertyId: id,
            storageKey: photo.storageKey,
            width: photo.width,
            height: photo.height,
            position,
            ...hashColumnsOf(photo),
          });
        }
      }
    }
    return { ...updated!, removedKeys };
  });
}

/**
 * Turns a listing's pending changes down with a reason the host sees: the approved version stays.
 * Returns the files of photos that were only part of the change, for the caller to delete; 409
 * already_decided when none were waiting.
 */
export async function rejectListingChanges(db: Database, id: number, reason: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(properties)
      .where(and(eq(properties.id, id), isNotNull(properties.pendingChanges)))
      .for('update');
    const pending: PendingListingChanges | null | undefined = row?.pendingChanges;
    if (!row || !pending) throw notWaiting();
    const live = await tx.select({ id: propertyPhotos.id }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
    const discardedKeys = (pending.photos ?? [])
      .filter((photo) => !live.some((existing) => existing.id === photo.id))
      .map((photo) => photo.storageKey);
    await tx
      .update(properties)
      .set({ pendingChanges: null, changesSubmittedAt: null, changesRejectionReason: reason, updatedAt: now })
      .where(eq(properties.id, id));
    await resolvePhotoMatches(tx, id, now);
    return { hostId: row.hostId, titleEn: row.titleEn, discardedKeys };
  });
}
