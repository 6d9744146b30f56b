import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppsOnOneDatabase } from '../../test/test-app.ts';

describe('development mailbox', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  const appWith = (env: Record<string, string>) => apps.appWith({ env });
  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
  });
  afterAll(() => apps.close());

  const open = (app: FastifyInstance, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ url, remoteAddress, headers });

  it('is served to clients on this machine only', async () => {
    const app = await appWith({ NODE_ENV: 'development' });
    for (const local of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect((await open(app, '/api/dev/mailbox', local)).statusCode).toBe(200);
      expect((await open(app, '/dev/mailbox', local)).statusCode).toBe(200);
    }
    for (const remote of ['192.168.1.20', '203.0.113.9', '::ffff:10.0.0.1', '2001:db8::1']) {
      expect((await open(app, '/api/dev/mailbox', remote)).statusCode).toBe(404);
      expect((await open(app, '/dev/mailbox', remote)).statusCode).toBe(404);
    }
  });

  it('judges the client after the proxy rules: a forged X-Forwarded-For cannot make a remote client local', async () => {
    const behindProxy = await appWith({ NODE_ENV: 'development', TRUST_PROXY: '1' });
    // Through a trusted local proxy, the client it names is remote.
    expect((await open(behindProxy, '/api/dev/mailbox', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    // A remote client claiming to be local: the proxy appended the real address.
    expect((await open(behindProxy, '/api/dev/mailbox', '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).statusCode).toBe(
      404,
    );
    // Without a trusted proxy the header is ignored.
    const direct = await appWith({ NODE_ENV: 'development' });
    expect((await open(direct, '/api/dev/mailbox', '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const app = await appWith({ NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' });
    expect((await open(app, '/api/dev/mailbox', '127.0.0.1')).statusCode).toBe(404);
  });
});
