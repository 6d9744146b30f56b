import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createDatabaseRateLimiter } from '../../rate-limit/rate-limiter.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createLocalStorage, type Storage } from '../../storage/storage.ts';
import { openTestDatabase } from '../../test/test-app.ts';

describe('GET /api/ready', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const local = createLocalStorage(os.tmpdir());

  /** An app with the given environment; rate limits stay in the database so REDIS_URL only reaches the check. */
  const appWith = async (env: Record<string, string> = {}, storage: Storage = local) => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), ...env }),
      database: { ...database, close: async () => undefined },
      storage,
      rateLimiter: createDatabaseRateLimiter(database.db),
    });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('is ready when the database answers', async () => {
    const app = await appWith();
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
    await app.close();
  });

  // Every instance shares one Redis: failing readiness on it would drain them all at once, though
  // the app works without it (docs/decisions/035-redis-and-database-outages.md).
  it('stays ready when the configured Redis is unreachable, reporting it degraded', async () => {
    const app = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'degraded' } });
    await app.close();
  });

  it('stays ready with a Redis that accepts but never answers, and rate-limited writes answer at once', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const env = { REDIS_URL: `redis://127.0.0.1:${(silent.address() as AddressInfo).port}` };
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), ...env }),
      database: { ...database, close: async () => undefined },
      storage: local,
    });
    await app.ready();
    let started = Date.now();
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json().checks.redis).toBe('degraded');
    expect(Date.now() - started).toBeLessThan(500);
    // The app's own limiter (not the database one this file's other apps use) counts in the database meanwhile.
    started = Date.now();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-requested-with': 'fetch' },
      payload: { name: 'Noa', email: 'noa@example.com', subject: 'Hello', message: 'Hello there' },
    });
    expect(sent.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(1500);
    await app.close();
    silent.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)('is ready with a working Redis', async () => {
    const app = await appWith({ REDIS_URL: process.env.TEST_REDIS_URL! });
    const response = await app.inject('/api/ready');
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    await app.close();
  });

  it('checks the S3 bucket when files live in S3', async () => {
    // A stand-in for an S3 endpoint: HEAD /<bucket> answers 200 for the real bucket, 404 otherwise.
    const s3 = http.createServer((request, response) => {
      response.writeHead(request.method === 'HEAD' && request.url?.startsWith('/lina-files') ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
    const settings = { endpoint, region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test' };
    try {
      const good = await appWith({}, await createS3Storage({ ...settings, bucket: 'lina-files' }));
      expect((await good.inject('/api/ready')).json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
      await good.close();
      const missing = await appWith({}, await createS3Storage({ ...settings, bucket: 'no-such-bucket' }));
      const response = await missing.inject('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.storage).toBe('failed');
      await missing.close();
    } finally {
      s3.close();
    }
  });

  it('is not ready once the database is gone', async () => {
    const other = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() }),
      database: other.database,
      storage: local,
      rateLimiter: createDatabaseRateLimiter(other.database.db),
    });
    await app.ready();
    await other.database.close();
    const response = await app.inject('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json().checks.database).not.toBe('ok');
    await app.close();
    await other.drop();
  });

  it('answers 503 once shutdown has begun, even to a check already running', async () => {
    // The check in flight waits on an S3 endpoint that never answers; shutdown starts meanwhile.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const storage = await createS3Storage({
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      bucket: 'lina-files',
    });
    const app = await appWith({ SHUTDOWN_GRACE_SECONDS: '0' }, storage);
    const inFlight = app.inject('/api/ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    const response = await inFlight;
    expect(response.statusCode).toBe(503);
    expect(response.json().status).toBe('shutting_down');
    await closing;
    silent.close();
  });
});
