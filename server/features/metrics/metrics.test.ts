import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../mail/mail-repository.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { scheduleBookingJobs } from '../bookings/booking-jobs.ts';
import { createLocalStorage } from '../../storage/storage.ts';
import { buildTestApp, createTestContext, eventually, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { createMetrics } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';

/** Prometheus text format: `# HELP`/`# TYPE` comments and `name{labels} value` samples. */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][\w:]*(?:\{(?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

describe('GET /metrics', () => {
  let t: TestContext;
  const scrape = async (app: FastifyInstance = t.app) => {
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    return parseMetrics(response.body);
  };

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers in Prometheus text format, with the process metrics', async () => {
    // prom-client counts the CPU used since the registry was made; on a busy machine that can still
    // be 0 µs at the first scrape, so spend some first (at least 10 ms of user time).
    const start = process.cpuUsage().user;
    while (process.cpuUsage().user - start < 10_000) Math.sqrt(Math.random());
    const response = await t.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(response.body);
    expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect([...samples.keys()].some((name) => name.startsWith('nodejs_eventloop_lag_seconds'))).toBe(true);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await t.app.inject('/api/properties/987654');
    await t.app.inject('/api/properties/987655');
    await t.app.inject('/api/no-such-thing/123');
    const response = await t.app.inject('/metrics');
    const samples = parseMetrics(response.body);
    expect(samples.get('http_requests_total{method="GET",route="/api/properties/:id",status_code="401"}')).toBe(2);
    expect(samples.get('http_request_duration_seconds_count{method="GET",route="/api/properties/:id",status_code="401"}')).toBe(2);
    expect(samples.get('http_requests_total{method="GET",route="(unmatched)",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain('987654');
    expect(response.body).not.toContain('no-such-thing');
  });

  it('counts booking outcomes where the routes decide them', async () => {
    const host = await createUser(t.db, { role: 'host' });
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId: host.id,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
    });
    const first = await createUser(t.db, {});
    const second = await createUser(t.db, {});
    const stay = { propertyId: listing.id, checkIn: daysFromNow(30), checkOut: daysFromNow(33) };
    const before = await scrape();
    const outcome = (samples: Map<string, number>, name: string) => samples.get(`lina_booking_outcomes_total{outcome="${name}"}`) ?? 0;

    const requested = await injectAs(t.app, await signIn(t.app, first.email), { method: 'POST', url: '/api/bookings', payload: stay });
    expect(requested.statusCode).toBe(201);
    const hostCookie = await signIn(t.app, host.email);
    expect((await injectAs(t.app, hostCookie, { method: 'POST', url: `/api/bookings/${requested.json().id}/accept` })).statusCode).toBe(
      200,
    );
    const taken = await injectAs(t.app, await signIn(t.app, second.email), { method: 'POST', url: '/api/bookings', payload: stay });
    expect(taken.statusCode).toBe(409);

    const after = await scrape();
    expect(outcome(after, 'requested') - outcome(before, 'requested')).toBe(1);
    expect(outcome(after, 'accepted') - outcome(before, 'accepted')).toBe(1);
    expect(outcome(after, 'conflict') - outcome(before, 'conflict')).toBe(1);
  });

  it('counts requests that expire in the booking jobs, on the metrics main.ts shares with the app', async () => {
    const metrics = createMetrics(t.database);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() }),
      database: { ...t.database, close: async () => undefined },
      storage: t.storage,
      metrics,
    });
    scheduleBookingJobs(app, t.db, 'http://localhost', 60_000, metrics.countBookingOutcome);
    await createBooking(t.db, { status: 'pending', expiresAt: new Date(Date.now() - 60_000) });
    await app.ready();
    await eventually(async () => (await scrape(app)).get('lina_booking_outcomes_total{outcome="expired"}') === 1);
    await app.close();
  });

  it('reads the mail queue depth from the database at scrape time', async () => {
    const before = (await scrape()).get('lina_mail_messages{status="queued"}') ?? 0;
    await enqueueMail(t.db, { to: 'a@example.com', language: 'en', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    await enqueueMail(t.db, { to: 'b@example.com', language: 'en', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    const samples = await scrape();
    expect(samples.get('lina_mail_messages{status="queued"}')).toBe(before + 2);
    expect(samples.get('lina_mail_messages{status="failed"}')).toBe(0);
  });

  it.runIf(testDriver === 'postgres')('reports the PostgreSQL pool', async () => {
    const samples = await scrape();
    expect(samples.get('lina_db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(samples.has('lina_db_pool_clients{state="waiting"}')).toBe(true);
  });

  it('outside production without a token, serves only clients on this machine', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
  });

  it('is not in the public OpenAPI document', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  describe('configured', () => {
    const storage = createLocalStorage(os.tmpdir());
    const token = 'a-metrics-token-of-some-length';

    it('with METRICS_TOKEN, wants it as a bearer token from anywhere', async () => {
      const { app } = await buildTestApp(t.database, storage, { env: { METRICS_TOKEN: token } });
      const get = (authorization?: string) =>
        app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: authorization ? { authorization } : {} });
      expect((await get()).statusCode).toBe(401);
      expect((await get(`Bearer ${token}x`)).statusCode).toBe(401);
      expect((await get('Bearer short')).statusCode).toBe(401);
      expect((await get(token)).statusCode).toBe(401);
      const allowed = await get(`Bearer ${token}`);
      expect(allowed.statusCode).toBe(200);
      expect(parseMetrics(allowed.body).size).toBeGreaterThan(0);
      // A token is needed on loopback too.
      expect((await app.inject('/metrics')).statusCode).toBe(401);
      await app.close();
    });

    it('in production without a token, does not serve it at all', async () => {
      const { app } = await buildTestApp(t.database, storage, { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' } });
      expect((await app.inject('/metrics')).statusCode).toBe(404);
      await app.close();
    });

    it('with METRICS_PORT, serves it on that port only, and nothing else there', async () => {
      const { app } = await buildTestApp(t.database, storage, {
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example', METRICS_PORT: '9464' },
      });
      expect((await app.inject('/metrics')).statusCode).toBe(404);
      await app.close();

      const metrics = createMetrics(t.database);
      metrics.countBookingOutcome('requested');
      const server = await startMetricsServer({ metrics, port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const response = await fetch(`${base}/metrics`);
        expect(response.status).toBe(200);
        expect(parseMetrics(await response.text()).get('lina_booking_outcomes_total{outcome="requested"}')).toBe(1);
        expect((await fetch(`${base}/api/health`)).status).toBe(404);
      } finally {
        server.close();
      }

      const guarded = await startMetricsServer({ metrics, port: 0, host: '127.0.0.1', token });
      const guardedBase = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
      try {
        expect((await fetch(`${guardedBase}/metrics`)).status).toBe(401);
        expect((await fetch(`${guardedBase}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      } finally {
        guarded.close();
      }
    });
  });
});
