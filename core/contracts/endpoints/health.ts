import { healthResponseSchema, readyResponseSchema } from '../health.ts';
import { defineEndpoints } from '../endpoint.ts';

export const healthEndpoints = defineEndpoints('health', {
  'GET /api/health': {
    summary: 'Whether the server can reach its database',
    responses: { 200: healthResponseSchema, 503: healthResponseSchema },
  },
  'GET /api/ready': {
    summary: 'Whether this instance should receive traffic: database and storage answer (Redis is reported), and it is not shutting down',
    responses: { 200: readyResponseSchema, 503: readyResponseSchema },
  },
});
