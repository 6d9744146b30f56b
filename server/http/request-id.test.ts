import os from 'node:os';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { openTestDatabase } from '../test/test-app.ts';

describe('request ids', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp(
      {
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() }),
        database: { ...database, close: async () => undefined },
        storage: createLocalStorage(os.tmpdir()),
      },
      { logger: { level: 'info', stream } },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('keeps a safe incoming X-Request-Id and returns it', async () => {
    const response = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-trace_42-abc' } });
    expect(response.headers['x-request-id']).toBe('lb-trace_42-abc');
  });

  it('replaces an unsafe or overlong one with a fresh UUID', async () => {
    for (const unsafe of ['has spaces in it', 'x'.repeat(200), 'line\\nbreak', '{"json":1}']) {
      const response = await app.inject({ url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const first = await app.inject('/api/health');
    const second = await app.inject('/api/health');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('names the request on error answers too', async () => {
    const notFound = await app.inject({ url: '/api/nothing-here', headers: { 'x-request-id': 'req-404' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('req-404');
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-request-id': 'req-400', 'x-requested-with': 'fetch', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('req-400');
  });

  it('puts the id on every log line of the request', async () => {
    await app.inject({ url: '/api/properties/1', headers: { 'x-request-id': 'trace-me-123' } });
    const mine = lines.filter((line) => line.reqId === 'trace-me-123');
    expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
