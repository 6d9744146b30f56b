import type { FastifyReply } from 'fastify';
import type { ErrorCode } from '../../core/error-codes.ts';
import { HttpError } from '../http/errors.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

/**
 * Counts one attempt against the rule; over the limit, answers 429 with Retry-After and the error
 * code given (too_many_requests unless the route has its own message).
 */
export async function enforceRateLimit(
  rateLimiter: RateLimiter,
  reply: FastifyReply,
  key: string,
  rule: RateLimitRule,
  code: ErrorCode = 'too_many_requests',
) {
  const result = await rateLimiter.consume(key, rule);
  if (result.allowed) return;
  reply.header('Retry-After', result.retryAfterSeconds);
  throw new HttpError(429, code, `Too many attempts. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`);
}
