import type { FastifyReply } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

/** Counts one attempt against the rule; over the limit, answers 429 with Retry-After. */
export async function enforceRateLimit(rateLimiter: RateLimiter, reply: FastifyReply, key: string, rule: RateLimitRule) {
  const result = await rateLimiter.consume(key, rule);
  if (result.allowed) return;
  reply.header('Retry-After', result.retryAfterSeconds);
  throw new HttpError(429, 'too_many_requests', `Too many attempts. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`);
}
