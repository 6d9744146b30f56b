import { moveInRefundShares } from '../../../../core/move-in-rules.ts';
import { recordReportRefund, refundToSend, unsentRefunds } from '../move-in-repository.ts';
import type { BookingDeps } from './booking-deps.ts';

type Deps = Pick<BookingDeps, 'db' | 'provider' | 'clock' | 'log'>;

/**
 * Sends a decided move-in refund to the guest's card and records it (docs/decisions/056): the
 * provider is called outside any transaction with the report's own idempotency key
 * (refund-move-in-<report> at Stripe, never the cancellation's refund-<authorization>), then the
 * payments row, the balanced ledger refund and the booking's refunded amount are written once
 * (move-in-repository.ts recordReportRefund). A retry after a crash or an unreachable provider
 * repeats the same call, which Stripe answers with the same refund. True when this call recorded it.
 */
export async function sendMoveInRefund(deps: Deps, reportId: string): Promise<boolean> {
  const refund = await refundToSend(deps.db, reportId);
  if (!refund) return false;
  if (deps.provider.method !== 'card') {
    deps.log.error({ reportId }, 'a move-in refund needs Stripe, which is not configured: left for the jobs');
    return false;
  }
  await deps.provider.refund(`move-in-${reportId}`, refund.paymentIntentId, refund.amount);
  return recordReportRefund(deps.db, { reportId, shares: moveInRefundShares, now: deps.clock() });
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
