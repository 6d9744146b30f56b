import type { SessionUser } from '../../../../core/contracts/auth.ts';
import type { AdminMoveInReport, BookingMoveIn, MoveInReport } from '../../../../core/contracts/move-in.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { moveInWindow, moveInWindowOpen } from '../../../../core/move-in-rules.ts';
import { actsAsAdmin } from '../../../../core/second-factor-rules.ts';
import type { Executor } from '../../../db/database.ts';
import {
  adminReports,
  latestReportOf,
  photosOf,
  refundableOf,
  stayOfReport,
  type MoveInReportRow,
  type StayOfReport,
} from '../move-in-repository.ts';
import type { BookingDeps } from './booking-deps.ts';

/** A report as the API sends it, its photos as private addresses (GET /api/move-in-reports/:id/photos/:photoId). */
export async function reportView(db: Executor, row: MoveInReportRow): Promise<MoveInReport> {
  const photos = await photosOf(db, [row.id]);
  return {
    id: row.id,
    bookingId: row.bookingId,
    reason: row.reason,
    description: row.description,
    status: row.status,
    hostAnswer: row.hostAnswer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    decision: row.decision,
    refundAmount: row.refundAmount,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refundSent: row.refundAmount > 0 && row.refundRecordedAt !== null,
    createdAt: row.createdAt.toISOString(),
    photos: photos.map((photo) => ({
      id: photo.id,
      url: `/api/move-in-reports/${row.id}/photos/${photo.id}`,
      width: photo.width,
      height: photo.height,
    })),
  };
}

/**
 * Who is asking about a stay's report: its guest, its host, or an admin. Anyone else learns nothing,
 * not even that the stay exists (booking_not_found, as the other booking routes).
 */
export async function viewerOfStay(
  db: Executor,
  user: Pick<SessionUser, 'id' | 'role' | 'secondFactorSetupRequired'>,
  bookingId: string,
): Promise<{ stay: StayOfReport; viewer: BookingMoveIn['viewer'] }> {
  const stay = await stayOfReport(db, bookingId);
  if (stay && user.id === stay.guestId) return { stay, viewer: 'guest' };
  if (stay && user.id === stay.hostId) return { stay, viewer: 'host' };
  if (stay && actsAsAdmin(user)) return { stay, viewer: 'admin' };
  throw new DomainError('booking_not_found', 'No such booking');
}

/** A stay's latest report for its guest, its host or an admin, and whether the guest may report now. */
export async function moveInOfStay(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  user: Pick<SessionUser, 'id' | 'role' | 'secondFactorSetupRequired'>,
  bookingId: string,
): Promise<BookingMoveIn> {
  const { stay, viewer } = await viewerOfStay(deps.db, user, bookingId);
  const row = await latestReportOf(deps.db, bookingId);
  return {
    report: row ? await reportView(deps.db, row) : null,
    windowOpen: moveInWindowOpen(stay.status, stay.checkIn, stay.checkInTime, deps.clock()),
    windowClosesAt: moveInWindow(stay.checkIn, stay.checkInTime).closesAt.toISOString(),
    viewer,
  };
}

/** The admins' queue (GET /api/admin/move-in-reports): open reports oldest first, then the latest decided, each with its stay. */
export async function moveInQueue(deps: Pick<BookingDeps, 'db'>): Promise<AdminMoveInReport[]> {
  const rows = await adminReports(deps.db);
  return Promise.all(
    rows.map(async (row) => ({
      ...(await reportView(deps.db, row)),
      propertyId: row.propertyId,
      propertyTitle: row.titleEn,
      guestEmail: row.guestEmail,
      hostEmail: row.hostEmail,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      bookingStatus: row.bookingStatus,
      paymentMethod: row.paymentMethod,
      total: row.total,
      refundable: await refundableOf(deps.db, { ...row, id: row.bookingId, status: row.bookingStatus }),
    })),
  );
}
