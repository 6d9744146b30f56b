import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema.ts';

/** Adds one to a window's counter and returns the new count, atomically across connections. */
export async function incrementCounter(db: Database, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? 1;
}

/** Takes one back from a window's counter (never below zero). */
export async function decrementCounter(db: Database, key: string, windowStart: Date) {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
}

export async function resetCounter(db: Database, key: string, windowStart: Date) {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
}

export async function deleteCountersBefore(db: Database, before: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}
