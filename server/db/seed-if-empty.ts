import { count, sql } from 'drizzle-orm';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import type { Storage } from '../storage/storage.ts';
import type { Database } from './database.ts';
import { users } from './schema.ts';

/** Any fixed number: the advisory lock that lets one starting instance at a time look and seed. */
const seedLockKey = 731_001;

/**
 * Seeds the demo data set on the first start of an empty database; returns what it added, or null.
 * Rule: look and seed in one transaction holding an advisory lock. Why: several instances starting
 * together on an empty database would otherwise all find it empty and all seed (or fail halfway
 * on unique keys); the lock makes the others wait and then find it seeded. One transaction also
 * means a seed that fails leaves the database empty, to be seeded on the next start.
 */
export async function seedDemoDataIfEmpty(db: Database, storage: Storage) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [row] = await tx.select({ users: count() }).from(users);
    if ((row?.users ?? 0) > 0) return null;
    return seedDemoData(tx, storage);
  });
}
