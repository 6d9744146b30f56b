import { subscriptionRecordSchema } from '../newsletter.ts';
import { adminRecordListEndpoint } from '../admin.ts';
import { confirmSubscriptionQuerySchema, subscribeBodySchema, subscribeResponseSchema } from '../newsletter.ts';
import { defineEndpoints } from '../endpoint.ts';

export const newsletterEndpoints = defineEndpoints('newsletter', {
  'POST /api/newsletter': {
    summary: 'Subscribe an e-mail address; a confirmation link is mailed. The answer is the same whether or not it was subscribed.',
    body: subscribeBodySchema,
    responses: { 201: subscribeResponseSchema },
  },
  'GET /api/newsletter/confirm': {
    summary: 'The link in the confirmation e-mail: confirms the subscription and lands on the home page',
    query: confirmSubscriptionQuerySchema,
  },
  'GET /api/admin/newsletter-subscriptions': adminRecordListEndpoint(
    'Newsletter subscriptions, newest first, confirmed or not (admins only)',
    subscriptionRecordSchema,
  ),
});
