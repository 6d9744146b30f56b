import type { Database } from '../../db/database.ts';

/** The gazetteer changes with a release, not between searches: a minute of keeping saves a statement per search. */
const keepMs = 60_000;
/** Distinct location texts seen in a minute stay well under this; past it the cache starts over. */
const maxEntries = 5000;

/**
 * Answers that depend only on the gazetteer (the `places` table), kept a minute per database:
 * what a typed location matches, and how the place is named in each language. Searches repeat the
 * same few places, and on the embedded database each statement saved is a round trip to its thread.
 */
export function gazetteerCache<T>() {
  const byDatabase = new WeakMap<Database, Map<string, { value: T; until: number }>>();
  return async function cached(db: Database, key: string, compute: () => Promise<T>): Promise<T> {
    let entries = byDatabase.get(db);
    if (!entries) byDatabase.set(db, (entries = new Map()));
    const entry = entries.get(key);
    if (entry && entry.until > Date.now()) return entry.value;
    const value = await compute();
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, { value, until: Date.now() + keepMs });
    return value;
  };
}
