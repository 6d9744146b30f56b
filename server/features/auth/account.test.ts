import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, outgoingMail, securityEvents, users } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import {
  clearOfWindowEdge,
  createTestContext,
  eventually,
  injectAs,
  signIn,
  testDriver,
  writeHeaders,
  type TestContext,
} from '../../test/test-app.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import { sessionIdOf } from './session-tokens.ts';

const adult = { firstName: 'Noa', lastName: 'Peretz', dateOfBirth: '1995-04-12', password: 'Str0ng!pass', acceptTerms: true };

describe('accounts', () => {
  let t: TestContext;
  let ipCounter = 0;
  // Each test gets its own client address so per-IP limits do not leak between tests.
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...writeHeaders, ...headers }, payload, remoteAddress: `10.0.0.${ipCounter}` });
  const mailbox = async () =>
    (await t.app.inject('/api/dev/mailbox')).json() as { to: string; subject: string; text: string; html: string }[];
  const lastMailTo = async (to: string) => (await mailbox()).filter((m) => m.to === to).at(-1);
  const linkIn = (text: string) => text.match(/https?:\/\/\S+/)?.[0] ?? '';
  /** Reset mail is queued after the answer: waits for the `count`-th mail to `to`. */
  const queuedMailTo = (to: string, count = 1) =>
    eventually(async () => {
      const mails = (await mailbox()).filter((m) => m.to === to);
      return mails.length >= count ? mails.at(-1) : null;
    });

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    ipCounter += 1;
  });

  describe('sign-up validation, in the spec order, with its messages', () => {
    it.each([
      [{ password: 'Sh0rt!', firstName: '' }, 'password_too_short', 'Password must be at least 8 characters long'],
      [{ password: 'alllowercase1!' }, 'password_too_weak', 'Password must contain uppercase, lowercase, number, and special character'],
      [{ firstName: '   ' }, 'fields_required', 'All fields are required'],
      [{ lastName: '' }, 'fields_required', 'All fields are required'],
      [{ dateOfBirth: '' }, 'fields_required', 'All fields are required'],
      [
        { dateOfBirth: new Date(Date.now() - 17 * 365.25 * 864e5).toISOString().slice(0, 10) },
        'age_requirement_not_met',
        'Age requirement not met',
      ],
      [{ email: 'not-an-email' }, 'invalid_email', 'Please enter a valid email address.'],
    ])('%o → %s', async (change, code, message) => {
      const response = await post('/api/auth/sign-up', { ...adult, email: 'v@example.com', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code, message });
    });
  });

  it('requires consent to the terms and the privacy policy, and stores when it was given', async () => {
    for (const consent of [{ acceptTerms: false }, { acceptTerms: undefined }]) {
      const refused = await post('/api/auth/sign-up', { ...adult, email: 'consent@example.com', ...consent });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('terms_not_accepted');
      expect(Object.keys(refused.json().error.fields)).toEqual(['acceptTerms']);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'consent@example.com'))).toHaveLength(0);

    const before = Date.now();
    expect((await post('/api/auth/sign-up', { ...adult, email: 'consent@example.com' })).statusCode).toBe(201);
    const [stored] = await t.db
      .select({ termsAcceptedAt: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.email, 'consent@example.com'));
    expect(stored?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('signs up, mails a confirmation link that lands on the site root, then lets the user sign in', async () => {
    const email = 'noa@example.com';
    expect((await post('/api/auth/sign-up', { ...adult, email })).statusCode).toBe(201);

    const before = await post('/api/auth/sign-in', { email, password: adult.password });
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('email_not_confirmed');

    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.html).toContain('Noa');
    const confirm = await t.app.inject(new URL(linkIn(mail?.text ?? '')).pathname + new URL(linkIn(mail?.text ?? '')).search);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/?emailConfirmed=1');

    const after = await post('/api/auth/sign-in', { email, password: adult.password });
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toMatchObject({ email, firstName: 'Noa', role: 'guest' });
  });

  it('writes mail in the language the user signed up in', async () => {
    await post('/api/auth/sign-up', { ...adult, email: 'ivrit@example.com', language: 'he' });
    const mail = await lastMailTo('ivrit@example.com');
    expect(mail?.subject).toBe('אישור כתובת הדוא"ל שלך');
    expect(mail?.html).toContain('dir="rtl"');
  });

  it('answers a sign-up for a registered e-mail exactly like a new one, and tells the owner by mail', async () => {
    await createUser(t.db, { email: 'taken@example.com' });
    const taken = await post('/api/auth/sign-up', { ...adult, email: 'taken@example.com' });
    const fresh = await post('/api/auth/sign-up', { ...adult, email: 'fresh@example.com' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect((await lastMailTo('taken@example.com'))?.subject).toBe('Someone tried to sign up with your e-mail');
  });

  describe('password reset', () => {
    const email = 'reset@example.com';
    beforeAll(async () => {
      await createUser(t.db, { email, firstName: 'Reset' });
    });

    it('answers the same for a registered and an unknown e-mail', async () => {
      const known = await post('/api/auth/password-reset', { email });
      const unknown = await post('/api/auth/password-reset', { email: 'ghost@example.com' });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
      expect((await queuedMailTo(email))?.subject).toBe('Reset your password');
      expect(await lastMailTo('ghost@example.com')).toBeUndefined();
    });

    it('answers before looking the account up: a failing lookup still gets the same 202, and is only logged', async () => {
      await createUser(t.db, { email: 'later@example.com' });
      // With the profiles table out of reach, looking an account up fails. The answer must not wait for that.
      await t.db.execute(sql`alter table profiles rename to profiles_away`);
      try {
        const response = await post('/api/auth/password-reset', { email: 'later@example.com' });
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ ok: true });
        // Let the work after the answer run (and fail) before the table comes back.
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await t.db.execute(sql`alter table profiles_away rename to profiles`);
      }
      expect(
        await t.db.select({ id: outgoingMail.id }).from(outgoingMail).where(eq(outgoingMail.toAddress, 'later@example.com')),
      ).toHaveLength(0);
    });

    it('ends every other reset link of the account when one is used', async () => {
      await createUser(t.db, { email: 'two-links@example.com' });
      await post('/api/auth/password-reset', { email: 'two-links@example.com' });
      const first = new URL(linkIn((await queuedMailTo('two-links@example.com', 1))?.text ?? '')).searchParams.get('token') ?? '';
      await post('/api/auth/password-reset', { email: 'two-links@example.com' });
      const second = new URL(linkIn((await queuedMailTo('two-links@example.com', 2))?.text ?? '')).searchParams.get('token') ?? '';
      expect(first).not.toBe(second);
      expect((await post('/api/auth/password-reset/complete', { token: second, password: 'N3w!Password' })).statusCode).toBe(200);
      // The older link died with the one used: the password was reset, and the page says so.
      const older = await post('/api/auth/password-reset/complete', { token: first, password: 'An0ther!Pass' });
      expect(older.statusCode).toBe(410);
      expect(older.json().error.code).toBe('reset_link_used');
      expect((await post('/api/auth/sign-in', { email: 'two-links@example.com', password: 'N3w!Password' })).statusCode).toBe(200);
    });

    it('resets with the mailed link once, ends old sessions, and refuses the link a second time', async () => {
      const oldSession = await signIn(t.app, email);
      const before = (await mailbox()).filter((m) => m.to === email).length;
      await post('/api/auth/password-reset', { email });
      const link = new URL(linkIn((await queuedMailTo(email, before + 1))?.text ?? ''));
      expect(link.pathname).toBe('/auth');
      expect(link.searchParams.get('mode')).toBe('reset');
      const token = link.searchParams.get('token') ?? '';
      // The page checks the link when it opens; checking does not use it up.
      expect((await post('/api/auth/password-reset/check', { token })).statusCode).toBe(200);
      expect((await post('/api/auth/password-reset/check', { token })).statusCode).toBe(200);

      const weak = await post('/api/auth/password-reset/complete', { token, password: 'weakpassword' });
      expect(weak.json().error.code).toBe('password_too_weak');

      const done = await post('/api/auth/password-reset/complete', { token, password: 'N3w!Password' });
      expect(done.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/session', headers: { cookie: oldSession } })).json().user).toBeNull();
      expect((await post('/api/auth/sign-in', { email, password: 'N3w!Password' })).statusCode).toBe(200);
      expect((await post('/api/auth/sign-in', { email, password: 'Passw0rd!' })).statusCode).toBe(401);

      // A used link is told apart from an unknown or expired one, when the page opens and when it is sent.
      const again = await post('/api/auth/password-reset/complete', { token, password: 'An0ther!Pass' });
      expect(again.statusCode).toBe(410);
      expect(again.json().error.code).toBe('reset_link_used');
      const reopened = await post('/api/auth/password-reset/check', { token });
      expect(reopened.statusCode).toBe(410);
      expect(reopened.json().error.code).toBe('reset_link_used');
      const unknown = await post('/api/auth/password-reset/check', { token: 'no-such-token-anywhere' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('invalid_reset_token');
    });

    it('limits link checks per client address, like the other reset routes', async () => {
      await clearOfWindowEdge(authRateLimits.resetCheckPerIp.windowMs);
      let last = 0;
      for (let attempt = 0; attempt <= 30; attempt++)
        last = (await post('/api/auth/password-reset/check', { token: 'no-such-token-anywhere' })).statusCode;
      expect(last).toBe(429);
    });

    it('refuses an expired token', async () => {
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const token = 'expired-token-for-the-test';
      await t.db.insert(authTokens).values({
        id: sessionIdOf(token),
        userId: user!.id,
        purpose: 'reset_password',
        expiresAt: new Date(Date.now() - 1000),
      });
      const response = await post('/api/auth/password-reset/complete', { token, password: 'N3w!Password' });
      expect(response.json().error.code).toBe('invalid_reset_token');
      expect((await post('/api/auth/password-reset/check', { token })).json().error.code).toBe('invalid_reset_token');
    });

    it('links Hebrew-speaking users to the Hebrew page', async () => {
      await createUser(t.db, { email: 'hebrew-reset@example.com', language: 'he' });
      await post('/api/auth/password-reset', { email: 'hebrew-reset@example.com' });
      const mail = await queuedMailTo('hebrew-reset@example.com');
      expect(new URL(linkIn(mail?.text ?? '')).pathname).toBe('/he/auth');
      expect(mail?.subject).toBe('איפוס הסיסמה שלך');
    });
  });

  it('signs out everywhere: every session of the user ends', async () => {
    await createUser(t.db, { email: 'everywhere@example.com' });
    const phone = await signIn(t.app, 'everywhere@example.com');
    const laptop = await signIn(t.app, 'everywhere@example.com');
    expect((await injectAs(t.app, laptop, { method: 'POST', url: '/api/auth/sign-out-everywhere' })).statusCode).toBe(204);
    for (const cookie of [phone, laptop]) {
      expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user).toBeNull();
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: writeHeaders })).statusCode).toBe(401);
  });

  it('throttles repeated failed sign-ins for one account with a 429', async () => {
    await clearOfWindowEdge(authRateLimits.signInPerAccount.windowMs);
    await createUser(t.db, { email: 'target@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await post('/api/auth/sign-in', { email: 'target@example.com', password: `wrong-${i}` })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await post('/api/auth/sign-in', { email: 'target@example.com', password: 'Passw0rd!' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_requests');
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('does not let a stranger lock the owner out: the account limit is per client address', async () => {
    await clearOfWindowEdge(authRateLimits.signInPerAccount.windowMs);
    await createUser(t.db, { email: 'owner@example.com' });
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: writeHeaders,
        payload: { email: 'owner@example.com', password },
        remoteAddress,
      });
    const stranger: number[] = [];
    for (let i = 0; i < 20; i++) stranger.push((await from('10.2.0.1', `wrong-${i}`)).statusCode);
    expect(stranger.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(stranger.slice(10).every((s) => s === 429)).toBe(true);
    expect((await from('10.2.0.2', 'Passw0rd!')).statusCode).toBe(200);
    // The stranger stays blocked, even with the right password.
    expect((await from('10.2.0.1', 'Passw0rd!')).statusCode).toBe(429);
  });

  it('never counts successful sign-ins: 40 in a row from one address all succeed', async () => {
    await createUser(t.db, { email: 'frequent@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: writeHeaders,
        payload: { email: 'frequent@example.com', password: 'Passw0rd!' },
        remoteAddress: '10.3.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it.runIf(testDriver === 'postgres')('holds the limit under concurrent attempts on PostgreSQL: exactly 10 get through', async () => {
    await createUser(t.db, { email: 'concurrent@example.com' });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: writeHeaders,
          payload: { email: 'concurrent@example.com', password: `wrong-${i}` },
          remoteAddress: '10.1.0.1',
        }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('throttles password-reset requests per account', async () => {
    await clearOfWindowEdge(authRateLimits.resetPerAccount.windowMs);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await post('/api/auth/password-reset', { email: 'spam-me@example.com' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it('records every security event type of the spec', async () => {
    const rows = await eventually(async () => {
      const all = await t.db.select({ type: securityEvents.eventType, description: securityEvents.description }).from(securityEvents);
      const types = new Set(all.map((r) => r.type));
      const wanted = [
        'USER_SIGNED_UP',
        'SIGNUP_FAILED',
        'USER_SIGNED_IN',
        'LOGIN_FAILED',
        'PASSWORD_RESET_REQUESTED',
        'PASSWORD_CHANGED',
        'USER_SIGNED_OUT',
      ];
      return wanted.every((w) => types.has(w)) ? all : null;
    });
    expect(rows.find((r) => r.type === 'PASSWORD_RESET_REQUESTED')?.description).toContain('@example.com');
    expect(rows.find((r) => r.type === 'SIGNUP_FAILED' && r.description?.includes('Age requirement'))).toBeTruthy();
  });
});
