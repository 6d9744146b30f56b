import type { MoveInDecisionBody, MoveInReport } from '../../../../core/contracts/move-in.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { moveInRefundAmount } from '../../../../core/move-in-rules.ts';
import { refreshHostFigures } from '../../../db/host-figures.ts';
import { claimDecision, endStay, refundableOf, reportById, stayOfReport } from '../move-in-repository.ts';
import { mailMoveIn } from '../move-in-mail.ts';
import type { BookingDeps } from './booking-deps.ts';
import { reportView } from './move-in-view.ts';
import { planMoveInRefund, sendMoveInRefund } from './send-move-in-refund.ts';

/**
 * An admin decides an open report (POST /api/admin/move-in-reports/:id/decision), once:
 *
 * - refund_all_and_end: the stay ends (confirmed → cancelled, its dates free) and everything the
 *   guest paid through us and has not had back is refunded; paid on arrival, nothing passed
 *   through us, so the host's fee for the stay is reversed instead;
 * - partial_refund: `amount` shekels back (1 up to what was paid through us), the stay goes on;
 * - release: nothing moves; the payout hold ends with the report.
 *
 * The booking's row is locked while the report is read and claimed (open → decided), so two admins
 * deciding at once apply one decision; the other is told it was decided. The refund is planned over
 * the stay's card charges in that transaction (decision 061: a long stay's months each have their
 * own PaymentIntent) and sent after it (send-move-in-refund.ts); a provider that fails leaves it
 * for the booking jobs. Guest and host are mailed the outcome.
 */
export async function decideMoveInReport(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'clock' | 'log' | 'siteUrl'>,
  adminId: string,
  reportId: string,
  body: MoveInDecisionBody,
): Promise<MoveInReport> {
  const now = deps.clock();
  const found = await reportById(deps.db, reportId);
  if (!found) throw new DomainError('move_in_report_not_found', 'No such report');
  const outcome = await deps.db.transaction(async (tx) => {
    await deps.repos.bookings.lockBookingState(tx, found.bookingId);
    const report = await reportById(tx, reportId);
    if (report?.status !== 'open') throw new DomainError('move_in_report_decided', 'This report has been decided');
    const stay = (await stayOfReport(tx, found.bookingId))!;
    const refund = moveInRefundAmount(body.decision, await refundableOf(tx, stay), body.amount);
    if (refund === null) throw new DomainError('move_in_refund_invalid', 'The refund must be from 1 up to what the guest paid through us');
    if (!(await claimDecision(tx, { reportId, decision: body.decision, refundAmount: refund, decidedBy: adminId, now })))
      throw new DomainError('move_in_report_decided', 'This report has been decided');
    const onArrival = stay.paymentMethod !== 'card';
    if (body.decision === 'refund_all_and_end' && (await endStay(tx, stay.id, adminId, onArrival, now))) {
      if (onArrival) await deps.repos.bookings.reverseOnArrivalFee(tx, stay.id, stay.hostId);
      // A long stay that ends is not charged for its months to come (as a cancellation, decision 054).
      await deps.repos.periods.cancelUnpaidPeriods(tx, stay.id);
      await refreshHostFigures(tx, [stay.hostId], now);
    }
    // The refund is split over the stay's card charges now, with the decision (decision 061): sent after the transaction.
    if (refund > 0 && !onArrival) {
      await planMoveInRefund(tx, deps, reportId, { bookingId: stay.id, amount: refund, total: stay.total, serviceFee: stay.serviceFee });
    }
    return { refund, onArrival };
  });
  if (outcome.refund > 0) {
    try {
      await sendMoveInRefund(deps, reportId);
    } catch (error) {
      deps.log.error({ err: error, reportId }, 'move-in refund left for the booking jobs');
    }
  }
  await mailMoveIn(deps.db, deps.log, deps.siteUrl, found.bookingId, {
    kind: 'decision',
    decision: body.decision,
    refund: outcome.refund,
    onArrival: outcome.onArrival,
  });
  return reportView(deps.db, (await reportById(deps.db, reportId))!);
}
