import { z } from 'zod';

/** GET /metrics: the bearer token when METRICS_TOKEN is set; other headers pass through. */
export const metricsHeadersSchema = z.object({ authorization: z.string().optional() }).loose();

/** The Prometheus text exposition. */
export const metricsResponseSchema = z.string();
