import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { listingPhotoMatches } from '../../db/schema.ts';
import { isNearCopy, matchThreshold, photoDistance, type PhotoHashes } from '../../storage/photo-hash.ts';

/** At most this many earlier photos are recorded against one new photo: enough for the admin to judge. */
const matchesKept = 5;

interface CandidateRow extends Record<string, unknown> {
  property_id: number;
  storage_key: string;
  perceptual_hash: string;
  mirror_hash: string;
  colour_signature: string | null;
}

/**
 * Photos of other listings that a new photo is a near-copy of (server/storage/photo-hash.ts): of
 * another host's listing, whatever its state, or of a listing an admin took down (rejected, or
 * suspended with its host), the host's own included. The database keeps the photos whose structure
 * is close, straight or mirrored (one pass over the hashed photos; bit_count of the XOR); the colours
 * are compared here.
 */
export async function nearCopiesOf(db: Database, listing: { id: number; hostId: string }, photo: PhotoHashes) {
  const hash = BigInt.asIntN(64, photo.hash).toString();
  const result = await db.execute<CandidateRow>(sql`
    select ph.property_id, ph.storage_key, ph.perceptual_hash::text as perceptual_hash, ph.mirror_hash::text as mirror_hash,
      ph.colour_signature::text as colour_signature
    from property_photos ph join properties p on p.id = ph.property_id
    where ph.perceptual_hash is not null and ph.property_id <> ${listing.id}
      and (p.host_id <> ${listing.hostId} or p.status in ('rejected', 'suspended'))
      and least(bit_count((ph.perceptual_hash # ${hash}::bigint)::bit(64)), bit_count((ph.mirror_hash # ${hash}::bigint)::bit(64))) <= ${matchThreshold}
    order by ph.id
    limit 50`);
  return result.rows
    .map((row) => ({
      propertyId: Number(row.property_id),
      storageKey: row.storage_key,
      hashes: {
        hash: BigInt(row.perceptual_hash),
        mirrorHash: BigInt(row.mirror_hash),
        colours: BigInt(row.colour_signature ?? '0'),
      },
    }))
    .filter((candidate) => isNearCopy(photo, candidate.hashes))
    .slice(0, matchesKept)
    .map((candidate) => ({ ...candidate, distance: photoDistance(photo, candidate.hashes).bits }));
}

/** Records that a listing's photo copies others; the listing is held for review until an admin decides it. */
export async function recordPhotoMatches(
  db: Database,
  propertyId: number,
  photoKey: string,
  matches: { propertyId: number; storageKey: string; distance: number }[],
) {
  if (matches.length === 0) return;
  await db
    .insert(listingPhotoMatches)
    .values(
      matches.map((match) => ({
        propertyId,
        photoKey,
        matchedPropertyId: match.propertyId,
        matchedPhotoKey: match.storageKey,
        distance: match.distance,
      })),
    )
    .onConflictDoNothing();
}

/** Whether the listing has photo matches no admin has looked at: it may not be published without review. */
export async function hasOpenPhotoMatches(db: Database, propertyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: listingPhotoMatches.id })
    .from(listingPhotoMatches)
    .where(and(eq(listingPhotoMatches.propertyId, propertyId), isNull(listingPhotoMatches.resolvedAt)))
    .limit(1);
  return row !== undefined;
}

/** A removed photo holds nothing any more. */
export async function forgetPhotoMatches(db: Database, propertyId: number, photoKey: string) {
  await db
    .delete(listingPhotoMatches)
    .where(and(eq(listingPhotoMatches.propertyId, propertyId), eq(listingPhotoMatches.photoKey, photoKey)));
}
