import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { createPayOnArrivalProvider } from './pay-on-arrival-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** Cards through Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (config.ts checks both or neither); else pay on arrival. */
export function paymentProviderFor(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createPayOnArrivalProvider();
}
