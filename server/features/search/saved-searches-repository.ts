import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SavedSearch } from '../../../core/contracts/saved-searches.ts';
import { maxSavedSearches, type AlertFrequency } from '../../../core/search-alerts.ts';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { properties, savedListings, savedSearches, users } from '../../db/schema.ts';
import type { UnsubscribeTarget } from './unsubscribe-token.ts';

/** Saved searches' reads and writes (issue 38, item 4; decision 048): always a member's own. */

const columns = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  frequency: savedSearches.frequency,
  createdAt: savedSearches.createdAt,
};

function shown(row: { id: number; name: string; query: string; frequency: AlertFrequency; createdAt: Date }): SavedSearch {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** A member's saved searches, the latest first. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearch[]> {
  const rows = await db.select(columns).from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.id));
  return rows.map(shown);
}

/**
 * Saves a search, unless the member already keeps maxSavedSearches (null). The member's row is locked
 * first, so two saves at once cannot both pass the count. Its alerts start now: only listings
 * published from now on are new to it.
 */
export async function createSavedSearch(
  db: Database,
  userId: string,
  search: { name: string; query: string; frequency: AlertFrequency; language: Language },
): Promise<SavedSearch | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((kept?.n ?? 0) >= maxSavedSearches) return null;
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, ...search })
      .returning(columns);
    return shown(row!);
  });
}

/** Renames a member's saved search or changes its frequency; null when it is not theirs. */
export async function updateSavedSearch(
  db: Database,
  userId: string,
  id: number,
  change: { name?: string; frequency?: AlertFrequency },
): Promise<SavedSearch | null> {
  const [row] = await db
    .update(savedSearches)
    .set({
      ...change,
      updatedAt: new Date(),
      // Turned back on, alerts start from now: what was published while they were off is not "new".
      ...(change.frequency && change.frequency !== 'none'
        ? { alertsSince: sql`case when ${savedSearches.frequency} = 'none' then now() else ${savedSearches.alertsSince} end` }
        : {}),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning(columns);
  return row ? shown(row) : null;
}

/** Deletes a member's saved search (its sent-alert rows go with it); false when it is not theirs. */
export async function deleteSavedSearch(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/**
 * Stops what an unsubscribe link names: a saved search's alerts (its frequency becomes 'none'), or a
 * saved listing's price-drop mails. Null when it no longer exists. Stopping twice is not an error.
 */
export async function unsubscribe(db: Database, target: UnsubscribeTarget): Promise<{ kind: 'search' | 'price'; name: string } | null> {
  if (target.kind === 'search') {
    const [row] = await db
      .update(savedSearches)
      .set({ frequency: 'none', updatedAt: new Date() })
      .where(eq(savedSearches.id, target.searchId))
      .returning({ name: savedSearches.name });
    return row ? { kind: 'search', name: row.name } : null;
  }
  const [row] = await db
    .update(savedListings)
    .set({ priceAlerts: false })
    .where(and(eq(savedListings.userId, target.userId), eq(savedListings.propertyId, target.propertyId)))
    .returning({ propertyId: savedListings.propertyId });
  if (!row) return null;
  const [listing] = await db
    .select({
      title: sql<string>`case when ${users.language} = 'he' and ${properties.titleHe} <> '' then ${properties.titleHe} else ${properties.titleEn} end`,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, target.userId))
    .where(eq(properties.id, row.propertyId));
  return { kind: 'price', name: listing?.title ?? '' };
}
