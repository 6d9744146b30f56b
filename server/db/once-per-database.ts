import type { Database } from './database.ts';

/**
 * What `make` builds for a database, built at its first use and kept with that database (the process
 * may hold several: the embedded one and a server, or one per test app). For prepared statements:
 * Drizzle builds the query once instead of per request, and each connection plans it once.
 */
export function oncePerDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    if (!made.has(db)) made.set(db, make(db));
    return made.get(db)!;
  };
}
