import { stayCurrency } from '../../../../core/quote.ts';
import { recordSecurityEvent } from '../../../audit/security-events-repository.ts';
import type { Executor } from '../../../db/database.ts';
import type { PaymentEvent } from '../../../payments/payment-provider.ts';
import { mailsForNewBooking } from '../booking-mail.ts';
import type { BookingDeps } from './booking-deps.ts';
import { captureOrUndo, releaseHold } from './card-payments.ts';
import { captureChangeCharge, recordChargeEvent, type ChargeOutcome } from './stay-change-charge.ts';
import { releaseLateChangeCharge } from './unpaid-stay-changes.ts';

export type RefusalReason = 'unknown_session' | 'booking_mismatch' | 'amount_mismatch';

export type EventOutcome =
  | { kind: 'replayed' }
  /** The Checkout of an accepted stay change's difference (stay-change-charge.ts, decision 058). */
  | Exclude<ChargeOutcome, { kind: 'ignored' | 'refused' }>
  | { kind: 'ignored' }
  /** The card is held for a request: the host answers it, or (instant) it is confirmed and captured at once. */
  | { kind: 'authorized'; bookingId: string; instant: boolean }
  /** The card was held for a stay that had already ended (withdrawn, expired, declined): let it go. */
  | { kind: 'release'; bookingId: string }
  | { kind: 'expired'; bookingId: string }
  /** A period's pay-now Checkout took its amount: the period is paid. */
  | { kind: 'period_paid'; bookingId: string }
  /**
   * Not a checkout we opened, or not the money we asked for: nothing changes, it is logged and
   * recorded as a security event. A hold made through our own session for the wrong amount or
   * currency (`release`) is let go: the guest must not be charged for a stay that is not booked.
   */
  | {
      kind: 'refused';
      reason: RefusalReason;
      bookingId: string | null;
      release: { bookingId: string; paymentId: string; paymentIntentId: string } | null;
    };

/**
 * A provider's webhook, once: the event's id goes into payment_events in the same transaction as
 * the booking's change, so a replayed event finds its id there and changes nothing.
 *
 * Only a checkout we opened moves a booking: the booking is found by the checkout session id stored
 * when its payment page was opened, never by an id the event names (anyone who can make a session on
 * the account, a Payment Link's payer included, can name any booking). The metadata's booking must be
 * that same booking, and a completed checkout must have taken the booking's total in shekels:
 * anything else is refused (docs/decisions/033-payment-integrity.md).
 */
export async function recordPaymentEvent(deps: Pick<BookingDeps, 'db' | 'repos' | 'clock'>, event: PaymentEvent): Promise<EventOutcome> {
  const { repos } = deps;
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!(await repos.payments.recordEventOnce(tx, event))) return { kind: 'replayed' };
    if (event.type === 'ignored') return { kind: 'ignored' };
    const charge = await recordChargeEvent(deps, tx, event);
    if (charge) return charge;
    // A pay-now Checkout of one period of a long stay (decision 054): found by its stored session too.
    const period = event.checkoutSessionId ? await repos.periods.periodOfSession(tx, event.checkoutSessionId) : undefined;
    if (period) return applyPeriodCheckout(tx, deps, period, event);
    const named = event.bookingId && /^[0-9a-f-]{36}$/i.test(event.bookingId) ? event.bookingId : null;
    const booking = event.checkoutSessionId ? await repos.payments.lockBookingOfSession(tx, event.checkoutSessionId) : undefined;
    if (!booking) return { kind: 'refused', reason: 'unknown_session', bookingId: named, release: null };
    if (event.bookingId !== null && event.bookingId !== booking.id) {
      return { kind: 'refused', reason: 'booking_mismatch', bookingId: booking.id, release: null };
    }
    const bookingId = booking.id;

    if (event.type === 'checkout_completed') {
      if (event.amount !== booking.asked || event.currency !== stayCurrency) {
        const release = event.paymentIntentId ? { bookingId, paymentId: booking.paymentId, paymentIntentId: event.paymentIntentId } : null;
        return { kind: 'refused', reason: 'amount_mismatch', bookingId, release };
      }
      // The card is held. A request waits for the host from now on; a stay withdrawn, declined or
      // expired while the guest was paying keeps its state, and its hold is released next. That
      // includes a stay already marked released before this event came (released by a version that
      // could not see the hold): it is authorized again so that the jobs retry until it is let go.
      const ended = booking.status === 'cancelled' || booking.status === 'expired' || booking.status === 'declined';
      const waiting =
        booking.paymentStatus === 'awaiting_payment' || (ended && booking.paymentStatus === 'released' && booking.paymentIntentId === null);
      if (!waiting) return { kind: 'ignored' };
      const held = await repos.payments.markAuthorized(tx, bookingId, event.paymentIntentId, now);
      if (!held) return { kind: 'ignored' };
      if (held.status !== 'pending') return { kind: 'release', bookingId };
      // The same rule as when the stay was asked for (core/booking-action.ts booksInstantly).
      return { kind: 'authorized', bookingId, instant: held.instantBooking && held.guestVerified };
    }

    // checkout_expired: nobody paid; nothing is held any more.
    return (await repos.payments.markCheckoutExpired(tx, bookingId, now)) ? { kind: 'expired', bookingId } : { kind: 'ignored' };
  });
}

/**
 * A period's pay-now Checkout: a completed one that took the period's amount in shekels, for the
 * booking it names, pays it (recordPeriodPaid: capture:<period> in the ledger, once); anything else
 * changes nothing (an expired page: the guest may open another).
 */
async function applyPeriodCheckout(
  tx: Executor,
  deps: Pick<BookingDeps, 'repos'>,
  periodId: string,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const period = await deps.repos.periods.periodById(tx, periodId);
  if (!period) return { kind: 'ignored' };
  if (event.bookingId !== null && event.bookingId !== period.bookingId) {
    return { kind: 'refused', reason: 'booking_mismatch', bookingId: period.bookingId, release: null };
  }
  if (event.type !== 'checkout_completed') return { kind: 'ignored' };
  if (event.amount !== period.amount || event.currency !== stayCurrency) {
    return { kind: 'refused', reason: 'amount_mismatch', bookingId: period.bookingId, release: null };
  }
  const paid = await deps.repos.periods.recordPeriodPaid(tx, periodId, event.paymentIntentId);
  return paid ? { kind: 'period_paid', bookingId: period.bookingId } : { kind: 'ignored' };
}

/**
 * The webhook's effect (POST /api/payments/stripe/webhook, verified by the payments feature): the
 * event is recorded once with the booking's change, then what it asks of the provider and the
 * people. A held card makes a request the host is mailed about; booked instantly, the stay is
 * confirmed and charged at once (if the charge fails it stays a request). A hold for a stay that
 * ended is let go. A refused event is logged and recorded as a security event, and a hold taken
 * through our own checkout for the wrong amount is let go. Returns the outcome's kind.
 */
export async function applyPaymentEvent(deps: BookingDeps, event: PaymentEvent): Promise<string> {
  const { db, log, repos, provider } = deps;
  const outcome = await recordPaymentEvent(deps, event);
  // A long stay's first Checkout saved the card: kept for the later periods' off-session charges.
  if (outcome.kind === 'authorized' && event.paymentIntentId && provider.savedCardOf) {
    const intentId = event.paymentIntentId;
    const bookingId = outcome.bookingId;
    if (await repos.periods.hasPeriods(db, bookingId)) {
      const card = await provider.savedCardOf(intentId).catch((error: unknown) => {
        log.error({ err: error, bookingId }, 'the saved card could not be read: later periods fail until paid now');
        return null;
      });
      if (card) await repos.periods.saveCardOfBooking(db, bookingId, card);
    }
  }
  if (outcome.kind === 'authorized') {
    if (outcome.instant) {
      const confirmed = await repos.payments.confirmInstantly(db, outcome.bookingId, deps.clock());
      if (confirmed) {
        try {
          await captureOrUndo(deps, outcome.bookingId);
        } catch {
          // Logged by captureOrUndo; the host can still accept the request.
        }
      }
      const captured = (await repos.payments.cardPaymentOf(db, outcome.bookingId))?.paymentStatus === 'captured';
      await deps.mail(outcome.bookingId, mailsForNewBooking(captured));
    } else {
      await deps.mail(outcome.bookingId, mailsForNewBooking(false));
    }
  } else if (outcome.kind === 'change_charge_held') {
    await captureChangeCharge(deps, outcome);
  } else if (outcome.kind === 'change_charge_late') {
    await releaseLateChangeCharge(deps, outcome);
  } else if (outcome.kind === 'release') {
    await releaseHold(deps, outcome.bookingId).catch((error: unknown) =>
      log.error({ err: error, bookingId: outcome.bookingId }, 'release left for the booking jobs'),
    );
  } else if (outcome.kind === 'refused') {
    const facts = {
      eventId: event.id,
      type: event.providerType,
      reason: outcome.reason,
      checkoutSessionId: event.checkoutSessionId,
      bookingId: outcome.bookingId,
      named: event.bookingId,
      reference: event.reference,
      amount: event.amount,
      currency: event.currency,
    };
    log.warn(facts, 'payment event refused: not a checkout we opened, or not the amount we asked for');
    void recordSecurityEvent(db, log, { userId: null, eventType: 'PAYMENT_REFUSED', description: JSON.stringify(facts).slice(0, 1000) });
    // The stay is not booked (it lapses with its checkout); if Stripe cannot be reached now, the stay's release retries it.
    const hold = outcome.release;
    if (hold) {
      await provider
        .release(hold.paymentId, { paymentIntentId: hold.paymentIntentId, checkoutSessionId: null })
        .catch((error: unknown) => log.error({ err: error, bookingId: hold.bookingId }, 'refused hold left for the booking jobs'));
    }
  }
  return outcome.kind;
}
