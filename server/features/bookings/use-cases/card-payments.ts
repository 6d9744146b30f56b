import { DomainError } from '../../../../core/domain-error.ts';
import type { Executor } from '../../../db/database.ts';
import { refundKeys } from '../refund-parts-repository.ts';
import type { BookingDeps } from './booking-deps.ts';
import { planRefund, sendRefund } from './split-refund.ts';

/*
 * The card moves the booking use cases share (docs/decisions/024-payments.md): the provider is called
 * outside database transactions. The row moves first (a conditional UPDATE decides who acts), then the
 * provider is asked with an idempotency key, then the outcome is recorded by another conditional
 * UPDATE with the ledger's unique key. Whatever is left half done (the provider unreachable, the
 * process gone) the booking jobs finish (settle-card-payments.ts).
 */

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'log'>;

/** Takes the money held for a confirmed stay and records the capture. */
export async function captureHeld(deps: Deps, bookingId: string) {
  const payment = await deps.repos.payments.cardPaymentOf(deps.db, bookingId);
  if (!payment?.paymentId || !payment.paymentIntentId) return;
  await deps.provider.capture(payment.paymentId, payment.paymentIntentId);
  await deps.repos.payments.recordCapture(deps.db, bookingId);
}

/** Lets go of the hold (or the open checkout) of a stay that will not happen. */
export async function releaseHold(deps: Deps, bookingId: string) {
  const payment = await deps.repos.payments.cardPaymentOf(deps.db, bookingId);
  if (!payment) return;
  // A card stay whose payment page was never opened has no authorization: its booking's id keys the call, as before the payments table.
  await deps.provider.release(payment.paymentId ?? bookingId, {
    paymentIntentId: payment.paymentIntentId,
    checkoutSessionId: payment.checkoutSessionId,
  });
  await deps.repos.payments.recordRelease(deps.db, bookingId);
}

/**
 * Plans a cancelled card stay's refund in the cancelling transaction `tx` (split-refund.ts): what
 * its policy gives back now (`refund`, of which `refundServiceFee` is the platform's), over the
 * stay's card charges under the key its authorization gives (refund-<authorization>).
 */
export async function planCancellationRefund(
  tx: Executor,
  deps: Pick<BookingDeps, 'repos'>,
  bookingId: string,
  refund: { refund: number; refundServiceFee: number },
) {
  const authorization = await deps.repos.paymentRows.authorizationOf(tx, bookingId);
  if (!authorization || refund.refund <= 0) return;
  await planRefund(tx, deps, {
    bookingId,
    refundKey: refundKeys.cancellation(authorization.id),
    amount: refund.refund,
    serviceFee: refund.refundServiceFee,
  });
}

/**
 * Sends a cancelled stay's refund back, part by part, and once every part is recorded moves the
 * stay's payment to refunded or partially refunded. A stay cancelled by a release before refunds
 * were split has no parts yet: they are planned now from what its cancellation promised.
 */
export async function refundCancelled(deps: Deps, bookingId: string) {
  const payment = await deps.repos.payments.cardPaymentOf(deps.db, bookingId);
  if (!payment?.paymentId || payment.refunded <= 0) return;
  const refundKey = refundKeys.cancellation(payment.paymentId);
  if ((await deps.repos.refundParts.partsOf(deps.db, refundKey)).length === 0) {
    await deps.db.transaction(async (tx) => {
      const promised = await deps.repos.payments.promisedRefund(tx, bookingId);
      if (promised) await planRefund(tx, deps, { bookingId, refundKey, ...promised });
    });
  }
  if (await sendRefund(deps, refundKey)) await deps.repos.payments.recordRefund(deps.db, bookingId);
}

/** A confirmed card stay is captured now; if the card cannot be charged the acceptance is undone. */
export async function captureOrUndo(deps: Deps, bookingId: string) {
  try {
    await captureHeld(deps, bookingId);
  } catch (error) {
    deps.log.warn({ err: error, bookingId }, 'capture failed: the request waits for the host again');
    await deps.repos.payments.undoAcceptance(deps.db, bookingId);
    throw new DomainError('payment_failed', "The guest's card could not be charged");
  }
}

/** Card bookings exist but Stripe is not configured any more: nothing can move their money. */
export function paymentsUnavailable(deps: Pick<BookingDeps, 'log'>, bookingId: string) {
  deps.log.error({ bookingId }, 'a card booking needs Stripe, which is not configured (STRIPE_SECRET_KEY)');
  return new DomainError('payments_not_configured', 'Card payments are not configured');
}
