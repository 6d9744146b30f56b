import Stripe from 'stripe';
import { stayCurrency } from '../../../core/quote.ts';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
} from '../../payments/payment-provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (a stand-in in tests): the SDK's host, port and protocol. */
  apiUrl?: string;
}

/** Stripe counts in the currency's smallest unit: agorot. */
const agorot = (shekels: number) => Math.round(shekels * 100);

/** The SDK's options for an API address other than api.stripe.com. */
export function stripeAddressOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * Cards through Stripe Checkout (docs/decisions/024-payments.md): the hosted page authorizes the
 * stay's total with manual capture; the host's acceptance captures it, a decline or an expiry
 * cancels the PaymentIntent, and a cancellation refunds what the policy gives back. Each call that
 * moves money carries an Idempotency-Key named after the booking, so a repeat (two racing requests,
 * a retry after a lost answer or a crash between Stripe and our database) is done once by Stripe.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...stripeAddressOptions(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Lina' },
  });

  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new PaymentProviderError(`Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };

  /** Stripe refuses a second capture or cancel of a PaymentIntent; if it is already where we want it, that is success. */
  const alreadyIn = async (paymentIntentId: string, statuses: readonly string[]) => {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId).catch(() => null);
    return intent !== null && statuses.includes(intent.status);
  };

  /** Cancels a hold (requires_capture → canceled), once per payment; already cancelled is success. */
  const cancelHold = async (paymentId: string, paymentIntentId: string) => {
    try {
      await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `release-${paymentId}` });
    } catch (error) {
      if (await alreadyIn(paymentIntentId, ['canceled'])) return;
      throw new PaymentProviderError(`Stripe release failed: ${(error as Error).message}`, { cause: error });
    }
  };

  const intentIdOf = (intent: string | Stripe.PaymentIntent | null) => (typeof intent === 'string' ? intent : (intent?.id ?? null));

  return {
    method: 'card',

    async startCheckout(request: CheckoutRequest) {
      const session = await call('checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: stayCurrency, unit_amount: agorot(request.amount), product_data: { name: request.description } },
              },
            ],
            payment_intent_data: {
              capture_method: request.captureNow ? 'automatic' : 'manual',
              metadata: { bookingId: request.bookingId, paymentId: request.paymentId },
              ...(request.saveCardFor ? { setup_future_usage: 'off_session' as const } : {}),
            },
            metadata: { bookingId: request.bookingId, paymentId: request.paymentId },
            ...(request.saveCardFor ? { customer: request.saveCardFor } : { customer_email: request.customerEmail }),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: `${request.keyPrefix ?? 'checkout'}-${request.paymentId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe checkout has no url');
      return { sessionId: session.id, url: session.url };
    },

    async checkoutUrl(sessionId) {
      const session = await call('checkout lookup', () => stripe.checkout.sessions.retrieve(sessionId));
      return session.status === 'open' ? session.url : null;
    },

    async capture(paymentId, paymentIntentId) {
      try {
        await stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey: `capture-${paymentId}` });
      } catch (error) {
        if (await alreadyIn(paymentIntentId, ['succeeded'])) return;
        throw new PaymentProviderError(`Stripe capture failed: ${(error as Error).message}`, { cause: error });
      }
    },

    async release(paymentId, payment) {
      if (payment.paymentIntentId) {
        await cancelHold(paymentId, payment.paymentIntentId);
      } else if (payment.checkoutSessionId) {
        const sessionId = payment.checkoutSessionId;
        try {
          await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${paymentId}` });
        } catch (error) {
          const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
          // Already expired is what we wanted.
          if (session?.status === 'expired') return;
          // Paid before the stay ended, its webhook not processed yet: a completed session cannot be
          // expired, so its hold is cancelled here; the webhook, however late, finds it cancelled.
          if (session?.status === 'complete') {
            const held = intentIdOf(session.payment_intent);
            if (held) await cancelHold(paymentId, held);
            return;
          }
          throw new PaymentProviderError(`Stripe checkout expiry failed: ${(error as Error).message}`, { cause: error });
        }
      }
    },

    async refund(idempotencyKey, paymentIntentId, amount) {
      if (amount <= 0) return;
      await call('refund', () => stripe.refunds.create({ payment_intent: paymentIntentId, amount: agorot(amount) }, { idempotencyKey }));
    },

    async ensureCustomer(userId, email) {
      const customer = await call('customer', () =>
        stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` }),
      );
      return customer.id;
    },

    async savedCardOf(paymentIntentId) {
      const intent = await call('payment lookup', () => stripe.paymentIntents.retrieve(paymentIntentId));
      return typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
    },

    /**
     * A later period of a long stay, off-session with the saved card (confirm + off_session, as
     * Stripe documents for saved cards). A card error is an outcome, not a failure of the call:
     * authentication_required means the bank wants the guest, anything else is a decline.
     */
    async chargeSaved(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: agorot(request.amount),
            currency: stayCurrency,
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            // The try too: the recovery of a crashed try finds its PaymentIntent by these (findOffSessionCharge).
            metadata: { bookingId: request.bookingId, paymentId: request.paymentId, attempt: String(request.attempt) },
          },
          { idempotencyKey: `period-${request.paymentId}-${request.attempt}` },
        );
        if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentIntentId: intent.id };
        return { outcome: 'action_required', code: intent.status, paymentIntentId: intent.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const code = error.code ?? 'card_declined';
          const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
          return { outcome: code === 'authentication_required' ? 'action_required' : 'failed', code, paymentIntentId: intentId };
        }
        throw new PaymentProviderError(`Stripe off-session charge failed: ${(error as Error).message}`, { cause: error });
      }
    },

    /**
     * The PaymentIntents of the guest's customer made since the period fell due, read through the
     * list endpoint (read-after-write consistent, unlike Search, whose index may lag), kept when
     * their metadata names the period. An off-session card payment settles in the create call, so
     * a PaymentIntent found is succeeded or refused (requires_payment_method, with the refusal's
     * code in last_payment_error); anything else is still pending at Stripe.
     */
    async findOffSessionCharge(request) {
      const mine: Stripe.PaymentIntent[] = [];
      await call('payment search', async () => {
        const list = stripe.paymentIntents.list({
          customer: request.customerId,
          created: { gte: Math.floor(request.since.getTime() / 1000) },
          limit: 100,
        });
        for await (const intent of list) if (intent.metadata?.paymentId === request.paymentId) mine.push(intent);
      });
      const paid = mine.find((intent) => intent.status === 'succeeded');
      if (paid) return { outcome: 'succeeded', paymentIntentId: paid.id };
      const tried = mine.find((intent) => intent.metadata?.attempt === String(request.attempt));
      if (!tried) return null;
      if (tried.status === 'requires_payment_method' || tried.status === 'requires_action' || tried.status === 'canceled') {
        const code = tried.last_payment_error?.code ?? (tried.status === 'requires_action' ? 'authentication_required' : 'card_declined');
        return { outcome: code === 'authentication_required' ? 'action_required' : 'failed', code, paymentIntentId: tried.id };
      }
      return { outcome: 'pending', paymentIntentId: tried.id };
    },

    async closeCheckout(paymentId, sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${paymentId}` });
        return 'expired';
      } catch (error) {
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        if (session?.status === 'expired') return 'expired';
        if (session?.status === 'complete') return 'complete';
        throw new PaymentProviderError(`Stripe checkout expiry failed: ${(error as Error).message}`, { cause: error });
      }
    },

    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new PaymentSignatureError((error as Error).message);
      }
      const base = { id: event.id, providerType: event.type };
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
        const session = event.data.object;
        return {
          ...base,
          type: event.type === 'checkout.session.completed' ? 'checkout_completed' : 'checkout_expired',
          // Only the metadata we set. client_reference_id is not ours to trust: a Payment Link on the
          // same account lets its payer choose it (?client_reference_id=… in the link's address).
          bookingId: session.metadata?.bookingId ?? null,
          checkoutSessionId: session.id,
          paymentIntentId: intentIdOf(session.payment_intent),
          reference: session.client_reference_id,
          amount: session.amount_total === null ? null : session.amount_total / 100,
          currency: session.currency,
        } satisfies PaymentEvent;
      }
      return {
        ...base,
        type: 'ignored',
        bookingId: null,
        checkoutSessionId: null,
        paymentIntentId: null,
        reference: null,
        amount: null,
        currency: null,
      };
    },
  };
}
