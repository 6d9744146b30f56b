import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../../core/contracts/endpoints.ts';
import { HttpError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { PaymentSignatureError, type PaymentEvent, type PaymentProvider } from '../../payments/payment-provider.ts';

/** The path Stripe posts its events to: signed, not a browser's request (http/cross-site-guard.ts lets it through). */
export const stripeWebhookPath = endpoints['POST /api/payments/stripe/webhook'].path;

/**
 * Stripe's webhook (docs/decisions/024-payments.md). The body is read as raw bytes (the signature
 * is over them exactly), checked with the SDK's constructEvent against STRIPE_WEBHOOK_SECRET, and
 * handed to the bookings (handleEvent), which record the event's id with the change it makes, so a
 * replayed event changes nothing. Without card payments the route answers 404.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  provider: PaymentProvider;
  handleEvent: (event: PaymentEvent) => Promise<string>;
}> = async (app, { provider, handleEvent }) => {
  // This plugin's own parsers: every body stays the bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  route(app, 'POST /api/payments/stripe/webhook', async (request) => {
    if (provider.method !== 'card') throw new HttpError(404, 'payments_not_configured', 'Card payments are not configured');
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event: PaymentEvent;
    try {
      event = provider.readEvent(body, request.headers['stripe-signature']);
    } catch (error) {
      if (error instanceof PaymentSignatureError) throw new HttpError(400, 'invalid_signature', 'The Stripe-Signature does not match');
      throw error;
    }
    const outcome = await handleEvent(event);
    request.log.info({ eventId: event.id, type: event.providerType, outcome }, 'payment event');
    return { received: true as const, outcome };
  });
};
