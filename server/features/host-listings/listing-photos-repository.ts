import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { properties, propertyPhotos } from '../../db/schema.ts';

export type PhotoRow = typeof propertyPhotos.$inferSelect;

/** The listing's stored photos in order; the first is the cover. */
export function listingPhotos(db: Database, propertyId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.id));
}

export async function addPhoto(
  db: Database,
  propertyId: number,
  photo: {
    storageKey: string;
    width: number | null;
    height: number | null;
    perceptualHash?: bigint | null;
    mirrorHash?: bigint | null;
    colourSignature?: bigint | null;
    hashedAt?: Date | null;
  },
) {
  return db.transaction(async (tx) => {
    // Serialises concurrent uploads to one listing, so that positions stay distinct.
    await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${propertyPhotos.position}), -1)::int` })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, propertyId));
    const [row] = await tx
      .insert(propertyPhotos)
      .values({ propertyId, ...photo, position: (last?.position ?? -1) + 1 })
      .returning();
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, propertyId));
    return row!;
  });
}

export async function countPhotos(db: Database, propertyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  return row?.n ?? 0;
}

/** Puts the listing's photos in the given order (the first becomes the cover). */
export async function reorderPhotos(db: Database, propertyId: number, photoIds: number[]) {
  await db.transaction(async (tx) => {
    for (const [position, id] of photoIds.entries()) {
      await tx
        .update(propertyPhotos)
        .set({ position })
        .where(and(eq(propertyPhotos.id, id), eq(propertyPhotos.propertyId, propertyId)));
    }
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, propertyId));
  });
}

/** Removes a photo and closes the gap it leaves; returns the removed row (undefined when not the listing's). */
export async function deletePhoto(db: Database, propertyId: number, photoId: number) {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(propertyPhotos)
      .where(and(eq(propertyPhotos.id, photoId), eq(propertyPhotos.propertyId, propertyId)))
      .returning();
    if (!removed) return undefined;
    const rest = await tx
      .select({ id: propertyPhotos.id })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, propertyId))
      .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.id));
    for (const [position, { id }] of rest.entries()) {
      await tx.update(propertyPhotos).set({ position }).where(eq(propertyPhotos.id, id));
    }
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, propertyId));
    return removed;
  });
}
