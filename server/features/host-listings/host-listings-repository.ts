import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { withoutStaleHebrewAddress } from '../../../core/listing-address.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { ListingStatus } from '../../../core/constants.ts';
import { placeLabel } from '../../../core/format.ts';
import type { HostListingSummary } from '../../../core/contracts/host-listings.ts';
import { placeVerificationOf } from './place-document-repository.ts';
import type { ListingDraft } from '../../../core/listing-draft-schema.ts';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import {
  places,
  profiles,
  properties,
  propertyPhotos,
  users,
  type PendingListingChanges,
  type PendingListingPhoto,
} from '../../db/schema.ts';
import type { PhotoRow } from './listing-photos-repository.ts';
import { publicPhotoOf, publicUrlOf } from '../../storage/public-url.ts';
import { readSetting } from '../../settings/platform-settings.ts';

export type ListingRow = typeof properties.$inferSelect;

const placeOfListing = alias(places, 'place');
const cityOfListing = alias(places, 'city');

/** The host's own listing; undefined for anyone else's, so that others cannot tell it exists. */
export async function findOwnListing(db: Database, hostId: string, id: number): Promise<ListingRow | undefined> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.hostId, hostId)));
  return row;
}

export async function findPlace(db: Database, placeId: number) {
  const [row] = await db.select().from(places).where(eq(places.id, placeId));
  return row;
}

/** Creates a draft; a user's first listing makes a guest a host. Returns whether the role changed. */
export async function createDraft(
  db: Database,
  hostId: string,
  values: Partial<typeof properties.$inferInsert> & Pick<ListingRow, 'propertyType'>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({ ...values, hostId, status: 'draft' })
      .returning();
    const promoted = await tx
      .update(users)
      .set({ role: 'host', updatedAt: new Date() })
      .where(and(eq(users.id, hostId), eq(users.role, 'guest')))
      .returning({ id: users.id });
    return { listing: row!, becameHost: promoted.length > 0 };
  });
}

export async function updateListing(db: Database, id: number, values: Partial<typeof properties.$inferInsert>) {
  const [row] = await db
    .update(properties)
    .set({ ...withoutStaleHebrewAddress(values), updatedAt: new Date() })
    .where(eq(properties.id, id))
    .returning();
  return row!;
}

/**
 * Moves a listing from one of `from` to `to`; undefined when its status changed meanwhile (two
 * tabs, or an admin deciding at the same moment), so that a stale click cannot undo a decision.
 */
export async function changeStatus(db: Database, id: number, from: readonly ListingStatus[], to: ListingStatus, now: Date) {
  const [row] = await db
    .update(properties)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'approved'
        ? { publishedAt: sql`coalesce(${properties.publishedAt}, ${now.toISOString()}::timestamptz)`, rejectionReason: null }
        : {}),
      ...(to === 'submitted' ? { rejectionReason: null } : {}),
    })
    .where(and(eq(properties.id, id), inArray(properties.status, [...from])))
    .returning();
  return row;
}

export async function idVerificationStatusOf(db: Database, userId: string) {
  const [row] = await db.select({ status: profiles.idVerificationStatus }).from(profiles).where(eq(profiles.userId, userId));
  return row?.status ?? 'unverified';
}

/** The admin setting that publishes verified hosts' listings without review (off unless set). */
export async function autoApprovesVerifiedHosts(db: Database): Promise<boolean> {
  return readSetting(db, 'autoApproveVerifiedHosts');
}

export async function hostListingSummaries(db: Database, hostId: string, language: Language): Promise<HostListingSummary[]> {
  const he = language === 'he';
  const cover = alias(propertyPhotos, 'cover');
  const rows = await db
    .select({
      listing: properties,
      placeName: he ? placeOfListing.nameHe : placeOfListing.nameEn,
      cityName: he ? cityOfListing.nameHe : cityOfListing.nameEn,
      coverKey: cover.storageKey,
      coverWidth: cover.width,
      coverHeight: cover.height,
    })
    .from(properties)
    .leftJoin(placeOfListing, eq(placeOfListing.id, properties.placeId))
    .leftJoin(cityOfListing, eq(cityOfListing.id, properties.cityId))
    .leftJoin(
      cover,
      eq(cover.id, sql`(select p.id from ${propertyPhotos} p where p.property_id = ${properties.id} order by p.position, p.id limit 1)`),
    )
    .where(eq(properties.hostId, hostId))
    .orderBy(desc(properties.updatedAt), desc(properties.id));
  return rows.map(({ listing, placeName, cityName, coverKey, coverWidth, coverHeight }) => ({
    id: listing.id,
    propertyType: listing.propertyType,
    status: listing.status,
    rejectionReason: listing.rejectionReason,
    pendingChanges: listing.pendingChanges !== null,
    changesRejectionReason: listing.changesRejectionReason,
    // A draft may have a title in one language only: show what there is.
    title: (he ? listing.titleHe || listing.titleEn : listing.titleEn || listing.titleHe) || '',
    location: placeName && cityName ? placeLabel(placeName, cityName, listing.placeId === listing.cityId) : null,
    coverUrl: publicUrlOf(coverKey),
    cover: coverKey ? publicPhotoOf({ key: coverKey, width: coverWidth, height: coverHeight }) : null,
    listPrice: listing.listPrice,
    placeVerification: placeVerificationOf(listing),
    updatedAt: listing.updatedAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- edits of a published listing

/** The photos of the listing's edited version: the pending list when photos changed, else the approved ones. */
export function editedPhotos(row: ListingRow, livePhotos: PhotoRow[]): PendingListingPhoto[] {
  return (
    row.pendingChanges?.photos ??
    livePhotos.map((photo) => ({
      id: photo.id,
      storageKey: photo.storageKey,
      width: photo.width,
      height: photo.height,
      perceptualHash: photo.perceptualHash?.toString() ?? null,
      mirrorHash: photo.mirrorHash?.toString() ?? null,
      colourSignature: photo.colourSignature?.toString() ?? null,
    }))
  );
}

/** The listing as its host edits it: the approved columns with the pending changes over them. */
export function editedRow(row: ListingRow): ListingRow {
  return row.pendingChanges ? ({ ...row, ...row.pendingChanges.fields } as ListingRow) : row;
}

/** An id for a photo that exists only in pending changes; the row takes it once they are approved. */
export async function nextPhotoId(db: Database): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('property_photos', 'id'))::int as id`);
  return result.rows[0]!.id;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Changes a published listing under its row lock, so that two tabs, or a tab and an admin deciding,
 * cannot lose each other's work. `revise` sees the approved row and photos and returns the columns
 * that apply at once and the new pending changes; fields equal to the approved ones, and a photo
 * list equal to the approved one, are dropped, so undoing an edit leaves nothing to review.
 */
export async function reviseListing(
  db: Database,
  id: number,
  revise: (
    row: ListingRow,
    livePhotos: PhotoRow[],
  ) => { immediate?: Partial<typeof properties.$inferInsert>; pending: PendingListingChanges | null },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!row) return undefined;
    const live = await tx
      .select()
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, id))
      .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.id));
    const { immediate = {}, pending } = revise(row, live);
    const fields: Record<string, unknown> = Object.fromEntries(
      Object.entries(pending?.fields ?? {}).filter(([key, value]) => !same(value, (row as Record<string, unknown>)[key])),
    );
    // A new street address keeps the Hebrew one sent with it, even unchanged: approving an address
    // without one clears the Hebrew address as stale (core/listing-address.ts).
    if ('address' in fields && pending?.fields && 'addressHe' in pending.fields) fields.addressHe = pending.fields.addressHe;
    const photos = pending?.photos;
    const photosChanged =
      photos !== undefined &&
      !same(
        photos.map((photo) => photo.id),
        live.map((photo) => photo.id),
      );
    const kept: PendingListingChanges | null =
      Object.keys(fields).length > 0 || photosChanged ? { fields, ...(photosChanged ? { photos } : {}) } : null;
    const [updated] = await tx
      .update(properties)
      .set({
        ...withoutStaleHebrewAddress(immediate),
        pendingChanges: kept,
        changesSubmittedAt: kept ? (row.changesSubmittedAt ?? now) : null,
        changesRejectionReason: null,
        updatedAt: now,
      })
      .where(eq(properties.id, id))
      .returning();
    return updated!;
  });
}

/** The draft fields of a stored listing, as the wizard and the completeness check read them. */
export function draftOf(row: ListingRow): ListingDraft {
  return {
    propertyType: row.propertyType,
    titleEn: row.titleEn,
    titleHe: row.titleHe,
    descriptionEn: row.descriptionEn,
    descriptionHe: row.descriptionHe,
    placeId: row.placeId,
    address: row.address,
    addressHe: row.addressHe,
    latitude: row.latitude,
    longitude: row.longitude,
    pricePerNight: row.pricePerNight,
    pricePerWeek: row.pricePerWeek,
    pricePerMonth: row.pricePerMonth,
    amenities: row.amenities,
    houseRules: row.houseRules as ListingDraft['houseRules'],
    availableFrom: row.availableFrom,
    availableUntil: row.availableUntil,
    minStayDays: row.minStayDays,
    maxStayDays: row.maxStayDays,
    leaseOptions: row.leaseOptions,
    starRating: row.starRating,
    roomCount: row.roomCount,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    maxGuests: row.maxGuests,
    petFriendly: row.petFriendly,
    swapAvailable: row.swapAvailable,
    keepsShabbat: row.keepsShabbat,
    checkInTime: row.checkInTime,
    instantBooking: row.instantBooking,
    cleaningFee: row.cleaningFee,
    securityDeposit: row.securityDeposit,
    weeklyDiscountPercent: row.weeklyDiscountPercent,
    monthlyDiscountPercent: row.monthlyDiscountPercent,
    extraGuestFee: row.extraGuestFee,
    guestsIncluded: row.guestsIncluded,
    cancellationPolicy: row.cancellationPolicy,
  };
}
