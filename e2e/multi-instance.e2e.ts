import { generate, generateSecret } from 'otplib';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { startBuiltServer } from './built-server.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { bookings, outgoingMail, totpSecrets, users } from '../server/db/schema.ts';
import { enqueueMail } from '../server/mail/mail-repository.ts';
import { createPlace, createProperty, createUser, daysFromNow, type Property } from '../server/seed/factories.ts';
import { startS3StandIn } from '../server/test/s3-stand-in.ts';
import { startSmtpSink } from '../server/test/smtp-sink.ts';

/**
 * Two instances of the built server (`node dist/server/main.js`, as the image runs it) behind an
 * imaginary load balancer: one PostgreSQL database, one Redis, one S3 bucket, one SMTP relay, and
 * requests sent to each in turn. Whatever one instance does, the other must see; whatever must
 * happen once (a booking, a mail) happens once. Needs TEST_DATABASE_URL and TEST_REDIS_URL, as CI.
 */
const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const testRedisUrl = process.env.TEST_REDIS_URL;

// A Redis logical database for this test alone (emptied before and after): the rate-limit keys
// of the two servers must start from zero and must not meet anyone else's.
const redisDb = 13;
const settingsCacheSeconds = 1;
/** The test admin's authenticator secret (base32), known to the test so it can compute codes. */
const adminTotpSecret = generateSecret({ length: 20 });

interface Instance {
  name: string;
  baseUrl: string;
  process: ChildProcess;
  dataDir: string;
  exited: Promise<void>;
  stop(): Promise<void>;
}

describe.skipIf(!adminDatabaseUrl || !testRedisUrl)('several instances on one database, Redis, S3 bucket and SMTP relay', () => {
  const databaseName = `lina_multi_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let databaseUrl: string;
  let redisUrl: string;
  let database: DatabaseHandle;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const instances: Instance[] = [];
  let home: Property;
  let hostId: string;

  /** The i-th request goes to instance i mod 2, as a round-robin load balancer would send it. */
  const pick = (i: number) => instances[i % 2]!;

  async function call(
    instance: Instance,
    method: string,
    url: string,
    options: { cookie?: string; body?: unknown; raw?: Buffer; type?: string } = {},
  ) {
    const headers: Record<string, string> = { 'x-requested-with': 'fetch' };
    if (options.cookie) headers.cookie = options.cookie;
    let body: BodyInit | undefined;
    if (options.raw) {
      headers['content-type'] = options.type ?? 'application/octet-stream';
      body = new Uint8Array(options.raw);
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetch(`${instance.baseUrl}${url}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
  }

  async function signIn(instance: Instance, email: string) {
    let response = await call(instance, 'POST', '/api/auth/sign-in', { body: { email, password: 'Passw0rd!' } });
    const step =
      response.status === 200 ? ((await response.clone().json()) as { secondFactor?: { token: string } }).secondFactor : undefined;
    if (step) {
      // The admin's second step: a code from their authenticator app.
      const code = await generate({ secret: adminTotpSecret });
      response = await call(instance, 'POST', '/api/auth/sign-in/second-factor', { body: { token: step.token, code } });
    }
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('lina_session='));
    if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${email} on ${instance.name} failed: ${response.status}`);
    return cookie.split(';')[0]!;
  }

  async function startInstance(name: string): Promise<Instance> {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `lina-${name}-`));
    const server = await startBuiltServer({
      name,
      port,
      timeoutMs: 30_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        // Both instances sit behind one address: links in mail name it, never an instance.
        PUBLIC_URL: 'https://lina.test',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Lina <no-reply@lina.test>',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'lina',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        SETTINGS_CACHE_SECONDS: String(settingsCacheSeconds),
        // Both start on the empty database at once: one seeds the demo data, the other waits and finds it seeded.
        SEED_DEMO_DATA: 'auto',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_SECONDS: '2',
      },
    });
    const instance: Instance = {
      name,
      baseUrl: server.baseUrl,
      process: server.process,
      dataDir,
      exited: server.exited,
      stop: server.stop,
    };
    instances.push(instance);
    return instance;
  }

  async function stopInstance(instance: Instance) {
    await instance.stop();
  }

  async function withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    try {
      return await work(redis);
    } finally {
      await redis.quit();
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminDatabaseUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    const redis = new URL(testRedisUrl!);
    redis.pathname = `/${redisDb}`;
    redisUrl = redis.toString();
    await withRedis((client) => client.flushdb());

    // Migrations run once, before any instance starts, as a deploy's release step does.
    database = await openDatabase({ databaseUrl });
    await database.migrate();
    [s3, smtp] = await Promise.all([
      startS3StandIn(),
      // A relay slower than the senders' 3-second round: a batch is still being sent when the
      // other instance looks for mail, which is when a mail could go twice.
      startSmtpSink({ replyDelayMs: 200 }),
    ]);
    await Promise.all([startInstance('a'), startInstance('b')]);

    // What the tests need besides the demo data.
    const db = database.db;
    // In production an admin acts only with a second factor (decision 051): this one has an authenticator app.
    const adminUser = await createUser(db, { email: 'admin@lina.test', role: 'admin' });
    await db.insert(totpSecrets).values({ userId: adminUser.id, secret: `plain:${adminTotpSecret}`, confirmedAt: new Date() });
    hostId = (
      await createUser(db, { email: 'host@lina.test', role: 'host', profile: { idVerificationStatus: 'verified', isVerified: true } })
    ).id;
    for (let i = 0; i < 20; i++) await createUser(db, { email: `racer-${i}@lina.test` });
    await createUser(db, { email: 'traveller@lina.test' });
    const city = await createPlace(db, { nameEn: 'Haifa', nameHe: 'חיפה' });
    home = await createProperty(db, {
      propertyType: 'sublet',
      hostId,
      placeId: city.id,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
    await Promise.all([s3?.close(), smtp?.close(), database?.close()]);
    if (testRedisUrl) await withRedis((client) => client.flushdb()).catch(() => undefined);
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }, 30_000);

  it('starts both on one empty database, seeding it once', async () => {
    // Both came up (a second seed would have failed on unique keys and stopped its instance).
    for (const instance of instances) expect((await fetch(`${instance.baseUrl}/api/health`)).status).toBe(200);
    const demoGuests = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'guest@example.com'));
    expect(demoGuests).toHaveLength(1);
    expect(s3.objects.size).toBeGreaterThan(0);
  });

  it('keeps a session made on one instance on the other, and ends it on both at sign-out', async () => {
    const [a, b] = instances as [Instance, Instance];
    const cookie = await signIn(a, 'traveller@lina.test');
    for (const instance of [a, b]) {
      expect((await (await call(instance, 'GET', '/api/session', { cookie })).json()).user?.email).toBe('traveller@lina.test');
    }
    expect((await call(b, 'POST', '/api/auth/sign-out', { cookie })).status).toBe(204);
    for (const instance of [a, b]) {
      expect((await (await call(instance, 'GET', '/api/session', { cookie })).json()).user).toBeNull();
    }
  });

  it('counts a rate limit across both instances: 10 contact messages an hour per address, wherever they land', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await call(pick(i), 'POST', '/api/contact', {
        body: { name: 'Noa Levi', email: 'noa@lina.test', subject: `Question ${i}`, message: 'Is there parking near the flat?' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
    // Counted in the shared Redis, not in either process.
    expect(await withRedis((redis) => redis.keys('ratelimit:contact:*'))).toHaveLength(1);
  });

  it(`applies an admin's launch-mode change on the other instance within SETTINGS_CACHE_SECONDS (${settingsCacheSeconds} s)`, async () => {
    const [a, b] = instances as [Instance, Instance];
    const visitorView = (instance: Instance) => call(instance, 'GET', `/api/properties/${home.id}`).then((response) => response.status);
    // Both have read (and cached) prelaunch: visitors are asked to sign in.
    expect([await visitorView(a), await visitorView(b)]).toEqual([401, 401]);
    const admin = await signIn(b, 'admin@lina.test');
    const changed = await call(a, 'PATCH', '/api/admin/settings', { cookie: admin, body: { launchMode: 'live' } });
    expect(changed.status).toBe(200);
    const switched = Date.now();
    expect(await visitorView(a)).toBe(200);
    let waitedMs = 0;
    while ((await visitorView(b)) !== 200) {
      waitedMs = Date.now() - switched;
      expect(waitedMs).toBeLessThan(settingsCacheSeconds * 1000 + 1500);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await (await call(b, 'GET', '/api/settings/public')).json()).launchMode).toBe('live');
  });

  it('gives exactly one of 20 simultaneous requests for the same dates, split across both, and 409 to the rest', async () => {
    const cookies = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(pick(i), `racer-${i}@lina.test`)));
    const stay = { propertyId: home.id, checkIn: daysFromNow(30), checkOut: daysFromNow(40) };
    const responses = await Promise.all(
      cookies.map((cookie, i) =>
        // Overlapping, not identical: each guest asks for a slightly different stay around the same days.
        call(pick(i), 'POST', '/api/bookings', { cookie, body: { ...stay, checkOut: daysFromNow(40 + (i % 3)) } }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    const held = await database.db.select().from(bookings).where(eq(bookings.propertyId, home.id));
    expect(held).toHaveLength(1);
  });

  it('serves a photo uploaded through one instance from the other (S3 storage)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const host = await signIn(a, 'host@lina.test');
    const draft = await call(a, 'POST', '/api/host/listings', { cookie: host, body: { propertyType: 'sublet' } });
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: number };
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const uploaded = await call(a, 'POST', `/api/host/listings/${id}/photos`, { cookie: host, raw: png, type: 'image/png' });
    expect(uploaded.status).toBe(201);
    const photo = ((await uploaded.json()) as { photos: { url: string; cardUrl: string }[] }).photos[0]!;
    expect(s3.objects.has(`/lina/public/${photo.url.replace('/api/media/public/', '')}`)).toBe(true);
    for (const url of [photo.url, photo.cardUrl]) {
      const served = await call(b, 'GET', url);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });

  it('delivers every queued mail exactly once with both instances sending', async () => {
    const recipients = Array.from({ length: 20 }, (_, i) => `reader-${i}@lina.test`);
    for (const to of recipients) {
      await enqueueMail(database.db, { to, language: 'en', subject: `Hello ${to}`, text: 'Hello', html: '<p>Hello</p>' });
    }
    // Both senders take mail every 3 s; the slow relay makes their rounds overlap.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const waiting = await database.db.select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.status, 'queued'));
      if (waiting.length === 0) break;
      expect(Date.now(), `${waiting.length} mails still queued`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Another round of both senders, in which nothing may go again.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const counts = smtp.countsByRecipient();
    expect(recipients.map((to) => counts.get(to))).toEqual(recipients.map(() => 1));
    // And every mail the instances sent during the whole test (booking and contact mail included) went once.
    const sent = await database.db.select().from(outgoingMail);
    expect(sent.every((mail) => mail.status === 'sent')).toBe(true);
    expect(smtp.received).toHaveLength(sent.length);
    const attempts = await database.db
      .select({ id: outgoingMail.id })
      .from(outgoingMail)
      .where(and(inArray(outgoingMail.toAddress, recipients), eq(outgoingMail.attempts, 1)));
    expect(attempts).toHaveLength(recipients.length);
  }, 50_000);
});
