import { and, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { dataExportExpiry, dataExportLimits, dataExportRefusal } from '../../../core/account-data-rules.ts';
import type { Database } from '../../db/database.ts';
import { dataExports } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The member's export requests, newest first (the last 20: the list on the profile). */
export async function listDataExports(db: Database, userId: string): Promise<DataExportRow[]> {
  return db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(20);
}

const refusalMessages = {
  data_export_in_progress: 'Your data archive is already being prepared.',
  data_export_limit_reached: 'You have asked for your data several times today. Please try again tomorrow.',
} as const;

/**
 * Queues an export: refused (409) while one is queued or running, and (429) past the day's limit
 * (core/account-data-rules.ts). The partial unique index keeps one open request per member even
 * when two requests race past the check.
 */
export async function requestDataExport(db: Database, userId: string, now: Date): Promise<DataExportRow> {
  const recent = await db
    .select({ status: dataExports.status, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(dataExportLimits.perDay + 1);
  const refusal = dataExportRefusal(recent, now);
  if (refusal) throw new HttpError(refusal === 'data_export_in_progress' ? 409 : 429, refusal, refusalMessages[refusal]);
  const [row] = await db.insert(dataExports).values({ userId, createdAt: now }).onConflictDoNothing().returning();
  if (!row) throw new HttpError(409, 'data_export_in_progress', refusalMessages.data_export_in_progress);
  return row;
}

/**
 * Takes the oldest export waiting to be built, for this runner alone: one UPDATE leasing the row
 * (claimed_until) under FOR UPDATE SKIP LOCKED, so two instances never build the same export, and
 * a runner that died mid-way leaves its lease to run out for another to take over.
 */
export async function claimDataExport(db: Database, now: Date): Promise<DataExportRow | undefined> {
  const due = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(or(eq(dataExports.status, 'queued'), and(eq(dataExports.status, 'running'), lt(dataExports.claimedUntil, now))))
    .orderBy(dataExports.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'running',
      claimedUntil: new Date(now.getTime() + dataExportLimits.claimMinutes * 60_000),
      attempts: sql`${dataExports.attempts} + 1`,
    })
    .where(inArray(dataExports.id, due))
    .returning();
  return row;
}

/** Marks a built export ready, only while this runner still holds its lease (true when it did). */
export async function markDataExportReady(db: Database, claimed: DataExportRow, storageKey: string, bytes: number, now: Date) {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', storageKey, bytes, readyAt: now, expiresAt: dataExportExpiry(now), claimedUntil: null, lastError: null })
    .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'running'), eq(dataExports.claimedUntil, claimed.claimedUntil!)))
    .returning({ id: dataExports.id });
  return rows.length === 1;
}

/** Gives a failed build back to the queue, or marks it failed after the last attempt. */
export async function releaseDataExport(db: Database, claimed: DataExportRow, error: string) {
  await db
    .update(dataExports)
    .set({
      status: claimed.attempts >= dataExportLimits.maxAttempts ? 'failed' : 'queued',
      claimedUntil: null,
      lastError: error.slice(0, 500),
    })
    .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'running'), eq(dataExports.claimedUntil, claimed.claimedUntil!)));
}

/** The member's own export, or undefined for anyone else's (the route answers 404: its id is not theirs to probe). */
export async function findOwnDataExport(db: Database, userId: string, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row;
}

/** Marks exports past their date expired and returns their files to remove; each is taken by one runner. */
export async function expireDataExports(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.status, 'ready'), isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)))
    .returning({ storageKey: dataExports.storageKey });
  return rows.map((row) => row.storageKey).filter((key): key is string => Boolean(key));
}
