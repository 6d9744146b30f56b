import type { FastifyBaseLogger } from 'fastify';
import { localizePath, type Language } from '../../../core/languages.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentEvent, PaymentProvider } from '../../payments/payment-provider.ts';
import { mailBookingChange, mailsForNewBooking } from './booking-mail.ts';
import {
  abandonCheckout,
  applyPaymentEvent,
  cardPaymentOf,
  confirmInstantly,
  recordCapture,
  recordRefund,
  recordRelease,
  saveCheckoutSession,
  undoAcceptance,
  unsettledCardPayments,
} from './booking-payments-repository.ts';
import { checkoutMinutes, type PaymentFollowUp } from './bookings-repository.ts';

/**
 * A booking's card payment around its states (docs/decisions/024-payments.md). The provider is
 * called outside database transactions: the row moves first (a conditional UPDATE decides who
 * acts), then the provider is asked with an idempotency key of the booking, then the outcome is
 * recorded by another conditional UPDATE with the ledger's unique key. Whatever is left half done
 * (the provider unreachable, the process gone) the booking jobs finish (settle).
 */
export function createBookingPayments(options: { db: Database; provider: PaymentProvider; siteUrl: string; log: FastifyBaseLogger }) {
  const { db, provider, siteUrl, log } = options;
  const cards = provider.method === 'card';

  /** Card bookings exist but Stripe is not configured any more: nothing can move their money. */
  const unavailable = (bookingId: string) => {
    log.error({ bookingId }, 'a card booking needs Stripe, which is not configured (STRIPE_SECRET_KEY)');
    return new HttpError(503, 'payments_not_configured', 'Card payments are not configured');
  };

  async function capture(bookingId: string) {
    const payment = await cardPaymentOf(db, bookingId);
    if (!payment?.paymentIntentId) return;
    await provider.capture(bookingId, payment.paymentIntentId);
    await recordCapture(db, bookingId);
  }

  async function release(bookingId: string) {
    const payment = await cardPaymentOf(db, bookingId);
    if (!payment) return;
    await provider.release(bookingId, { paymentIntentId: payment.paymentIntentId, checkoutSessionId: payment.checkoutSessionId });
    await recordRelease(db, bookingId);
  }

  async function refund(bookingId: string) {
    const payment = await cardPaymentOf(db, bookingId);
    if (!payment?.paymentIntentId || payment.refunded <= 0) return;
    await provider.refund(bookingId, payment.paymentIntentId, payment.refunded);
    await recordRefund(db, bookingId);
  }

  /** A confirmed card stay is captured now; if the card cannot be charged the acceptance is undone. */
  async function captureOrUndo(bookingId: string) {
    try {
      await capture(bookingId);
    } catch (error) {
      log.warn({ err: error, bookingId }, 'capture failed: the request waits for the host again');
      await undoAcceptance(db, bookingId);
      throw new HttpError(502, 'payment_failed', "The guest's card could not be charged");
    }
  }

  return {
    method: provider.method,
    provider,

    /**
     * A new card stay's payment page: the guest comes back to My Bookings in the page's language
     * (links are built from PUBLIC_URL, never from a request's headers). A page that cannot be
     * opened withdraws the stay at once, freeing its dates.
     */
    async startCheckout(bookingId: string, language: Language): Promise<string> {
      const payment = await cardPaymentOf(db, bookingId);
      if (!payment) throw new HttpError(404, 'booking_not_found', 'No such booking');
      const back = (result: string) =>
        `${siteUrl}${localizePath('/my-bookings', language)}?payment=${result}&booking=${encodeURIComponent(bookingId)}`;
      try {
        const session = await provider.startCheckout({
          bookingId,
          amount: payment.total,
          description: `${payment.titleEn} · ${payment.checkIn} → ${payment.checkOut}`,
          customerEmail: payment.guestEmail,
          successUrl: back('success'),
          cancelUrl: back('cancelled'),
          expiresAt: new Date(Date.now() + checkoutMinutes * 60_000),
        });
        if (!session) throw new Error('the provider opened no payment page');
        await saveCheckoutSession(db, bookingId, session.sessionId);
        return session.url;
      } catch (error) {
        log.error({ err: error, bookingId }, 'checkout could not be opened: the stay is withdrawn');
        await abandonCheckout(db, bookingId);
        throw new HttpError(502, 'payment_failed', 'The payment page could not be opened');
      }
    },

    /** The payment page of a card stay still waiting for payment (a retried request gets it again). */
    async openCheckoutUrl(bookingId: string): Promise<string | undefined> {
      const payment = await cardPaymentOf(db, bookingId);
      if (!cards || !payment?.checkoutSessionId || payment.paymentStatus !== 'awaiting_payment') return undefined;
      return (await provider.checkoutUrl(payment.checkoutSessionId).catch(() => null)) ?? undefined;
    },

    /**
     * After a change: accepting captures (and fails the request, undoing the acceptance, when the
     * card cannot be charged); a release or a refund that fails is logged and finished by the jobs,
     * never a reason to undo a cancellation the guest or host asked for.
     */
    async followUp(bookingId: string, followUp: PaymentFollowUp) {
      if (!followUp) return;
      if (!cards) {
        if (followUp.kind === 'capture') {
          await undoAcceptance(db, bookingId);
          throw unavailable(bookingId);
        }
        log.error({ bookingId, followUp: followUp.kind }, 'a card booking needs Stripe, which is not configured: left for the jobs');
        return;
      }
      if (followUp.kind === 'capture') return captureOrUndo(bookingId);
      try {
        if (followUp.kind === 'release') await release(bookingId);
        else await refund(bookingId);
      } catch (error) {
        log.error({ err: error, bookingId, followUp: followUp.kind }, 'card payment left for the booking jobs');
      }
    },

    /** A verified webhook, once (payment_events), then what it asks of the provider. */
    async handleEvent(event: PaymentEvent): Promise<string> {
      const outcome = await applyPaymentEvent(db, event);
      if (outcome.kind === 'authorized') {
        if (outcome.instant) {
          // Booked instantly: confirmed and charged at once; if the charge fails it stays a request.
          const confirmed = await confirmInstantly(db, outcome.bookingId);
          if (confirmed) {
            try {
              await captureOrUndo(outcome.bookingId);
            } catch {
              // Logged by captureOrUndo; the host can still accept the request.
            }
          }
          const captured = (await cardPaymentOf(db, outcome.bookingId))?.paymentStatus === 'captured';
          await mailBookingChange(db, log, siteUrl, outcome.bookingId, mailsForNewBooking(captured));
        } else {
          await mailBookingChange(db, log, siteUrl, outcome.bookingId, mailsForNewBooking(false));
        }
      } else if (outcome.kind === 'release') {
        await release(outcome.bookingId).catch((error: unknown) =>
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
        void recordSecurityEvent(db, log, {
          userId: null,
          eventType: 'PAYMENT_REFUSED',
          description: JSON.stringify(facts).slice(0, 1000),
        });
        // A hold taken through our own checkout for the wrong amount is let go (the stay is not booked:
        // it lapses with its checkout); if Stripe cannot be reached now, the stay's release retries it.
        const hold = outcome.release;
        if (hold) {
          await provider
            .release(hold.bookingId, { paymentIntentId: hold.paymentIntentId, checkoutSessionId: null })
            .catch((error: unknown) => log.error({ err: error, bookingId: hold.bookingId }, 'refused hold left for the booking jobs'));
        }
      }
      return outcome.kind;
    },

    /** The booking jobs' part: finish what was left half done. */
    async settle(now = new Date()) {
      if (!cards) return 0;
      let done = 0;
      for (const { id, action } of await unsettledCardPayments(db, now)) {
        try {
          if (action === 'capture') await capture(id);
          else if (action === 'release') await release(id);
          else await refund(id);
          done += 1;
        } catch (error) {
          log.warn({ err: error, bookingId: id, action }, 'card payment still unsettled');
        }
      }
      return done;
    },
  };
}

export type BookingPayments = ReturnType<typeof createBookingPayments>;
