import { stayCurrency } from '../../../../core/quote.ts';
import type { Executor } from '../../../db/database.ts';
import type { PaymentEvent } from '../../../payments/payment-provider.ts';
import type { BookingDeps } from './booking-deps.ts';

/*
 * The Checkout of an accepted extension's difference (decision 058): a `charge` payment row of the
 * booking, never its authorization, so the stay's own capture, refunds and cancellation read what
 * they always read. Its webhook holds the card; the hold is captured at once and the money posted
 * to the ledger (capture:<charge>), split between the host and the platform as the change's price says.
 */

export type ChargeOutcome =
  | { kind: 'change_charge_held'; chargeId: string; bookingId: string; hostId: string; amount: number; paymentIntentId: string }
  | { kind: 'change_charge_expired' }
  /** A page paid after its change lapsed (decision 062): the card is held, and the hold is let go. */
  | { kind: 'change_charge_late'; chargeId: string; bookingId: string; paymentIntentId: string }
  | { kind: 'ignored' }
  | {
      kind: 'refused';
      reason: 'amount_mismatch';
      bookingId: string | null;
      release: { bookingId: string; paymentId: string; paymentIntentId: string } | null;
    };

/** The event's effect on a change's charge, in the webhook's transaction; undefined when the session is not a charge's. */
export async function recordChargeEvent(
  deps: Pick<BookingDeps, 'repos'>,
  tx: Executor,
  event: PaymentEvent,
): Promise<ChargeOutcome | undefined> {
  if (!event.checkoutSessionId) return undefined;
  const charge = await deps.repos.stayChanges.lockChargeOfSession(tx, event.checkoutSessionId);
  if (!charge?.bookingId) return undefined;
  if (event.type === 'checkout_completed') {
    // Paid after its change lapsed (the page's last moments, or a webhook late): held, then let go;
    // whatever its amount, nothing is taken (the charge's Checkout holds with manual capture).
    if (
      charge.status === 'released' &&
      event.paymentIntentId &&
      (await deps.repos.unpaidChanges.holdLateCharge(tx, charge.id, event.paymentIntentId))
    ) {
      return { kind: 'change_charge_late', chargeId: charge.id, bookingId: charge.bookingId, paymentIntentId: event.paymentIntentId };
    }
    if (event.amount !== charge.amount || event.currency !== stayCurrency) {
      const release = event.paymentIntentId
        ? { bookingId: charge.bookingId, paymentId: charge.id, paymentIntentId: event.paymentIntentId }
        : null;
      return { kind: 'refused', reason: 'amount_mismatch', bookingId: charge.bookingId, release };
    }
    if (
      !event.paymentIntentId ||
      !(await deps.repos.stayChanges.moveCharge(tx, charge.id, 'awaiting_payment', 'authorized', event.paymentIntentId))
    ) {
      return { kind: 'ignored' };
    }
    return {
      kind: 'change_charge_held',
      chargeId: charge.id,
      bookingId: charge.bookingId,
      hostId: charge.hostId,
      amount: charge.amount,
      paymentIntentId: event.paymentIntentId,
    };
  }
  return (await deps.repos.stayChanges.moveCharge(tx, charge.id, 'awaiting_payment', 'released', null))
    ? { kind: 'change_charge_expired' }
    : { kind: 'ignored' };
}

/** Captures a held difference (Stripe key capture-<charge>) and records it once in the ledger. */
export async function captureChangeCharge(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'log'>,
  held: Extract<ChargeOutcome, { kind: 'change_charge_held' }>,
) {
  try {
    await deps.provider.capture(held.chargeId, held.paymentIntentId);
    const serviceFee = await deps.repos.stayChanges.chargeServiceFeeOf(deps.db, held.chargeId);
    await deps.db.transaction((tx) =>
      deps.repos.stayChanges.recordChangeChargeCaptured(tx, {
        id: held.chargeId,
        bookingId: held.bookingId,
        hostId: held.hostId,
        amount: held.amount,
        serviceFee,
        paymentIntentId: held.paymentIntentId,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, chargeId: held.chargeId }, 'the difference of a stay change could not be captured');
  }
}
