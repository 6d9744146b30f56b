import type { MoveInReport, MoveInReportBody } from '../../../../core/contracts/move-in.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { moveInReportRefusal } from '../../../../core/move-in-rules.ts';
import { bookingPayoutHeld, insertReport, reportById, stayOfReport } from '../move-in-repository.ts';
import { mailMoveIn } from '../move-in-mail.ts';
import type { BookingDeps } from './booking-deps.ts';
import { reportView } from './move-in-view.ts';

const refusals = {
  move_in_not_confirmed: 'Only a confirmed stay can be reported',
  move_in_window_closed: 'Move-in problems are reported in the first 24 hours after check-in',
  move_in_report_exists: 'This stay already has an open report',
} as const;

/**
 * The guest reports, in the first 24 hours of a confirmed stay, that the place is not as described or
 * that they could not get in (POST /api/bookings/:id/move-in-report; core/move-in-rules.ts). The
 * report opens, which holds the host's payout of the stay (server/db/move-in-hold-sql.ts); guest and
 * host are mailed. One open report per stay: two reports sent at once make one (the unique index).
 */
export async function reportMoveInProblem(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'log' | 'siteUrl'>,
  guestId: string,
  bookingId: string,
  body: MoveInReportBody,
): Promise<MoveInReport> {
  const now = deps.clock();
  const stay = await stayOfReport(deps.db, bookingId);
  // Only the guest reports; anyone else learns nothing of the stay.
  if (!stay || stay.guestId !== guestId) throw new DomainError('booking_not_found', 'No such booking');
  const hasOpenReport = await bookingPayoutHeld(deps.db, bookingId);
  const refusal = moveInReportRefusal({ status: stay.status, checkIn: stay.checkIn, checkInTime: stay.checkInTime, now, hasOpenReport });
  if (refusal) throw new DomainError(refusal, refusals[refusal]);
  const id = await insertReport(deps.db, { bookingId, guestId, reason: body.reason, description: body.description, now });
  if (!id) throw new DomainError('move_in_report_exists', refusals.move_in_report_exists);
  await mailMoveIn(deps.db, deps.log, deps.siteUrl, bookingId, { kind: 'report', reason: body.reason });
  return reportView(deps.db, (await reportById(deps.db, id))!);
}
