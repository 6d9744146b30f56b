import { z } from 'zod';

/** GET /api/health, the cheap liveness probe: whether the database answers, which driver, and how fast. 503 carries the same body. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ status: z.enum(['ok', 'error']), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** One dependency's answer to the readiness probe. */
export const readyCheckResultSchema = z.enum(['ok', 'failed', 'timeout']);
export type ReadyCheckResult = z.infer<typeof readyCheckResultSchema>;

/** GET /api/ready, for a load balancer: each configured dependency's check; 503 carries the same body. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable', 'shutting_down']),
  checks: z.object({
    database: readyCheckResultSchema.optional(),
    /** Redis only speeds things up: while it is down the instance stays ready and says so here. */
    redis: z.enum(['ok', 'degraded']).optional(),
    storage: readyCheckResultSchema.optional(),
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
