import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * An app whose card payments go to a local Stripe stand-in (./stripe-stand-in.ts) through the real
 * `stripe` client, with the stand-in's webhooks signed by `webhookSecret` and delivered to the app's
 * webhook route, as Stripe delivers them. The caller closes both.
 */
export async function createStripeTestContext(webhookSecret: string): Promise<{ t: TestContext; stripe: StripeStandIn }> {
  const stripe = await startStripeStandIn({ webhookSecret });
  const t = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_lina',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
      PUBLIC_URL: 'https://lina.test',
    },
  });
  stripe.setWebhook(
    async (payload, signature) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          payload,
        })
      ).statusCode,
  );
  return { t, stripe };
}
