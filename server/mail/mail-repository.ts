import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Language } from '../../core/languages.ts';
import type { Database } from '../db/database.ts';
import { outgoingMail } from '../db/schema.ts';

export interface RenderedMail {
  to: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
}

export async function enqueueMail(db: Database, mail: RenderedMail) {
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

export const maxMailAttempts = 5;

/** Mail waiting to be sent, oldest first; attempts are counted before sending so a crash cannot loop forever. */
export async function takeQueuedMail(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outgoingMail)
      .where(and(eq(outgoingMail.status, 'queued'), lt(outgoingMail.attempts, maxMailAttempts)))
      .orderBy(asc(outgoingMail.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length) {
      await tx
        .update(outgoingMail)
        .set({ attempts: sql`${outgoingMail.attempts} + 1` })
        .where(inArray(outgoingMail.id, rows.map((row) => row.id)));
    }
    return rows;
  });
}

export async function markMailSent(db: Database, id: number) {
  await db.update(outgoingMail).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outgoingMail.id, id));
}

export async function markMailFailed(db: Database, id: number, error: string, final: boolean) {
  await db
    .update(outgoingMail)
    .set({ lastError: error.slice(0, 1000), ...(final ? { status: 'failed' as const } : {}) })
    .where(eq(outgoingMail.id, id));
}
