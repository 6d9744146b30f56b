import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Language } from '../../core/languages.ts';
import type { Database, Executor } from '../db/database.ts';
import { outgoingMail } from '../db/schema.ts';

export interface RenderedMail {
  to: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
}

export async function enqueueMail(db: Executor, mail: RenderedMail) {
  await db.insert(outgoingMail).values({
    toAddress: mail.to,
    language: mail.language,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

/** Every mail kept, oldest first: the development mailbox. */
export async function listAllMail(db: Database) {
  return db
    .select({
      to: outgoingMail.toAddress,
      subject: outgoingMail.subject,
      text: outgoingMail.textBody,
      html: outgoingMail.htmlBody,
      createdAt: outgoingMail.createdAt,
    })
    .from(outgoingMail)
    .orderBy(asc(outgoingMail.id));
}

/**
 * How often a mail is tried before it is marked failed, and how long a failed attempt waits before
 * the next: 2 s, doubling, at most an hour. Rule: an outage of the relay is waited out, not counted
 * down by the sender's clock. Why: with attempts three seconds apart a relay down for fifteen seconds
 * failed every mail queued meanwhile for good; now 20 attempts span about ten hours.
 */
export const maxMailAttempts = 20;
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** How long a sender may hold mail it took before another instance may take it again (after a crash). */
export const mailClaimMs = 10 * 60 * 1000;

/**
 * Takes mail waiting to be sent, oldest first, for this sender alone. Rule: taking is one UPDATE
 * that counts the attempt and leases the rows (claimed_until) before anything is sent. Why: row
 * locks end with the transaction, so a mail only locked while it was taken could be taken again
 * by another instance while the first was still sending it. Attempts are counted before sending
 * so a crash cannot loop forever; a sender that dies after sending leaves the lease to run out,
 * and the mail goes once more (SMTP gives no way to send exactly once across a crash).
 */
export async function takeQueuedMail(db: Database, limit: number) {
  const now = new Date();
  const claimable = db
    .select({ id: outgoingMail.id })
    .from(outgoingMail)
    .where(
      and(
        eq(outgoingMail.status, 'queued'),
        lt(outgoingMail.attempts, maxMailAttempts),
        or(isNull(outgoingMail.claimedUntil), lt(outgoingMail.claimedUntil, now)),
      ),
    )
    .orderBy(asc(outgoingMail.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outgoingMail)
    .set({ attempts: sql`${outgoingMail.attempts} + 1`, claimedUntil: new Date(now.getTime() + mailClaimMs) })
    .where(inArray(outgoingMail.id, claimable))
    .returning();
  // attempts already counts the attempt being made.
  return rows.sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Database, id: number) {
  await db.update(outgoingMail).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outgoingMail.id, id));
}

/**
 * A failed attempt: the mail waits until `retryAt` (its lease becomes the time it may be taken again),
 * or, with `retryAt` null, it is marked failed for good.
 */
export async function markMailFailed(db: Database, id: number, error: string, retryAt: Date | null) {
  await db
    .update(outgoingMail)
    .set({ lastError: error.slice(0, 1000), claimedUntil: retryAt, ...(retryAt ? {} : { status: 'failed' as const }) })
    .where(eq(outgoingMail.id, id));
}
