import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { canMoveReport, reportTargetProblem } from '../../../core/admin-rules.ts';
import type { ReportCreate } from '../../../core/admin-schemas.ts';
import type { reportSchema, ReportStatus } from '../../../core/contracts/admin.ts';
import type { Database } from '../../db/database.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { bookingMessages, conversations, properties, reports, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

/** Reports filed by users, newest first (the latest 200). */
export async function listReports(db: Database, status: ReportStatus | undefined): Promise<z.infer<typeof reportSchema>[]> {
  const reporter = alias(users, 'reporter');
  const reported = alias(users, 'reported');
  const rows = await db
    .select({
      ...pickColumns(reports, [
        'id',
        'targetType',
        'propertyId',
        'reportedUserId',
        'conversationId',
        'reporterId',
        'reason',
        'details',
        'status',
        'notes',
        'createdAt',
        'updatedAt',
      ]),
      propertyTitleEn: properties.titleEn,
      propertyTitleHe: properties.titleHe,
      reportedEmail: reported.email,
      reporterEmail: reporter.email,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(reported, eq(reported.id, reports.reportedUserId))
    .leftJoin(properties, eq(properties.id, reports.propertyId))
    .where(status ? eq(reports.status, status) : undefined)
    .orderBy(desc(reports.createdAt))
    .limit(200);
  // A reported conversation is judged on what was said: its messages come with the report.
  const conversationIds = [...new Set(rows.flatMap((row) => (row.conversationId ? [row.conversationId] : [])))];
  const messages = conversationIds.length
    ? await db
        .select({
          conversationId: bookingMessages.conversationId,
          senderEmail: users.email,
          body: bookingMessages.body,
          createdAt: bookingMessages.createdAt,
        })
        .from(bookingMessages)
        .innerJoin(users, eq(users.id, bookingMessages.senderId))
        .where(inArray(bookingMessages.conversationId, conversationIds))
        .orderBy(asc(bookingMessages.createdAt), asc(bookingMessages.id))
    : [];
  return rows.map((row) => ({
    ...row,
    conversationMessages: messages
      .filter((message) => message.conversationId === row.conversationId)
      .map(({ senderEmail, body, createdAt }) => ({ senderEmail, body, createdAt })),
  }));
}

/**
 * Moves a report on along its allowed transitions (404 when there is none, 409 invalid_transition).
 * The update applies only from the status read, so two admins cannot both decide it (409
 * already_decided). Returns the status it moved from, for the audit trail.
 */
export async function moveReport(
  db: Database,
  id: number,
  to: ReportStatus,
  notes: string | null,
  now = new Date(),
): Promise<ReportStatus> {
  const [current] = await db.select({ status: reports.status }).from(reports).where(eq(reports.id, id));
  if (!current) throw new HttpError(404, 'not_found', 'No such report');
  const from = current.status;
  if (!canMoveReport(from, to)) throw new HttpError(409, 'invalid_transition', 'A report cannot move that way');
  const rows = await db
    .update(reports)
    .set({ status: to, notes, updatedAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, from)))
    .returning({ id: reports.id });
  if (rows.length === 0) throw new HttpError(409, 'already_decided', 'This was already decided');
  return from;
}

/**
 * What a report may be about: a published listing (the one on the page the reporter saw; drafts
 * answer as missing, so that ids cannot be probed) or any user. Undefined when there is none.
 */
async function reportTarget(
  db: Database,
  target: { propertyId: number | null; userId: string | null },
): Promise<{ hostId: string | null } | undefined> {
  if (target.propertyId !== null) {
    const [row] = await db
      .select({ hostId: properties.hostId })
      .from(properties)
      .where(and(eq(properties.id, target.propertyId), eq(properties.status, 'approved')));
    return row;
  }
  if (target.userId !== null) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
    return row ? { hostId: null } : undefined;
  }
  return undefined;
}

/**
 * Files a user's report of a published listing or a user: 404 when there is nothing to report there,
 * 400 when it is the reporter themself or their own listing.
 */
export async function fileReport(db: Database, reporterId: string, body: ReportCreate) {
  if (body.targetType === 'conversation') return fileConversationReport(db, reporterId, body);
  const target =
    body.targetType === 'property'
      ? { propertyId: body.propertyId ?? null, userId: null }
      : { propertyId: null, userId: body.userId ?? null };
  const found = await reportTarget(db, target);
  if (!found) throw new HttpError(404, 'not_found', 'Nothing to report there');
  const problem = reportTargetProblem(reporterId, { reportedUserId: target.userId, hostId: found.hostId });
  if (problem)
    throw new HttpError(
      400,
      problem,
      problem === 'cannot_report_self' ? 'You cannot report yourself' : 'You cannot report your own listing',
    );
  const [row] = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: body.targetType,
      propertyId: target.propertyId,
      reportedUserId: target.userId,
      reason: body.reason,
      details: body.details || null,
    })
    .returning({ id: reports.id, status: reports.status });
  return row!;
}

/**
 * A host reports a conversation a guest opened about one of their listings (spam, abuse): only the
 * host may, since the guest chose to write; anyone else, the guest included, is told there is no
 * such conversation. The report names the guest, so the users tab finds them too.
 */
async function fileConversationReport(db: Database, reporterId: string, body: ReportCreate) {
  const [conversation] = await db
    .select({ id: conversations.id, propertyId: conversations.propertyId, guestId: conversations.guestId, hostId: properties.hostId })
    .from(conversations)
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .where(eq(conversations.id, body.conversationId!));
  if (!conversation || conversation.hostId !== reporterId) throw new HttpError(404, 'conversation_not_found', 'No such conversation');
  const [row] = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: 'conversation',
      conversationId: conversation.id,
      propertyId: conversation.propertyId,
      reportedUserId: conversation.guestId,
      reason: body.reason,
      details: body.details || null,
    })
    .returning({ id: reports.id, status: reports.status });
  return row!;
}
