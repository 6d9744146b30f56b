import { DomainError } from '../../../../core/domain-error.ts';
import { feesOfParts, planRefundSplit, remainingOf } from '../../../../core/refund-split.ts';
import type { Executor } from '../../../db/database.ts';
import type { RefundPartRow } from '../refund-parts-repository.ts';
import type { BookingDeps } from './booking-deps.ts';

/*
 * A refund sent back to the guest's card in parts, one per card charge of the stay (issue 37,
 * decision 061): a long stay paid by card has a PaymentIntent per month, and the provider gives back
 * at most what one PaymentIntent took less what it already gave back. Every refund goes this way (a
 * cancellation, a move-in decision, a shortened stay); a stay paid at once has one charge, so its
 * refund is one part, sent as before.
 *
 * 1. Planned once, in the transaction that decides the refund, under the booking's row lock
 *    (planRefund): core/refund-split.ts splits it over the charges, newest first, each part at most
 *    what remains on its charge; the parts are written as refund rows, 'processing'. A refund larger
 *    than everything the charges can still give back is refused (refund_exceeds_refundable), and the
 *    decision with it.
 * 2. Sent after the transaction (sendRefund): each part not yet recorded, under its own key, then
 *    recorded with its ledger movement. A retry (the booking jobs, a repeated call) reads the same
 *    rows and sends the same parts under the same keys, which the provider answers with the refunds
 *    it made: nothing is sent back twice.
 */

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'provider'>;

export interface RefundToPlan {
  bookingId: string;
  /** The refund's own key (refund-parts-repository.ts refundKeys): its parts share it, and their keys come from it. */
  refundKey: string;
  /** Whole shekels back to the card. */
  amount: number;
  /** The platform's fee within `amount`; the host gives back the rest. */
  serviceFee: number;
}

/**
 * The provider's Idempotency-Key of a part: a refund in one part keeps the refund's own key (the
 * very call a release before the split made, so a refund retried across the deploy is still one
 * refund at Stripe, which refuses a key repeated with other amounts); a refund in several parts gets
 * one key per part, the refund's key and the charge's row.
 */
export function partKey(refundKey: string, chargeId: string, parts: number): string {
  return parts === 1 ? refundKey : `${refundKey}-${chargeId}`;
}

/**
 * Plans a refund in `tx` (locking the booking's row), once: a refund already planned keeps its parts,
 * whatever was refunded since. Returns the parts. Throws refund_exceeds_refundable, writing nothing,
 * when the stay's card charges cannot give back that much.
 */
export async function planRefund(tx: Executor, deps: Pick<BookingDeps, 'repos'>, refund: RefundToPlan): Promise<RefundPartRow[]> {
  const { repos } = deps;
  await repos.bookings.lockBookingState(tx, refund.bookingId);
  const planned = await repos.refundParts.partsOf(tx, refund.refundKey);
  if (planned.length > 0 || refund.amount <= 0) return planned;
  const charges = await repos.refundParts.refundableCharges(tx, refund.bookingId);
  const parts = planRefundSplit(charges, refund.amount);
  if (!parts) {
    const left = charges.reduce((sum, charge) => sum + remainingOf(charge), 0);
    throw new DomainError(
      'refund_exceeds_refundable',
      `A refund of ₪${refund.amount} is more than the stay's card payments can still give back (₪${left})`,
    );
  }
  const fees = feesOfParts(parts, refund.serviceFee);
  const intents = new Map(charges.map((charge) => [charge.id, charge.paymentIntentId]));
  await repos.refundParts.insertParts(tx, {
    bookingId: refund.bookingId,
    refundKey: refund.refundKey,
    parts: parts.map((part, index) => ({
      chargeId: part.chargeId,
      paymentIntentId: intents.get(part.chargeId)!,
      amount: part.amount,
      serviceFee: fees[index]!,
      idempotencyKey: partKey(refund.refundKey, part.chargeId, parts.length),
    })),
  });
  return repos.refundParts.partsOf(tx, refund.refundKey);
}

/**
 * Sends a planned refund's parts that are not recorded yet, in order, each under its own key, and
 * records each as the provider takes it (refund-parts-repository.ts recordPartRefunded). True when
 * every part is recorded; false when nothing was planned under `refundKey`. A provider that fails
 * throws: the parts it took stay recorded, the others are sent by the next try.
 */
export async function sendRefund(deps: Deps, refundKey: string, memo: string | null = null): Promise<boolean> {
  const parts = await deps.repos.refundParts.partsOf(deps.db, refundKey);
  if (parts.length === 0) return false;
  for (const part of parts) {
    if (part.status === 'succeeded') continue;
    await deps.provider.refund(part.idempotencyKey, part.paymentIntentId, part.amount);
    await deps.db.transaction((tx) => deps.repos.refundParts.recordPartRefunded(tx, part.id, memo));
  }
  return true;
}
