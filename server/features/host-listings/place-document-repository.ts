import { and, eq, inArray } from 'drizzle-orm';
import { placeDocumentKinds, type PlaceDocumentKind } from '../../../core/constants.ts';
import type { PlaceVerification } from '../../../core/contracts/host-listings.ts';
import type { Database } from '../../db/database.ts';
import { properties } from '../../db/schema.ts';
import type { ListingRow } from './host-listings-repository.ts';

/** Where the listing's proof of the right to let it stands, as its host sees it. */
export function placeVerificationOf(row: ListingRow): PlaceVerification {
  const kind = (placeDocumentKinds as readonly string[]).includes(row.placeDocumentKind ?? '')
    ? (row.placeDocumentKind as PlaceDocumentKind)
    : null;
  return {
    status: row.placeVerification,
    kind,
    submittedAt: row.placeDocumentSubmittedAt?.toISOString() ?? null,
    rejectionReason: row.placeVerification === 'rejected' ? row.placeRejectionReason : null,
  };
}

/**
 * Puts the listing's new document under review, only while none is under review and the place is not
 * verified (two tabs, or an admin deciding at that moment); returns the document it replaces, or
 * undefined when the listing was not in a state to take one.
 */
export async function submitPlaceDocument(db: Database, id: number, key: string, kind: PlaceDocumentKind, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ previous: properties.placeDocumentKey })
      .from(properties)
      .where(and(eq(properties.id, id), inArray(properties.placeVerification, ['none', 'rejected'])))
      .for('update');
    if (!row) return undefined;
    await tx
      .update(properties)
      .set({
        placeVerification: 'pending',
        placeDocumentKey: key,
        placeDocumentKind: kind,
        placeDocumentSubmittedAt: now,
        placeRejectionReason: null,
      })
      .where(eq(properties.id, id));
    return { previous: row.previous };
  });
}
