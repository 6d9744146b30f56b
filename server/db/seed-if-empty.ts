import { count } from 'drizzle-orm';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import type { Storage } from '../storage/storage.ts';
import type { Database } from './database.ts';
import { users } from './schema.ts';

/** Seeds the demo data set on the first start of an empty database; returns what it added, or null. */
export async function seedDemoDataIfEmpty(db: Database, storage: Storage) {
  const [row] = await db.select({ users: count() }).from(users);
  if ((row?.users ?? 0) > 0) return null;
  return seedDemoData(db, storage);
}
