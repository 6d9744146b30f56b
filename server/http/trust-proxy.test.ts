import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, createAppsOnOneDatabase, writeHeaders } from '../test/test-app.ts';

/** The contact form allows 10 messages an hour per client address: a plain way to see whom the server thinks it talks to. */
const contactLimit = 10;
const message = { name: 'Noa', email: 'noa@example.com', subject: 'Hello', message: 'A question about a stay in Haifa.' };

describe('client address behind proxies (TRUST_PROXY)', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  const appWith = (env: Record<string, string>) => apps.appWith({ env });
  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
  });
  afterAll(() => apps.close());

  const contact = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...writeHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: message,
      remoteAddress,
    });

  /** Sends one more message than the limit, each with a different forged left-most entry. */
  const burst = async (app: FastifyInstance, remoteAddress: string, forwardedFor: (i: number) => string) => {
    // The contact form's limit counts per hour (contact-routes.ts).
    await clearOfWindowEdge(60 * 60 * 1000);
    const statuses: number[] = [];
    for (let i = 0; i <= contactLimit; i += 1) statuses.push((await contact(app, remoteAddress, forwardedFor(i))).statusCode);
    return statuses;
  };

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const app = await appWith({});
    const statuses = await burst(app, '198.51.100.1', (i) => `203.0.113.${i}`);
    expect(statuses.slice(0, contactLimit).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('with a hop count, a forged left-most entry does not change the client address', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    // The load balancer (10.0.0.5) appends the address it saw; the client wrote everything before it.
    const statuses = await burst(app, '10.0.0.5', (i) => `203.0.113.${i}, 198.51.100.7`);
    expect(statuses.at(-1)).toBe(429);
    // Another real client behind the same proxy is not limited.
    expect((await contact(app, '10.0.0.5', '198.51.100.8')).statusCode).toBe(201);
  });

  it('with a list of proxy ranges, only those hops are skipped', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10' });
    const statuses = await burst(app, '10.1.2.3', (i) => `203.0.113.${i}, 198.51.100.9, 10.9.9.9`);
    expect(statuses.at(-1)).toBe(429);
    // A client connecting directly (not from a trusted proxy) cannot name another address.
    const direct = await burst(app, '198.51.100.20', (i) => `203.0.113.${i}`);
    expect(direct.at(-1)).toBe(429);
  });
});
