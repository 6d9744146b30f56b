import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, totpSecrets } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';
import {
  clearOfWindowEdge,
  createAppsOnOneDatabase,
  createTestContext,
  injectAs,
  writeHeaders,
  type TestContext,
} from '../../test/test-app.ts';
import { authRateLimits } from './auth-rate-limits.ts';

// Issue 39, item 5: a second factor (authenticator app with recovery codes, passkeys), required of
// admins in production; docs/decisions/051-second-factor-and-passkeys.md.

const key = 'a'.repeat(64);
let address = 0;
/** Each test's requests from their own address, so the per-address limits of one do not reach another. */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

const post = (app: FastifyInstance, url: string, payload: unknown, remoteAddress = '10.0.0.1', cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...writeHeaders, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
    remoteAddress,
  });

const sessionCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'lina_session');
  return cookie ? `lina_session=${cookie.value}` : undefined;
};

/** The code of the step `steps` away from now (30 seconds each), as an authenticator app shows it. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Signs in with the password, answering the cookie, or the second step when the account has one. */
async function passwordStep(app: FastifyInstance, email: string, remoteAddress = nextAddress()) {
  const response = await post(app, '/api/auth/sign-in', { email, password: 'Passw0rd!' }, remoteAddress);
  expect(response.statusCode).toBe(200);
  return { body: response.json(), cookie: sessionCookie(response) };
}

/** Adds an authenticator app to a signed-in member: the secret and the recovery codes. */
async function enrol(app: FastifyInstance, cookie: string) {
  const setup = await injectAs(app, cookie, { method: 'POST', url: '/api/auth/two-factor/totp/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await injectAs(app, cookie, {
    method: 'POST',
    url: '/api/auth/two-factor/totp/confirm',
    payload: { code: await codeAt(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('authenticator app and recovery codes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { TWO_FACTOR_KEY: key } });
  });
  afterAll(() => t.close());

  it('enrols: QR code and secret once, confirmed with a code, ten recovery codes once, the secret sealed and never sent again', async () => {
    const member = await createUser(t.db);
    const { cookie } = await passwordStep(t.app, member.email);
    const setup = await injectAs(t.app, cookie!, { method: 'POST', url: '/api/auth/two-factor/totp/setup' });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=Lina');
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Not on yet: a wrong code does not confirm it, and signing in still takes the password alone.
    const state = await injectAs(t.app, cookie!, { url: '/api/auth/two-factor' });
    expect(state.json()).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: [], required: false });
    const wrong = await injectAs(t.app, cookie!, { method: 'POST', url: '/api/auth/two-factor/totp/confirm', payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_second_factor_code');

    const confirm = await injectAs(t.app, cookie!, {
      method: 'POST',
      url: '/api/auth/two-factor/totp/confirm',
      payload: { code: await codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await injectAs(t.app, cookie!, { url: '/api/auth/two-factor' });
    expect(after.json()).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    expect(after.body).not.toContain(secret);
    // A second setup is refused while one is on: the secret is never shown again.
    const again = await injectAs(t.app, cookie!, { method: 'POST', url: '/api/auth/two-factor/totp/setup' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('two_factor_already_enabled');

    // At rest: the secret sealed with TWO_FACTOR_KEY, the recovery codes hashed.
    const [stored] = await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, member.id));
    expect(stored!.secret).toMatch(/^v1:/);
    expect(stored!.secret).not.toContain(secret);
    const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes).not.toContain(row.codeHash);
  });

  it('asks for the second factor after the password, with no session until a right code; refuses the same code twice', async () => {
    const member = await createUser(t.db);
    const { secret } = await enrol(t.app, (await passwordStep(t.app, member.email)).cookie!);

    const first = await passwordStep(t.app, member.email);
    expect(first.cookie).toBeUndefined();
    expect(first.body.user).toBeUndefined();
    expect(first.body.secondFactor.methods).toEqual(['totp', 'recovery']);
    const token: string = first.body.secondFactor.token;

    // The step's token is no session.
    const session = await t.app.inject({ url: '/api/session', headers: { cookie: `lina_session=${token}` } });
    expect(session.json()).toEqual({ user: null });

    const wrong = await post(t.app, '/api/auth/sign-in/second-factor', { token, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_second_factor_code');
    expect(sessionCookie(wrong)).toBeUndefined();

    // The code of the next step: the one confirming the app already used this step's.
    const code = await codeAt(secret, 1);
    const right = await post(t.app, '/api/auth/sign-in/second-factor', { token, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.email).toBe(member.email);
    const cookie = sessionCookie(right);
    expect(cookie).toBeDefined();
    const signedIn = await t.app.inject({ url: '/api/session', headers: { cookie: cookie! } });
    expect(signedIn.json().user.id).toBe(member.id);

    // The step is used up, and its code is refused on a new step (replay within its window), as is an older one.
    expect((await post(t.app, '/api/auth/sign-in/second-factor', { token, code })).json().error.code).toBe('second_factor_step_expired');
    const second = (await passwordStep(t.app, member.email)).body.secondFactor.token;
    const replay = await post(t.app, '/api/auth/sign-in/second-factor', { token: second, code });
    expect(replay.statusCode).toBe(401);
    const older = await post(t.app, '/api/auth/sign-in/second-factor', { token: second, code: await codeAt(secret, 0) });
    expect(older.statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const member = await createUser(t.db);
    const { recoveryCodes: codes } = await enrol(t.app, (await passwordStep(t.app, member.email)).cookie!);
    const token = (await passwordStep(t.app, member.email)).body.secondFactor.token;
    // Typed in capitals and without its dash, as people copy from paper.
    const used = await post(t.app, '/api/auth/sign-in/second-factor', { token, code: codes[0]!.replace('-', '').toUpperCase() });
    expect(used.statusCode).toBe(200);
    const cookie = sessionCookie(used)!;
    expect((await injectAs(t.app, cookie, { url: '/api/auth/two-factor' })).json().recoveryCodesLeft).toBe(9);

    const again = (await passwordStep(t.app, member.email)).body.secondFactor.token;
    const reused = await post(t.app, '/api/auth/sign-in/second-factor', { token: again, code: codes[0] });
    expect(reused.statusCode).toBe(401);
    expect((await post(t.app, '/api/auth/sign-in/second-factor', { token: again, code: codes[1] })).statusCode).toBe(200);
  });

  it('limits wrong codes: five end a pending sign-in, ten in a window lock the account’s codes whoever sends them', async () => {
    await clearOfWindowEdge(authRateLimits.secondFactorPerAccount.windowMs);
    const member = await createUser(t.db);
    const { secret } = await enrol(t.app, (await passwordStep(t.app, member.email)).cookie!);
    const token = (await passwordStep(t.app, member.email)).body.secondFactor.token;
    // The enrolment counted one code of this member's ten.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await post(t.app, '/api/auth/sign-in/second-factor', { token, code: '000000' }, nextAddress());
      expect(wrong.statusCode).toBe(401);
    }
    const dead = await post(t.app, '/api/auth/sign-in/second-factor', { token, code: await codeAt(secret, 1) }, nextAddress());
    expect(dead.json().error.code).toBe('second_factor_step_expired');

    const next = (await passwordStep(t.app, member.email)).body.secondFactor.token;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await post(t.app, '/api/auth/sign-in/second-factor', { token: next, code: '000000' }, nextAddress())).statusCode).toBe(401);
    }
    // Ten counted (one confirming, nine wrong; a dead step's try is refused before counting): even the right code waits now.
    const limited = await post(t.app, '/api/auth/sign-in/second-factor', { token: next, code: await codeAt(secret, 1) }, nextAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('turns the app off with the password and a code, and new recovery codes replace the old', async () => {
    const member = await createUser(t.db);
    const { cookie } = await passwordStep(t.app, member.email);
    const { secret, recoveryCodes: codes } = await enrol(t.app, cookie!);

    const renewed = await injectAs(t.app, cookie!, {
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      payload: { password: 'Passw0rd!', code: codes[0] },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);

    const wrongPassword = await injectAs(t.app, cookie!, {
      method: 'POST',
      url: '/api/auth/two-factor/totp/disable',
      payload: { password: 'nope', code: await codeAt(secret, 1) },
    });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    const oldCode = await injectAs(t.app, cookie!, {
      method: 'POST',
      url: '/api/auth/two-factor/totp/disable',
      payload: { password: 'Passw0rd!', code: codes[1] },
    });
    expect(oldCode.json().error.code).toBe('invalid_second_factor_code');
    const off = await injectAs(t.app, cookie!, {
      method: 'POST',
      url: '/api/auth/two-factor/totp/disable',
      payload: { password: 'Passw0rd!', code: fresh[0] },
    });
    expect(off.statusCode).toBe(200);
    expect((await injectAs(t.app, cookie!, { url: '/api/auth/two-factor' })).json()).toMatchObject({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    // The password alone signs in again.
    expect((await passwordStep(t.app, member.email)).cookie).toBeDefined();
  });
});

describe('passkeys', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  async function addPasskey(cookie: string, authenticator: ReturnType<typeof createSoftwareAuthenticator>, name = 'My phone') {
    const begin = await injectAs(t.app, cookie, { method: 'POST', url: '/api/auth/passkeys/registration-options' });
    expect(begin.statusCode).toBe(200);
    const { token, options } = begin.json();
    expect(options.rp.id).toBe(new URL(t.config.siteUrl).hostname);
    const added = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/passkeys',
      payload: { token, name, credential: authenticator.register(options) },
    });
    expect(added.statusCode).toBe(201);
    return added.json() as { id: string; name: string };
  }

  it('registers a passkey from the security page, renames and lists it, and signs in with it alone', async () => {
    const member = await createUser(t.db);
    const { cookie } = await passwordStep(t.app, member.email);
    const authenticator = createSoftwareAuthenticator(t.config.siteUrl);
    const passkey = await addPasskey(cookie!, authenticator);
    expect(passkey.name).toBe('My phone');

    const renamed = await injectAs(t.app, cookie!, {
      method: 'PATCH',
      url: `/api/auth/passkeys/${passkey.id}`,
      payload: { name: 'Laptop' },
    });
    expect(renamed.json().name).toBe('Laptop');
    const state = (await injectAs(t.app, cookie!, { url: '/api/auth/two-factor' })).json();
    expect(state.passkeys).toEqual([expect.objectContaining({ id: passkey.id, name: 'Laptop', lastUsedAt: null })]);

    // Passwordless: options with no account named, the authenticator's signed answer, a session.
    const begin = (await post(t.app, '/api/auth/passkeys/sign-in-options', {})).json();
    const assertion = authenticator.authenticate(begin.options);
    const signedIn = await post(t.app, '/api/auth/passkeys/sign-in', { token: begin.token, credential: assertion });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(member.id);
    expect(sessionCookie(signedIn)).toBeDefined();

    // The same answer again: the step is used; on a new step its challenge is not the one asked.
    expect((await post(t.app, '/api/auth/passkeys/sign-in', { token: begin.token, credential: assertion })).statusCode).toBe(400);
    const other = (await post(t.app, '/api/auth/passkeys/sign-in-options', {})).json();
    const replayed = await post(t.app, '/api/auth/passkeys/sign-in', { token: other.token, credential: assertion });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('passkey_not_recognised');

    // A key the site never registered is not recognised.
    const stranger = createSoftwareAuthenticator(t.config.siteUrl);
    const third = (await post(t.app, '/api/auth/passkeys/sign-in-options', {})).json();
    expect(
      (await post(t.app, '/api/auth/passkeys/sign-in', { token: third.token, credential: stranger.authenticate(third.options) }))
        .statusCode,
    ).toBe(401);
  });

  it('uses a passkey as the second factor after the password, only the account’s own', async () => {
    const member = await createUser(t.db);
    const someoneElse = await createUser(t.db);
    const mine = createSoftwareAuthenticator(t.config.siteUrl);
    const theirs = createSoftwareAuthenticator(t.config.siteUrl);
    const passkey = await addPasskey((await passwordStep(t.app, member.email)).cookie!, mine);
    const theirsId = (await addPasskey((await passwordStep(t.app, someoneElse.email)).cookie!, theirs)).id;

    const step = (await passwordStep(t.app, member.email)).body.secondFactor;
    expect(step.methods).toEqual(['passkey']);
    const begin = await post(t.app, '/api/auth/sign-in/second-factor/passkey-options', { token: step.token });
    expect(begin.statusCode).toBe(200);
    const { options } = begin.json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: mine.credentialId })]);

    const wrongKey = await post(t.app, '/api/auth/sign-in/second-factor/passkey', {
      token: step.token,
      credential: theirs.authenticate(options),
    });
    expect(wrongKey.statusCode).toBe(401);
    const right = await post(t.app, '/api/auth/sign-in/second-factor/passkey', {
      token: step.token,
      credential: mine.authenticate(options),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(member.id);
    const cookie = sessionCookie(right)!;

    // Removed: the password alone signs in again.
    const removed = await injectAs(t.app, cookie, { method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await passwordStep(t.app, member.email)).cookie).toBeDefined();
    // Someone else's passkey cannot be renamed or removed.
    expect(
      (await injectAs(t.app, cookie, { method: 'PATCH', url: `/api/auth/passkeys/${theirsId}`, payload: { name: 'Mine' } })).statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, cookie, { method: 'DELETE', url: `/api/auth/passkeys/${theirsId}` })).statusCode).toBe(404);
  });

  it('refuses a passwordless sign-in without user verification', async () => {
    const member = await createUser(t.db);
    const unverified = createSoftwareAuthenticator(t.config.siteUrl, { userVerified: false });
    await addPasskey((await passwordStep(t.app, member.email)).cookie!, unverified);
    const begin = (await post(t.app, '/api/auth/passkeys/sign-in-options', {})).json();
    const refused = await post(t.app, '/api/auth/passkeys/sign-in', {
      token: begin.token,
      credential: unverified.authenticate(begin.options),
    });
    expect(refused.statusCode).toBe(401);
  });
});

describe('required of admins in production', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
  });
  afterAll(() => apps.close());

  it('sends an admin without a second factor to set one up: admin routes refused until enrolled', async () => {
    const production = await apps.appWith({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' } });
    const admin = await createUser(apps.db, { role: 'admin' });
    const { body, cookie } = await passwordStep(production, admin.email);
    expect(body.user.secondFactorSetupRequired).toBe(true);
    const session = await production.inject({ url: '/api/session', headers: { cookie: cookie! } });
    expect(session.json().user.secondFactorSetupRequired).toBe(true);
    const refused = await injectAs(production, cookie!, { url: '/api/admin/signups' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_required');
    expect((await injectAs(production, cookie!, { url: '/api/auth/two-factor' })).json().required).toBe(true);
    // Nor an admin's power a route grants by the viewer: another member's ID document.
    const member = await createUser(apps.db);
    expect((await injectAs(production, cookie!, { url: `/api/users/${member.id}/id-document` })).statusCode).toBe(403);

    const { secret } = await enrol(production, cookie!);
    expect((await injectAs(production, cookie!, { url: '/api/admin/signups' })).statusCode).toBe(200);
    // Enrolled, the admin may look (the member has none: 404, no longer 403).
    expect((await injectAs(production, cookie!, { url: `/api/users/${member.id}/id-document` })).statusCode).toBe(404);
    const now = await production.inject({ url: '/api/session', headers: { cookie: cookie! } });
    expect(now.json().user.secondFactorSetupRequired).toBeUndefined();

    // From now on the password alone is not enough.
    const next = await passwordStep(production, admin.email);
    expect(next.cookie).toBeUndefined();
    const done = await post(production, '/api/auth/sign-in/second-factor', {
      token: next.body.secondFactor.token,
      code: await codeAt(secret, 1),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.secondFactorSetupRequired).toBeUndefined();
  });

  it('keeps the demo’s way outside production: an admin signs in with the password alone and uses the admin routes', async () => {
    const development = await apps.appWith({ env: { NODE_ENV: 'development' } });
    const admin = await createUser(apps.db, { role: 'admin' });
    const { body, cookie } = await passwordStep(development, admin.email);
    expect(body.user.secondFactorSetupRequired).toBeUndefined();
    expect((await injectAs(development, cookie!, { url: '/api/admin/signups' })).statusCode).toBe(200);
    // Guests and hosts are never required, production or not.
    const production = await apps.appWith({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' } });
    const host = await createUser(apps.db, { role: 'host' });
    expect((await passwordStep(production, host.email)).body.user.secondFactorSetupRequired).toBeUndefined();
  });
});
