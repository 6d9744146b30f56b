import { adminErrorResponses } from '../admin.ts';
import { analyticsBatchSchema } from '../../analytics-schemas.ts';
import { pageViewsQuerySchema, pageViewsResponseSchema, recordEventsResponseSchema } from '../analytics.ts';
import { defineEndpoints } from '../endpoint.ts';

export const analyticsEndpoints = defineEndpoints('analytics', {
  'POST /api/analytics/events': {
    summary: 'Record first-party analytics events (page views and custom events), up to 50 per batch',
    body: analyticsBatchSchema,
    responses: { 202: recordEventsResponseSchema },
  },
  'GET /api/admin/analytics/page-views': {
    tags: ['admin'],
    summary: 'Page views and distinct visitors per page over the last days (admins only)',
    query: pageViewsQuerySchema,
    responses: { 200: pageViewsResponseSchema, ...adminErrorResponses },
  },
});
