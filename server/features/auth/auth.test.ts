import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, sessions } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('sign-in, session and sign-out', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Levi' });
    await createUser(t.db, { email: 'suspended@example.com', status: 'suspended' });
  });
  afterAll(() => t.close());

  it('reports no user without a session', async () => {
    const response = await t.app.inject('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('signs in with the right password and sets an httpOnly session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email: '  Dana@Example.com ', password: 'Passw0rd!' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: 'dana@example.com', firstName: 'Dana', role: 'guest' });
    const cookie = response.cookies.find((c) => c.name === 'lina_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    // The cookie holds a token; the table holds only its hash.
    const stored = await t.db.select({ id: sessions.id }).from(sessions);
    expect(stored.map((s) => s.id)).not.toContain(cookie?.value);

    const session = await t.app.inject({ url: '/api/session', headers: { cookie: `lina_session=${cookie?.value}` } });
    expect(session.json().user.email).toBe('dana@example.com');
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email: 'dana@example.com', password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email: 'nobody@example.com', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('invalid_credentials');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses a suspended account clearly', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email: 'suspended@example.com', password: 'Passw0rd!' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('account_suspended');
  });

  it('lets only admins in through the admin entrance, refusing others before a session exists', async () => {
    await createUser(t.db, { email: 'boss@example.com', role: 'admin' });
    const entrance = (email: string, password = 'Passw0rd!') =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: writeHeaders, payload: { email, password, adminOnly: true } });
    const sessionsBefore = (await t.db.select({ id: sessions.id }).from(sessions)).length;
    const guest = await entrance('dana@example.com');
    expect(guest.statusCode).toBe(403);
    expect(guest.json().error).toMatchObject({ code: 'admin_only', message: 'Access Denied' });
    expect(guest.cookies).toHaveLength(0);
    expect(await t.db.select({ id: sessions.id }).from(sessions)).toHaveLength(sessionsBefore);
    // A wrong password still says only that.
    expect((await entrance('dana@example.com', 'nope')).json().error.code).toBe('invalid_credentials');

    const admin = await entrance('boss@example.com');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');
    expect(admin.cookies.some((c) => c.name === 'lina_session')).toBe(true);
  });

  it('answers malformed input with 400 and the fields at fault, never 500', async () => {
    for (const payload of [{}, { email: 'not-an-email', password: 'x' }, { email: 'a@b.co' }, 'garbage']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { ...writeHeaders, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toMatch(/validation_failed|bad_request/);
    }
  });

  it('ends the session at sign-out: the old cookie no longer works', async () => {
    const cookie = await signIn(t.app, 'dana@example.com');
    const out = await injectAs(t.app, cookie, { method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(after.json()).toEqual({ user: null });
  });

  it('gives a new session id at each sign-in and ends the one it replaces', async () => {
    const first = await signIn(t.app, 'dana@example.com');
    const response = await injectAs(t.app, first, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'dana@example.com', password: 'Passw0rd!' },
    });
    const second = response.cookies.find((c) => c.name === 'lina_session');
    expect(`lina_session=${second?.value}`).not.toBe(first);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: first } })).json().user).toBeNull();
  });

  it('records sign-in, failed sign-in and sign-out in the audit trail with IP and user agent', async () => {
    const cookie = await signIn(t.app, 'dana@example.com');
    await injectAs(t.app, cookie, { method: 'POST', url: '/api/auth/sign-out', headers: { 'user-agent': 'audit-test' } });
    const events = await eventually(async () => {
      const rows = await t.db.select().from(securityEvents);
      const types = new Set(rows.map((r) => r.eventType));
      const ours = rows.some((r) => r.eventType === 'USER_SIGNED_OUT' && r.userAgent === 'audit-test');
      return types.has('USER_SIGNED_IN') && types.has('LOGIN_FAILED') && ours ? rows : null;
    });
    const signOut = events.find((e) => e.eventType === 'USER_SIGNED_OUT' && e.userAgent === 'audit-test');
    expect(signOut?.ip).toBeTruthy();
    const failed = events.find((e) => e.eventType === 'LOGIN_FAILED');
    expect(failed?.description).toContain('@example.com');
    const forUnknown = await t.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'LOGIN_FAILED'));
    expect(forUnknown.some((e) => e.userId === null)).toBe(true);
  });
});

describe('cross-site write protection', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const payload = { email: 'x@example.com', password: 'whatever' };

  it('refuses a write without our X-Requested-With header (a plain cross-site form)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_site_request');
  });

  it('refuses a write from another origin or a cross-site fetch', async () => {
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...writeHeaders, origin: 'https://evil.example', host: 'localhost:3000' },
      payload,
    });
    expect(fromElsewhere.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...writeHeaders, 'sec-fetch-site': 'cross-site' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('lets a same-origin write through', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...writeHeaders, origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(response.statusCode).toBe(401);
  });

  // light-my-request (app.inject) rewrites the target to origin form, so these go over a real socket.
  it('guards and signs in an absolute-form request target (POST http://host/api/…) as any other', async () => {
    await createUser(t.db, { email: 'absolute@example.com' });
    const cookie = await signIn(t.app, 'absolute@example.com');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (head: string, body = '') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write(
            `${head}\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          ),
        );
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
        });
      });
    const json = 'Content-Type: application/json';
    const write = await raw(`POST http://127.0.0.1:${port}/api/auth/sign-in HTTP/1.1\r\n${json}`, JSON.stringify(payload));
    expect(write.status).toBe(403);
    expect(write.body).toContain('cross_site_request');
    const session = await raw(`GET HTTP://127.0.0.1:${port}/api/session?x=1 HTTP/1.1\r\nCookie: ${cookie}`);
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body).user).toMatchObject({ email: 'absolute@example.com' });
  });
});
