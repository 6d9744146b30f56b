import type { Database } from '../db/database.ts';
import type { RedisConnection } from '../redis/redis-connection.ts';
import { decrementCounter, deleteCountersBefore, incrementCounter, resetCounter } from './rate-limit-repository.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window rate limits. Each attempt is counted before it is judged, in one atomic step
 * (an upsert in PostgreSQL, INCR in Redis), so concurrent attempts cannot slip past the limit.
 */
export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Gives back one attempt of the current window: for attempts that turned out not to count (a successful sign-in). */
  release(key: string, rule: RateLimitRule): Promise<void>;
  reset(key: string, rule: RateLimitRule): Promise<void>;
  close(): Promise<void>;
}

function windowOf(rule: RateLimitRule, now: number) {
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)) };
}

export function createDatabaseRateLimiter(db: Database): RateLimiter {
  let lastCleanup = 0;
  return {
    async consume(key, rule) {
      const now = Date.now();
      const window = windowOf(rule, now);
      const count = await incrementCounter(db, key, new Date(window.start));
      // Old windows are dropped now and then, never on every request.
      if (now - lastCleanup > 10 * 60 * 1000) {
        lastCleanup = now;
        void deleteCountersBefore(db, new Date(now - 24 * 60 * 60 * 1000)).catch(() => undefined);
      }
      return { allowed: count <= rule.limit, retryAfterSeconds: window.retryAfterSeconds };
    },
    async release(key, rule) {
      await decrementCounter(db, key, new Date(windowOf(rule, Date.now()).start));
    },
    async reset(key, rule) {
      await resetCounter(db, key, new Date(windowOf(rule, Date.now()).start));
    },
    async close() {},
  };
}

/**
 * Counters in Redis, shared by every instance. While Redis is down (redis-connection.ts) every call
 * goes to `fallback`, the database's counters, at once; a command that fails does too. An attempt
 * counted in Redis just before an outage is not seen by the database, so across the switch a client
 * may get up to twice a window's limit: the price of staying up, for one window at most.
 */
export function createRedisRateLimiter(redis: RedisConnection, fallback: RateLimiter): RateLimiter {
  const keyOf = (key: string, start: number) => `ratelimit:${key}:${start}`;
  return {
    consume: (key, rule) =>
      redis.run(
        'rate_limit',
        async (client) => {
          const window = windowOf(rule, Date.now());
          const redisKey = keyOf(key, window.start);
          const results = await client
            .multi()
            .incr(redisKey)
            .pexpire(redisKey, rule.windowMs + 1000)
            .exec();
          const [error, count] = results?.[0] ?? [new Error('no reply from Redis'), 0];
          if (error) throw error;
          return { allowed: Number(count) <= rule.limit, retryAfterSeconds: window.retryAfterSeconds };
        },
        () => fallback.consume(key, rule),
      ),
    release: (key, rule) =>
      redis.run(
        'rate_limit',
        async (client) => {
          // Only an existing counter is decremented, and never below zero.
          await client.eval(
            "local n = redis.call('GET', KEYS[1]); if n and tonumber(n) > 0 then return redis.call('DECR', KEYS[1]) end; return 0",
            1,
            keyOf(key, windowOf(rule, Date.now()).start),
          );
        },
        () => fallback.release(key, rule),
      ),
    async reset(key, rule) {
      // Both: attempts of this window may have been counted in either place.
      await fallback.reset(key, rule);
      await redis.run(
        'rate_limit',
        async (client) => void (await client.del(keyOf(key, windowOf(rule, Date.now()).start))),
        async () => undefined,
      );
    },
    // The connection belongs to the app, which closes it.
    async close() {},
  };
}
