import { moveInRefundShares } from '../../../../core/move-in-rules.ts';
import type { Executor } from '../../../db/database.ts';
import { recordReportRefund, refundToSend, unsentRefunds } from '../move-in-repository.ts';
import { refundKeys } from '../refund-parts-repository.ts';
import type { BookingDeps } from './booking-deps.ts';
import { planRefund, sendRefund } from './split-refund.ts';

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'clock' | 'log'>;

/**
 * Plans a decided move-in refund over the stay's card charges (split-refund.ts), in `tx`: under the
 * report's own key (refund-move-in-<report>, never the cancellation's refund-<authorization>), the
 * platform giving back its fee in proportion (core/move-in-rules.ts moveInRefundShares).
 */
export async function planMoveInRefund(
  tx: Executor,
  deps: Pick<BookingDeps, 'repos'>,
  reportId: string,
  refund: { bookingId: string; amount: number; total: number; serviceFee: number },
) {
  await planRefund(tx, deps, {
    bookingId: refund.bookingId,
    refundKey: refundKeys.moveIn(reportId),
    amount: refund.amount,
    serviceFee: moveInRefundShares(refund.amount, refund.total, refund.serviceFee).fromFee,
  });
}

/**
 * Sends a decided move-in refund to the guest's card and records it (docs/decisions/056): planned in
 * the deciding transaction (a report decided before refunds were split is planned now), its parts
 * are sent outside any transaction, each under its own key, and recorded with their refund rows and
 * balanced ledger movements; then the report's refund, the booking's refunded amount and payment
 * status are written once (move-in-repository.ts recordReportRefund). A retry after a crash or an
 * unreachable provider sends the parts not recorded yet under the same keys, which Stripe answers
 * with the refunds it made. True when this call recorded it.
 */
export async function sendMoveInRefund(deps: Deps, reportId: string): Promise<boolean> {
  const refund = await refundToSend(deps.db, reportId);
  if (!refund) return false;
  if (deps.provider.method !== 'card') {
    deps.log.error({ reportId }, 'a move-in refund needs Stripe, which is not configured: left for the jobs');
    return false;
  }
  const refundKey = refundKeys.moveIn(reportId);
  if ((await deps.repos.refundParts.partsOf(deps.db, refundKey)).length === 0) {
    await deps.db.transaction((tx) => planMoveInRefund(tx, deps, reportId, refund));
  }
  if (!(await sendRefund(deps, refundKey, `move-in report ${reportId}`))) return false;
  return recordReportRefund(deps.db, { reportId, now: deps.clock() });
}

/** For the booking jobs: decided refunds the provider did not take yet are sent again. Returns how many were recorded. */
export async function sendUnsentMoveInRefunds(deps: Deps): Promise<number> {
  let sent = 0;
  for (const { id } of await unsentRefunds(deps.db)) {
    try {
      if (await sendMoveInRefund(deps, id)) sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, reportId: id }, 'move-in refund still unsent');
    }
  }
  return sent;
}
