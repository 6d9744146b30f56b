/*
 * Move-in reports' reads and writes (docs/decisions/056-move-in-protection.md). Over 300 lines: the
 * report, its photos, its decision and its refund share one set of guards, read best side by side.
 * Decides nothing:
 * the use cases (use-cases/*-move-in-*.ts) apply core/move-in-rules.ts. The database guards the
 * races: one open report per stay (a partial unique index), one decision per report (a conditional
 * UPDATE open → decided), one recorded refund per report (a conditional UPDATE, and its parts'
 * unique keys, refund-parts-repository.ts).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MoveInDecision, MoveInReason } from '../../../core/move-in-rules.ts';
import type { Database, Executor } from '../../db/database.ts';
import { moveBookings } from '../../db/state-moves-sql.ts';
import { bookings, moveInReportPhotos, moveInReports, properties, users } from '../../db/schema.ts';
import { refundableLeft } from './refund-parts-repository.ts';

/** What a report needs of its stay: who, when, and the money that passed through us. */
export async function stayOfReport(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      guestId: bookings.guestId,
      hostId: properties.hostId,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      checkInTime: properties.checkInTime,
      paymentMethod: bookings.paymentMethod,
      paymentStatus: bookings.paymentStatus,
      total: bookings.total,
      serviceFee: bookings.serviceFee,
      refunded: bookings.refunded,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId));
  return row;
}

export type StayOfReport = NonNullable<Awaited<ReturnType<typeof stayOfReport>>>;

/**
 * Refunds decided for a stay before refunds were split (decision 061) that have not reached the
 * card yet: no parts planned, so the charges do not count them yet (whole shekels). A refund decided
 * since is planned in its deciding transaction, and its parts count on their charges.
 */
async function unplannedRefundsOnTheWay(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${moveInReports.refundAmount}), 0)::int` })
    .from(moveInReports)
    .where(
      and(
        eq(moveInReports.bookingId, bookingId),
        eq(moveInReports.status, 'decided'),
        isNull(moveInReports.refundRecordedAt),
        // The key refund-parts-repository.ts refundKeys.moveIn gives.
        sql`not exists (select 1 from payments p where p.kind = 'refund' and p.refund_key = 'refund-move-in-' || ${moveInReports.id})`,
      ),
    );
  return row?.sum ?? 0;
}

/**
 * What the guest paid through us and has not had back: what the stay's card charges can still give
 * back (a long stay: the months paid so far, not the whole stay), less refunds decided but not
 * planned. 0 for a stay paid on arrival, or not captured.
 */
export async function refundableOf(db: Executor, stay: StayOfReport): Promise<number> {
  if (stay.paymentMethod !== 'card' || !['captured', 'partially_refunded'].includes(stay.paymentStatus)) return 0;
  return Math.max(0, (await refundableLeft(db, stay.id)) - (await unplannedRefundsOnTheWay(db, stay.id)));
}

const reportColumns = {
  id: moveInReports.id,
  bookingId: moveInReports.bookingId,
  guestId: moveInReports.guestId,
  reason: moveInReports.reason,
  description: moveInReports.description,
  status: moveInReports.status,
  hostAnswer: moveInReports.hostAnswer,
  answeredAt: moveInReports.answeredAt,
  decision: moveInReports.decision,
  refundAmount: moveInReports.refundAmount,
  decidedAt: moveInReports.decidedAt,
  refundRecordedAt: moveInReports.refundRecordedAt,
  createdAt: moveInReports.createdAt,
};

export type MoveInReportRow = Awaited<ReturnType<typeof reportById>> & object;

/** One report. */
export async function reportById(db: Executor, reportId: string) {
  const [row] = await db.select(reportColumns).from(moveInReports).where(eq(moveInReports.id, reportId));
  return row;
}

/** A stay's latest report (the open one, if any). */
export async function latestReportOf(db: Executor, bookingId: string) {
  const [row] = await db
    .select(reportColumns)
    .from(moveInReports)
    .where(eq(moveInReports.bookingId, bookingId))
    .orderBy(sql`${moveInReports.status} = 'open' desc`, desc(moveInReports.createdAt))
    .limit(1);
  return row;
}

/** The photos of some reports, oldest first. */
export async function photosOf(db: Executor, reportIds: string[]) {
  if (!reportIds.length) return [];
  return db
    .select({
      id: moveInReportPhotos.id,
      reportId: moveInReportPhotos.reportId,
      storageKey: moveInReportPhotos.storageKey,
      width: moveInReportPhotos.width,
      height: moveInReportPhotos.height,
    })
    .from(moveInReportPhotos)
    .where(inArray(moveInReportPhotos.reportId, reportIds))
    .orderBy(asc(moveInReportPhotos.createdAt), asc(moveInReportPhotos.id));
}

/** A new open report; undefined when the stay already has one (the partial unique index decides). */
export async function insertReport(
  db: Executor,
  report: { bookingId: string; guestId: string; reason: MoveInReason; description: string; now: Date },
) {
  const [row] = await db
    .insert(moveInReports)
    .values({ ...report, createdAt: report.now, updatedAt: report.now })
    .onConflictDoNothing()
    .returning({ id: moveInReports.id });
  return row?.id;
}

/** Locks an open report while a photo is added: the photos are counted and written one upload at a time. */
export async function lockOpenReport(tx: Executor, reportId: string) {
  const [row] = await tx
    .select({ id: moveInReports.id })
    .from(moveInReports)
    .where(and(eq(moveInReports.id, reportId), eq(moveInReports.status, 'open')))
    .for('update');
  if (!row) return undefined;
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(moveInReportPhotos)
    .where(eq(moveInReportPhotos.reportId, reportId));
  return { photos: count?.n ?? 0 };
}

export async function insertPhoto(tx: Executor, photo: { reportId: string; storageKey: string; width: number; height: number }) {
  await tx.insert(moveInReportPhotos).values(photo);
}

/** The host's answer, while the report is open (a second answer replaces the first). False when decided meanwhile. */
export async function writeAnswer(db: Executor, reportId: string, answer: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(moveInReports)
    .set({ hostAnswer: answer, answeredAt: now, updatedAt: now })
    .where(and(eq(moveInReports.id, reportId), eq(moveInReports.status, 'open')))
    .returning({ id: moveInReports.id });
  return Boolean(row);
}

/** The decision, once: open → decided. False when another admin decided first. */
export async function claimDecision(
  tx: Executor,
  decision: { reportId: string; decision: MoveInDecision; refundAmount: number; decidedBy: string; now: Date },
): Promise<boolean> {
  const [row] = await tx
    .update(moveInReports)
    .set({
      status: 'decided',
      decision: decision.decision,
      refundAmount: decision.refundAmount,
      decidedBy: decision.decidedBy,
      decidedAt: decision.now,
      // Nothing to send: the refund is done as soon as it is decided.
      refundRecordedAt: decision.refundAmount > 0 ? null : decision.now,
      updatedAt: decision.now,
    })
    .where(and(eq(moveInReports.id, decision.reportId), eq(moveInReports.status, 'open')))
    .returning({ id: moveInReports.id });
  return Boolean(row);
}

/**
 * A stay whose report ended it: confirmed → cancelled by the deciding admin (its dates free again).
 * Its money follows separately (the refund, or the fee a stay paid on arrival owed). False when the
 * stay had moved on.
 */
export async function endStay(tx: Executor, bookingId: string, adminId: string, onArrival: boolean, now: Date): Promise<boolean> {
  const [row] = await moveBookings(tx, {
    status: 'cancelled',
    paymentStatus: onArrival ? 'cancelled' : undefined,
    set: { cancelledBy: adminId, updatedAt: now },
    where: and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')),
  }).returning({ id: bookings.id });
  return Boolean(row);
}

/** Decided refunds not yet sent (the provider was unreachable): for a retry. */
export async function unsentRefunds(db: Database, limit = 50) {
  return db
    .select({ id: moveInReports.id, bookingId: moveInReports.bookingId })
    .from(moveInReports)
    .where(and(eq(moveInReports.status, 'decided'), isNull(moveInReports.refundRecordedAt), sql`${moveInReports.refundAmount} > 0`))
    .orderBy(asc(moveInReports.decidedAt))
    .limit(limit);
}

/** A decided report's refund not recorded yet: its stay, the amount, and the stay's total and fee (for the platform's share). */
export async function refundToSend(db: Executor, reportId: string) {
  const [row] = await db
    .select({
      bookingId: moveInReports.bookingId,
      amount: moveInReports.refundAmount,
      total: bookings.total,
      serviceFee: bookings.serviceFee,
    })
    .from(moveInReports)
    .innerJoin(bookings, eq(bookings.id, moveInReports.bookingId))
    .where(and(eq(moveInReports.id, reportId), isNull(moveInReports.refundRecordedAt), sql`${moveInReports.refundAmount} > 0`));
  return row;
}

/**
 * Every part of a report's refund reached the card, each recorded with its refund row and ledger
 * movement (use-cases/split-refund.ts): the report's refund is recorded once (its conditional
 * UPDATE), with the booking's refunded amount and payment status (refunded when its card charges
 * have nothing left to give back). False when it was recorded before.
 */
export async function recordReportRefund(db: Database, input: { reportId: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .update(moveInReports)
      .set({ refundRecordedAt: input.now, updatedAt: input.now })
      .where(and(eq(moveInReports.id, input.reportId), isNull(moveInReports.refundRecordedAt), sql`${moveInReports.refundAmount} > 0`))
      .returning({ bookingId: moveInReports.bookingId, amount: moveInReports.refundAmount });
    if (!report) return false;
    const [stay] = await tx
      .select({ refunded: bookings.refunded, paymentStatus: bookings.paymentStatus })
      .from(bookings)
      .where(eq(bookings.id, report.bookingId))
      .for('update');
    if (!stay) throw new Error(`move-in report ${input.reportId} has no stay`);
    await tx
      .update(bookings)
      .set({ refunded: stay.refunded + report.amount, updatedAt: input.now })
      .where(eq(bookings.id, report.bookingId));
    // captured → refunded / partially_refunded; a stay already partly refunded keeps its final status.
    if (stay.paymentStatus === 'captured') {
      await moveBookings(tx, {
        paymentStatus: (await refundableLeft(tx, report.bookingId)) === 0 ? 'refunded' : 'partially_refunded',
        where: eq(bookings.id, report.bookingId),
      });
    }
    return true;
  });
}

const guestUser = alias(users, 'move_in_guest');
const hostUser = alias(users, 'move_in_host');

/** The admins' queue: open reports first (oldest first), then the last 50 decided. */
export async function adminReports(db: Database) {
  const columns = {
    ...reportColumns,
    propertyId: properties.id,
    titleEn: properties.titleEn,
    guestEmail: guestUser.email,
    hostEmail: hostUser.email,
    checkIn: bookings.checkIn,
    checkOut: bookings.checkOut,
    bookingStatus: bookings.status,
    paymentMethod: bookings.paymentMethod,
    paymentStatus: bookings.paymentStatus,
    total: bookings.total,
    serviceFee: bookings.serviceFee,
    refunded: bookings.refunded,
    checkInTime: properties.checkInTime,
    hostId: properties.hostId,
  };
  const base = () =>
    db
      .select(columns)
      .from(moveInReports)
      .innerJoin(bookings, eq(bookings.id, moveInReports.bookingId))
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .innerJoin(guestUser, eq(guestUser.id, bookings.guestId))
      .innerJoin(hostUser, eq(hostUser.id, properties.hostId));
  const open = await base().where(eq(moveInReports.status, 'open')).orderBy(asc(moveInReports.createdAt)).limit(200);
  const decided = await base().where(eq(moveInReports.status, 'decided')).orderBy(desc(moveInReports.decidedAt)).limit(50);
  return [...open, ...decided];
}

/** Whether a stay's host payout is held: it has an open report (server/db/move-in-hold-sql.ts says it in SQL). */
export async function bookingPayoutHeld(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: moveInReports.id })
    .from(moveInReports)
    .where(and(eq(moveInReports.bookingId, bookingId), eq(moveInReports.status, 'open')))
    .limit(1);
  return Boolean(row);
}

/** A report's private photo, for the route that sends it. */
export async function photoOf(db: Executor, reportId: string, photoId: string) {
  const [row] = await db
    .select({ storageKey: moveInReportPhotos.storageKey })
    .from(moveInReportPhotos)
    .where(and(eq(moveInReportPhotos.id, photoId), eq(moveInReportPhotos.reportId, reportId)));
  return row;
}
