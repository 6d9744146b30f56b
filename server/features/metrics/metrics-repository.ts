import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { outgoingMail } from '../../db/schema.ts';

/** Mail waiting to be sent and mail given up on, counted at scrape time (one indexed GROUP BY). */
export async function mailCounts(db: Database): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: outgoingMail.status, count: sql<number>`count(*)::int` })
    .from(outgoingMail)
    .where(inArray(outgoingMail.status, ['queued', 'failed']))
    .groupBy(outgoingMail.status);
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { queued: count('queued'), failed: count('failed') };
}
