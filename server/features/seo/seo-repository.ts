import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { properties } from '../../db/schema.ts';

/** Approved listings, the only ones visitors can open. */
export async function approvedListings(db: Database, limit: number) {
  return db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(eq(properties.status, 'approved'))
    .orderBy(desc(properties.id))
    .limit(limit);
}
