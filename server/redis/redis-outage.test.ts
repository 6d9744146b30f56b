import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { platformSettings, rateLimitCounters } from '../db/schema.ts';
import { createPlace, createProperty, createUser, daysFromNow } from '../seed/factories.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { redisServerMissing, startRedisServer, type TestRedisServer } from '../test/redis-server.ts';
import { clearOfWindowEdge, eventually, injectAs, openTestDatabase, signIn, writeHeaders } from '../test/test-app.ts';

/**
 * "At once": well under the seconds a request used to wait for Redis before failing, with room for a
 * loaded test machine (a booking on the embedded database takes most of a second there).
 */
const fast = 2000;

const missing = redisServerMissing();
if (missing) console.warn(`skipping the Redis outage tests: ${missing}`);

// Redis is an accelerator (docs/decisions/035-redis-and-database-outages.md): an app whose Redis dies
// keeps answering at once, counts its limits in the database, skips the result cache, stays ready and
// says so in one log line; when Redis comes back, it uses it again.
describe.skipIf(missing)('a Redis outage', () => {
  let redis: TestRedisServer;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let storageDir: string;
  const logLines: Record<string, unknown>[] = [];
  const redisLines = () => logLines.filter((line) => 'redis' in line);
  /** ioredis prints errors nobody listens to with console.error. */
  let consoleErrors: MockInstance<typeof console.error>;
  let guest: string;
  let listingId: number;

  beforeAll(async () => {
    consoleErrors = vi.spyOn(console, 'error');
    redis = await startRedisServer();
    ({ database, drop } = await openTestDatabase());
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'lina-storage-'));
    // The app's own log, as JSON lines, to count what it says about Redis.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: storageDir,
      SETTINGS_CACHE_SECONDS: '0',
      SEARCH_CACHE_SECONDS: '30',
      REDIS_URL: redis.url,
    });
    app = await buildApp(
      { config, database: { ...database, close: async () => undefined }, storage: createLocalStorage(storageDir) },
      { logger: { level: 'info', stream } },
    );
    await app.ready();

    await database.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' }).onConflictDoNothing();
    const host = await createUser(database.db, { role: 'host' });
    const place = await createPlace(database.db, { nameEn: 'Outage Town', nameHe: 'עיר תקלה' });
    listingId = (
      await createProperty(database.db, {
        hostId: host.id,
        propertyType: 'sublet',
        placeId: place.id,
        availableFrom: null,
        availableUntil: null,
        minStayDays: 1,
        maxStayDays: 365,
      })
    ).id;
    await createUser(database.db, { email: 'outage-guest@example.com', profile: { idVerificationStatus: 'verified' } });
    guest = await signIn(app, 'outage-guest@example.com');
  });
  afterAll(async () => {
    consoleErrors?.mockRestore();
    await app?.close();
    await redis?.kill();
    await drop?.();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const contact = (address: string) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: writeHeaders,
      remoteAddress: address,
      payload: { name: 'Noa', email: 'noa@example.com', subject: 'Parking', message: 'Is there parking?' },
    });
  const timed = async <T>(call: () => Promise<T>) => {
    const started = Date.now();
    const result = await call();
    return { result, ms: Date.now() - started };
  };

  it('counts limits in Redis while it answers', async () => {
    expect((await app.inject('/api/ready')).json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    expect((await contact('10.1.0.1')).statusCode).toBe(201);
    const client = new Redis(redis.url);
    try {
      expect(await client.keys('ratelimit:contact:ip:10.1.0.1:*')).toHaveLength(1);
    } finally {
      client.disconnect();
    }
    expect(redisLines()).toEqual([]);
  });

  it('answers at once while Redis is down, counting limits in the database, and stays ready', async () => {
    await redis.kill();
    await clearOfWindowEdge(60 * 60 * 1000);

    const signInAttempt = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: writeHeaders,
        payload: { email: 'outage-guest@example.com', password: 'wrong' },
      }),
    );
    expect(signInAttempt.result.statusCode).toBe(401);
    expect(signInAttempt.ms).toBeLessThan(fast);

    const booking = await timed(() =>
      injectAs(app, guest, {
        method: 'POST',
        url: '/api/bookings',
        payload: { propertyId: listingId, checkIn: daysFromNow(30), checkOut: daysFromNow(35) },
      }),
    );
    expect(booking.result.statusCode, booking.result.body).toBe(201);
    expect(booking.ms).toBeLessThan(fast);

    const search = await timed(() => app.inject('/api/search?type=sublet&location=Outage%20Town'));
    expect(search.result.statusCode).toBe(200);
    expect(search.result.headers['x-search-cache']).toBe('miss');
    expect(search.ms).toBeLessThan(fast);

    // The contact form's limit (10 an hour per address) still holds, counted in the database.
    for (let i = 0; i < 10; i++) {
      const sent = await timed(() => contact('10.1.0.2'));
      expect(sent.result.statusCode).toBe(201);
      expect(sent.ms).toBeLessThan(fast);
    }
    const refused = await contact('10.1.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const counters = await database.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, 'contact:ip:10.1.0.2'));
    expect(counters.map((row) => row.count)).toEqual([11]);

    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'degraded' } });

    // Reconnection attempts go on meanwhile; the outage is said once, with no stack, and ioredis prints nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(redisLines()).toEqual([expect.objectContaining({ level: 40, redis: 'down' })]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(await app.inject('/metrics').then((response) => response.body)).toMatch(/^lina_redis_up 0$/m);
  });

  it('uses Redis again once it is back, and says so once', async () => {
    await redis.start();
    await eventually(async () => (await app.inject('/api/ready')).json().checks.redis === 'ok', 10_000);
    expect(redisLines()).toEqual([
      expect.objectContaining({ level: 40, redis: 'down' }),
      expect.objectContaining({ level: 30, redis: 'up' }),
    ]);
    expect((await contact('10.1.0.3')).statusCode).toBe(201);
    const client = new Redis(redis.url);
    try {
      expect(await client.keys('ratelimit:contact:ip:10.1.0.3:*')).toHaveLength(1);
    } finally {
      client.disconnect();
    }
    const counters = await database.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, 'contact:ip:10.1.0.3'));
    expect(counters).toEqual([]);
    expect(await app.inject('/metrics').then((response) => response.body)).toMatch(/^lina_redis_up 1$/m);
    expect(consoleErrors).not.toHaveBeenCalled();
  });
});
