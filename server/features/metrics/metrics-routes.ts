import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '../../../core/api-types.ts';
import { metricsHeadersSchema, metricsResponseSchema } from '../../../core/contracts/metrics.ts';
import { errorBody } from '../../http/errors.ts';
import { isLoopbackAddress } from '../../http/client-address.ts';
import { hasMetricsToken } from './metrics-access.ts';
import type { Metrics } from './metrics.ts';

export const prometheusContentType = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * GET /metrics for Prometheus. With METRICS_TOKEN it needs `Authorization: Bearer <token>`;
 * without one only clients on this machine see it (development and tests): app.ts does not
 * register it in production without a token, nor when METRICS_PORT serves it on its own port.
 * It is kept out of the public OpenAPI document.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token?: string }> = async (app, { metrics, token }) => {
  app.get(
    '/metrics',
    {
      schema: {
        hide: true,
        headers: metricsHeadersSchema,
        response: { 200: metricsResponseSchema, 401: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (token) {
        if (!hasMetricsToken(request.headers.authorization, token)) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer').send(errorBody('unauthorized', 'A metrics token is required'));
        }
      } else if (!isLoopbackAddress(request.ip)) {
        return reply.callNotFound();
      }
      reply.type(prometheusContentType).header('Cache-Control', 'no-store');
      return metrics.render();
    },
  );
};
