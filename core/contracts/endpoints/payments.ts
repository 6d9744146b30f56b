import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';

export const paymentsEndpoints = defineEndpoints('payments', {
  'POST /api/payments/stripe/webhook': {
    summary:
      "Stripe's events (checkout.session.completed, checkout.session.expired), verified by their Stripe-Signature; each is handled once. 404 without card payments.",
    headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }).loose(),
    responses: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
  },
});
