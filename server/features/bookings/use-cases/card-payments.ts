import { DomainError } from '../../../../core/domain-error.ts';
import type { BookingDeps } from './booking-deps.ts';

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

/** Sends a cancelled stay's refund back and records it. */
export async function refundCancelled(deps: Deps, bookingId: string) {
  const payment = await deps.repos.payments.cardPaymentOf(deps.db, bookingId);
  if (!payment?.paymentId || !payment.paymentIntentId || payment.refunded <= 0) return;
  await deps.provider.refund(payment.paymentId, payment.paymentIntentId, payment.refunded);
  await deps.repos.payments.recordRefund(deps.db, bookingId);
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
