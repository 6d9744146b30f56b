import type { PaymentMethod } from '../../core/payment-states.ts';

/**
 * How stays are paid (docs/decisions/024-payments.md). Shared by the bookings feature, which moves a
 * booking's money with its state, and the payments feature, which builds the providers and reads
 * the card provider's webhooks (as server/storage/storage.ts is shared by the features that store
 * files). Amounts are whole shekels; a provider converts them to its own units.
 *
 * Every call that moves money names the payment it moves (a row of the payments table, decision
 * 053: the authorization being held, captured or released; a refund's part, decision 061), and the
 * provider makes it idempotent per payment (Stripe: an Idempotency-Key of checkout-, capture-,
 * release-<payment>, and each refund part's own key): a call repeated after a crash or a lost answer
 * does nothing more. Payments moved over from before the table have their booking's id, so the keys
 * they were first called with stay theirs.
 */
export interface PaymentProvider {
  /** The method new bookings get: 'on_arrival' without configuration, 'card' with Stripe. */
  readonly method: PaymentMethod;
  /** A hosted payment page that authorizes (holds) `amount` on the guest's card; null when nothing is paid now. */
  startCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string } | null>;
  /** The address of a checkout still open, for a retried request (null when it is gone). */
  checkoutUrl(sessionId: string): Promise<string | null>;
  /** Takes the money held by an authorization. */
  capture(paymentId: string, paymentIntentId: string): Promise<void>;
  /**
   * Lets go of a hold (or closes a checkout nobody finished): nothing is taken. Without the hold's id
   * (its webhook not processed yet) a checkout the guest already paid has its hold cancelled too.
   */
  release(paymentId: string, payment: { paymentIntentId: string | null; checkoutSessionId: string | null }): Promise<void>;
  /**
   * Sends `amount` shekels of one charge (its PaymentIntent) back to the guest, once per
   * `idempotencyKey`: the refund part's own key (refund-<…>, decision 061), which a retry repeats.
   */
  refund(idempotencyKey: string, paymentIntentId: string, amount: number): Promise<void>;
  /** Reads a webhook after checking its signature; throws PaymentSignatureError when it is not genuine. */
  readEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /**
   * Long stays (decision 054). The guest's customer at the provider (Stripe: a Customer, made once
   * per guest under the key customer-<user>); null when the provider keeps none.
   */
  ensureCustomer?(userId: string, email: string): Promise<string>;
  /** The card a completed payment saved for later (Stripe: the PaymentIntent's payment_method). */
  savedCardOf?(paymentIntentId: string): Promise<string | null>;
  /** Charges a saved card now, without the guest (off-session), once per key. */
  chargeSaved?(request: OffSessionCharge): Promise<OffSessionResult>;
  /**
   * What became of an off-session charge whose result we never recorded (a crash between the call
   * and our database, decision 062): the payment the provider holds for the period, found by the
   * metadata chargeSaved sets. A success of any try wins (the period was paid); otherwise the
   * refusal of try `attempt`; `pending` while the provider is still working on it; null when no
   * such try reached the provider.
   */
  findOffSessionCharge?(request: OffSessionLookup): Promise<OffSessionResult | { outcome: 'pending'; paymentIntentId: string } | null>;
  /**
   * Closes a Checkout nobody paid so that it can no longer be paid (Stripe: expire), once per
   * payment: 'expired' (now or before), or 'complete' when the guest paid it first and its webhook
   * is on its way. Unlike release, a paid page's hold is left alone.
   */
  closeCheckout?(paymentId: string, sessionId: string): Promise<'expired' | 'complete'>;
}

export interface OffSessionLookup {
  /** The period row (the charge's metadata paymentId). */
  paymentId: string;
  /** The try whose refusal counts (metadata attempt). */
  attempt: number;
  /** The guest's customer at the provider: the payments are listed per customer. */
  customerId: string;
  /** No try of this period was made before this moment (its due day). */
  since: Date;
}

export interface OffSessionCharge {
  bookingId: string;
  /** The period row; with the attempt it makes the idempotency key (period-<id>-<attempt>). */
  paymentId: string;
  attempt: number;
  amount: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
}

/** What an off-session charge did: paid, or refused (declined, or the bank wants the guest: authentication_required). */
export type OffSessionResult =
  | { outcome: 'succeeded'; paymentIntentId: string }
  | { outcome: 'failed' | 'action_required'; code: string; paymentIntentId: string | null };

export interface CheckoutRequest {
  /** The stay, named in the provider's metadata (a cross-check of the webhook). */
  bookingId: string;
  /** The authorization this checkout holds (its idempotency key). */
  paymentId: string;
  /** Whole shekels: the stay's total. */
  amount: number;
  /** What the guest reads on the payment page: the listing and the dates. */
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** When the page stops taking payment (Stripe: between 30 minutes and 24 hours from now). */
  expiresAt: Date;
  /** A long stay's first Checkout saves the card for later periods (Stripe: setup_future_usage off_session) on this customer. */
  saveCardFor?: string;
  /** A pay-now Checkout for one period takes the money at once (no hold). */
  captureNow?: boolean;
  /** The idempotency key's prefix when not checkout- (a period's pay-now: paynow-<period>-<n>). */
  keyPrefix?: string;
}

/** A provider's notice, reduced to what the bookings need. */
export interface PaymentEvent {
  /** The provider's event id: a replayed event carries the same one. */
  id: string;
  type: 'checkout_completed' | 'checkout_expired' | 'ignored';
  /** The provider's own name for the event (checkout.session.completed…). */
  providerType: string;
  /**
   * The booking the provider's metadata names (Stripe: `metadata.bookingId`, which only Lina sets):
   * a cross-check, never the key. The bookings act on the booking whose stored checkout session is
   * `checkoutSessionId`, and refuse an event naming another (docs/decisions/033-payment-integrity.md).
   */
  bookingId: string | null;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  /** A reference the payer may have chosen (Stripe: client_reference_id): for the logs of a refused event, never acted on. */
  reference: string | null;
  /** What the checkout took, in shekels (Stripe's amount_total / 100), and its currency (ISO 4217, lower case). */
  amount: number | null;
  currency: string | null;
}

export class PaymentSignatureError extends Error {}

/** The provider could not be reached or refused a call: nothing changed on our side. */
export class PaymentProviderError extends Error {}
