import { DomainError } from '../../../../core/domain-error.ts';
import { localizePath, type Language } from '../../../../core/languages.ts';
import type { BookingDeps } from './booking-deps.ts';

/** How long a card stay holds its dates while the guest is on the payment page (Stripe allows 30 min to 24 h). */
export const checkoutMinutes = 31;

/**
 * A guest pays for a new card stay: its payment page (Stripe Checkout, holding the total on the
 * card). The guest comes back to My Bookings in the page's language (links are built from
 * PUBLIC_URL, never from a request's headers). A page that cannot be opened withdraws the stay at
 * once, freeing its dates. What the payment then does is the webhook's (apply-payment-event.ts).
 */
export async function startCheckout(deps: BookingDeps, bookingId: string, language: Language): Promise<string> {
  const { db, repos, provider, log, siteUrl } = deps;
  const payment = await repos.payments.cardPaymentOf(db, bookingId);
  if (!payment) throw new DomainError('booking_not_found', 'No such booking');
  // The payment is a row of its own before the provider hears of it: its id keys the provider's calls (decision 053).
  const long = Boolean(payment.quote?.schedule?.length);
  const paymentId = await repos.paymentRows.insertAuthorization(db, bookingId, payment.amountNow);
  const back = (result: string) =>
    `${siteUrl}${localizePath('/my-bookings', language)}?payment=${result}&booking=${encodeURIComponent(bookingId)}`;
  try {
    // A long stay's Checkout takes its first period and saves the card on the guest's Customer for the later ones.
    let saveCardFor: string | undefined;
    if (long && provider.ensureCustomer) {
      saveCardFor =
        (await repos.periods.customerOf(db, payment.guestId)) ?? (await provider.ensureCustomer(payment.guestId, payment.guestEmail));
      await repos.periods.saveCustomer(db, payment.guestId, saveCardFor);
    }
    const session = await provider.startCheckout({
      bookingId,
      paymentId,
      amount: payment.amountNow,
      ...(saveCardFor ? { saveCardFor } : {}),
      description: `${payment.titleEn} · ${payment.checkIn} → ${payment.checkOut}`,
      customerEmail: payment.guestEmail,
      successUrl: back('success'),
      cancelUrl: back('cancelled'),
      expiresAt: new Date(deps.clock().getTime() + checkoutMinutes * 60_000),
    });
    if (!session) throw new Error('the provider opened no payment page');
    await repos.payments.saveCheckoutSession(db, bookingId, paymentId, session.sessionId);
    return session.url;
  } catch (error) {
    log.error({ err: error, bookingId }, 'checkout could not be opened: the stay is withdrawn');
    await repos.payments.abandonCheckout(db, bookingId);
    throw new DomainError('payment_failed', 'The payment page could not be opened');
  }
}

/** The payment page of a card stay still waiting for payment (a retried request gets it again). */
export async function openCheckoutUrl(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'provider'>,
  bookingId: string,
): Promise<string | undefined> {
  const payment = await deps.repos.payments.cardPaymentOf(deps.db, bookingId);
  if (deps.provider.method !== 'card' || !payment?.checkoutSessionId || payment.paymentStatus !== 'awaiting_payment') return undefined;
  return (await deps.provider.checkoutUrl(payment.checkoutSessionId).catch(() => null)) ?? undefined;
}
