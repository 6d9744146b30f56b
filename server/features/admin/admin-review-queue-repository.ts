import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  changeValueSchema,
  listingChangeSchema,
  photoMatchSchema,
  verificationsResponseSchema,
} from '../../../core/contracts/admin.ts';
import { placeDocumentKinds, type PlaceDocumentKind } from '../../../core/constants.ts';
import { placeLabel } from '../../../core/format.ts';
import { listingDraftSchema } from '../../../core/listing-draft-schema.ts';
import type { Database } from '../../db/database.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { listingPhotoMatches, places, profiles, properties, propertyPhotos, users } from '../../db/schema.ts';
import { publicUrlOf } from '../../storage/public-url.ts';

/** What waits for an admin's decision, oldest first: ID documents, submitted listings and edits of published listings. */
export async function verificationQueue(db: Database): Promise<z.infer<typeof verificationsResponseSchema>> {
  const [documents, listings, changes, placeDocuments] = [
    await pendingIdDocuments(db),
    await submittedListings(db),
    await listingChangesQueue(db),
    await pendingPlaceDocuments(db),
  ];
  const matches = await openPhotoMatches(db, [...listings.map((row) => row.id), ...changes.map((row) => row.listing.id)]);
  const matchesOf = (id: number) => matches.filter((match) => match.propertyId === id).map(({ propertyId: _id, ...match }) => match);
  return {
    listingChanges: (await describeListingChanges(db, changes)).map((change) => ({ ...change, photoMatches: matchesOf(change.id) })),
    places: placeDocuments.map((row) => ({
      id: row.id,
      titleEn: row.titleEn,
      titleHe: row.titleHe,
      propertyType: row.propertyType,
      status: row.status,
      kind: (placeDocumentKinds as readonly string[]).includes(row.kind ?? '') ? (row.kind as PlaceDocumentKind) : null,
      submittedAt: row.submittedAt,
      host: { id: row.hostId, email: row.hostEmail, firstName: row.hostFirstName ?? '', lastName: row.hostLastName ?? '' },
      documentUrl: `/api/admin/listings/${row.id}/place-document`,
    })),
    idDocuments: documents.map((row) => ({ ...row, documentUrl: `/api/users/${row.userId}/id-document` })),
    listings: listings.map((row) => ({
      id: row.id,
      titleEn: row.titleEn,
      titleHe: row.titleHe,
      propertyType: row.propertyType,
      status: row.status,
      submittedAt: row.submittedAt,
      host: { id: row.hostId, email: row.hostEmail, firstName: row.hostFirstName ?? '', lastName: row.hostLastName ?? '' },
      photoMatches: matchesOf(row.id),
    })),
  };
}

/** Listings whose proof of the right to let them waits for an admin, oldest first. */
async function pendingPlaceDocuments(db: Database) {
  return db
    .select({
      ...pickColumns(properties, ['id', 'titleEn', 'titleHe', 'propertyType', 'status']),
      kind: properties.placeDocumentKind,
      submittedAt: properties.placeDocumentSubmittedAt,
      hostId: users.id,
      hostEmail: users.email,
      hostFirstName: profiles.firstName,
      hostLastName: profiles.lastName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(profiles, eq(profiles.userId, properties.hostId))
    .where(and(eq(properties.placeVerification, 'pending'), isNotNull(properties.placeDocumentKey)))
    .orderBy(asc(properties.placeDocumentSubmittedAt), asc(properties.id));
}

/** The open photo matches of these listings, each with the listing it copies (its title, state and host), for side-by-side review. */
async function openPhotoMatches(db: Database, ids: number[]): Promise<(z.infer<typeof photoMatchSchema> & { propertyId: number })[]> {
  if (ids.length === 0) return [];
  const matched = alias(properties, 'matched');
  const matchedHost = alias(users, 'matched_host');
  const rows = await db
    .select({
      propertyId: listingPhotoMatches.propertyId,
      photoKey: listingPhotoMatches.photoKey,
      distance: listingPhotoMatches.distance,
      matchedPhotoKey: listingPhotoMatches.matchedPhotoKey,
      matchedId: matched.id,
      matchedTitleEn: matched.titleEn,
      matchedTitleHe: matched.titleHe,
      matchedStatus: matched.status,
      matchedHostEmail: matchedHost.email,
    })
    .from(listingPhotoMatches)
    .innerJoin(matched, eq(matched.id, listingPhotoMatches.matchedPropertyId))
    .innerJoin(matchedHost, eq(matchedHost.id, matched.hostId))
    .where(and(inArray(listingPhotoMatches.propertyId, ids), isNull(listingPhotoMatches.resolvedAt)))
    .orderBy(asc(listingPhotoMatches.id));
  return rows.map((row) => ({
    propertyId: row.propertyId,
    photoUrl: publicUrlOf(row.photoKey) ?? '',
    distance: row.distance,
    matched: {
      id: row.matchedId,
      titleEn: row.matchedTitleEn,
      titleHe: row.matchedTitleHe,
      status: row.matchedStatus,
      hostEmail: row.matchedHostEmail,
      photoUrl: publicUrlOf(row.matchedPhotoKey) ?? '',
    },
  }));
}

async function pendingIdDocuments(db: Database) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      ...pickColumns(profiles, ['firstName', 'lastName']),
      submittedAt: profiles.verificationSubmittedAt,
      status: profiles.idVerificationStatus,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.idVerificationStatus, 'pending'), sql`${profiles.idDocumentKey} is not null`))
    .orderBy(profiles.verificationSubmittedAt);
}

async function submittedListings(db: Database) {
  return db
    .select({
      ...pickColumns(properties, ['id', 'titleEn', 'titleHe', 'propertyType', 'status']),
      submittedAt: properties.updatedAt,
      hostId: users.id,
      hostEmail: users.email,
      hostFirstName: profiles.firstName,
      hostLastName: profiles.lastName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(profiles, eq(profiles.userId, properties.hostId))
    .where(eq(properties.status, 'submitted'))
    .orderBy(properties.updatedAt);
}

/** Published listings whose host's edits wait for a decision, oldest first, with the approved photos. */
async function listingChangesQueue(db: Database) {
  const rows = await db
    .select({
      listing: properties,
      hostEmail: users.email,
      hostFirstName: profiles.firstName,
      hostLastName: profiles.lastName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.hostId))
    .leftJoin(profiles, eq(profiles.userId, properties.hostId))
    .where(isNotNull(properties.pendingChanges))
    .orderBy(asc(properties.changesSubmittedAt), asc(properties.id));
  const photos = rows.length
    ? await db
        .select({ propertyId: propertyPhotos.propertyId, storageKey: propertyPhotos.storageKey })
        .from(propertyPhotos)
        .where(
          inArray(
            propertyPhotos.propertyId,
            rows.map((row) => row.listing.id),
          ),
        )
        .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.id))
    : [];
  return rows.map((row) => ({
    ...row,
    livePhotoKeys: photos.filter((photo) => photo.propertyId === row.listing.id).map((photo) => photo.storageKey),
  }));
}

async function placeNames(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: places.id, nameEn: places.nameEn, parentId: places.parentId, kind: places.kind })
    .from(places)
    .where(inArray(places.id, ids));
}

/** Each waiting edit as the admin compares it: changed fields before and after, and the photo lists. */
async function describeListingChanges(
  db: Database,
  rows: Awaited<ReturnType<typeof listingChangesQueue>>,
): Promise<Omit<z.infer<typeof listingChangeSchema>, 'photoMatches'>[]> {
  const placeIds = rows
    .flatMap(({ listing }) => [listing.placeId, listing.pendingChanges?.fields.placeId])
    .filter((id): id is number => typeof id === 'number');
  const found = await placeNames(db, [...new Set(placeIds)]);
  const parents = await placeNames(db, [...new Set(found.map((place) => place.parentId).filter((id): id is number => id !== null))]);
  const nameOf = (id: unknown) => {
    const place = found.find((candidate) => candidate.id === id);
    if (!place) return null;
    const city = place.kind === 'neighbourhood' ? parents.find((candidate) => candidate.id === place.parentId) : undefined;
    return placeLabel(place.nameEn, city?.nameEn ?? place.nameEn, !city);
  };
  const fieldOrder = Object.keys(listingDraftSchema.shape);
  const shown = (value: unknown): z.infer<typeof changeValueSchema> =>
    value === undefined ? null : Array.isArray(value) ? value.map(String) : (value as z.infer<typeof changeValueSchema>);
  return rows.map(({ listing, hostEmail, hostFirstName, hostLastName, livePhotoKeys }) => {
    const pending = listing.pendingChanges!;
    const changes = fieldOrder
      .filter((field) => field in pending.fields)
      .map((field) =>
        field === 'placeId'
          ? { field, before: nameOf(listing.placeId), after: nameOf(pending.fields.placeId) }
          : { field, before: shown((listing as Record<string, unknown>)[field]), after: shown(pending.fields[field]) },
      );
    const urls = (keys: string[]) => keys.map((key) => publicUrlOf(key) ?? '');
    return {
      id: listing.id,
      titleEn: listing.titleEn,
      titleHe: listing.titleHe,
      propertyType: listing.propertyType,
      status: listing.status,
      submittedAt: listing.changesSubmittedAt,
      host: { id: listing.hostId, email: hostEmail, firstName: hostFirstName ?? '', lastName: hostLastName ?? '' },
      changes,
      photos: pending.photos ? { before: urls(livePhotoKeys), after: urls(pending.photos.map((photo) => photo.storageKey)) } : null,
      version: listing.updatedAt.toISOString(),
    };
  });
}
