import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../redis/redis-connection.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const rule = { limit: 5, windowMs: 60_000 };

async function expectExactLimit(limiter: RateLimiter) {
  const key = `test:${randomUUID()}`;
  const results = await Promise.all(Array.from({ length: 12 }, () => limiter.consume(key, rule)));
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  expect(results.every((r) => r.retryAfterSeconds > 0 && r.retryAfterSeconds <= 60)).toBe(true);
  await limiter.reset(key, rule);
  expect((await limiter.consume(key, rule)).allowed).toBe(true);

  // An attempt given back frees exactly one place.
  const released = `test:${randomUUID()}`;
  for (let i = 0; i < rule.limit; i++) await limiter.consume(released, rule);
  await limiter.release(released, rule);
  expect((await limiter.consume(released, rule)).allowed).toBe(true);
  expect((await limiter.consume(released, rule)).allowed).toBe(false);
}

describe('rate limiter in the database', () => {
  let drop: () => Promise<void>;
  let limiter: RateLimiter;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    limiter = createDatabaseRateLimiter(opened.database.db);
  });
  afterAll(() => drop());

  it('lets exactly the limit through, even when attempts arrive together', () => expectExactLimit(limiter));
});

// Shared limits across server instances: two limiters on one Redis count together.
describe.runIf(process.env.TEST_REDIS_URL)('rate limiter in Redis', () => {
  it('lets exactly the limit through, counted across instances', async () => {
    const { database, drop } = await openTestDatabase();
    const log = { warn: () => undefined, info: () => undefined };
    const connections = [
      await connectRedis(process.env.TEST_REDIS_URL!, { log }),
      await connectRedis(process.env.TEST_REDIS_URL!, { log }),
    ];
    const [first, second] = connections.map((redis) => createRedisRateLimiter(redis, createDatabaseRateLimiter(database.db))) as [
      RateLimiter,
      RateLimiter,
    ];
    try {
      await expectExactLimit(first);
      const key = `test:${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).consume(key, rule)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    } finally {
      for (const redis of connections) await redis.close();
      await drop();
    }
  });
});
