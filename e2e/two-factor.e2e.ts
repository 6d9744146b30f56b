import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { freePort } from '../scripts/free-port.ts';
import { launchBrowser, waitForHydrationOnLoad } from './browser.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';

/**
 * Issue 39, item 5: the second factor end to end, in both languages, on a phone's width. The
 * authenticator app's codes are computed here with otplib from the secret the page shows; passkeys
 * use Chromium's virtual authenticator (CDP WebAuthn). WebAuthn refuses an IP address as the relying
 * party, so this file runs its own server whose PUBLIC_URL is http://localhost:<port>.
 */

const phone = { width: 390, height: 844 };

describe('second factor and passkeys', () => {
  let browser: Browser;
  let server: BuiltServer;
  let baseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-e2e-2fa-'));
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    server = await startBuiltServer({
      name: 'two-factor',
      port,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_SECONDS: '2',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: phone, locale: 'en-US' });
    const page = await context.newPage();
    waitForHydrationOnLoad(page);
    return { context, page };
  }

  async function signInWithPassword(context: BrowserContext, email: string) {
    const response = await context.request.post('/api/auth/sign-in', {
      data: { email, password: 'Passw0rd!' },
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(response.ok()).toBe(true);
  }

  /** Signed in when the session says so. */
  async function sessionEmail(context: BrowserContext) {
    const response = await context.request.get('/api/session');
    return ((await response.json()) as { user: { email: string } | null }).user?.email ?? null;
  }

  /** The password step on the sign-in page (language prefix given). */
  async function passwordStep(page: Page, prefix: string, email: string) {
    await page.goto(`${prefix}/auth`);
    await page.getByTestId('sign-in-email').fill(email);
    await page.getByTestId('sign-in-password').fill('Passw0rd!');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('second-factor-step').waitFor();
  }

  const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('English: sets up an authenticator app from the QR code’s key, signs in with a code, then with a recovery code once', async () => {
    const { context, page } = await phonePage();
    const email = 'host@example.com';
    await signInWithPassword(context, email);
    await page.goto('/profile');
    await page.getByTestId('security-page-link').click();
    await page.getByTestId('page-security').waitFor();
    expect(await page.locator('h1').textContent()).toBe(en.pages.security.title);
    expect(await page.getByTestId('totp-status').textContent()).toBe(en.twoFactor.off);

    await page.getByTestId('totp-begin').click();
    await page.getByTestId('totp-qr').waitFor();
    expect(await fitsPhone(page)).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByTestId('totp-confirm-code').fill('000000');
    await page.getByTestId('totp-confirm').click();
    await page.getByText(en.errors.codes.invalid_second_factor_code).waitFor();
    await page.getByTestId('totp-confirm-code').fill(await generate({ secret }));
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.getByTestId('recovery-code').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByTestId('recovery-codes-done').click();
    expect(await page.getByTestId('totp-status').textContent()).toBe(en.twoFactor.on);
    expect(await page.getByTestId('recovery-codes-left').textContent()).toBe('10 recovery codes left');

    // The password alone no longer signs in: a code from the app does (the next step's, as the first is used).
    await context.clearCookies();
    await passwordStep(page, '', email);
    expect(await sessionEmail(context)).toBeNull();
    expect(await page.getByTestId('second-factor-step').locator('h2').textContent()).toBe(en.twoFactor.stepTitle);
    await page.getByTestId('second-factor-code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByTestId('second-factor-submit').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'));
    expect(await sessionEmail(context)).toBe(email);

    // A recovery code works once.
    await context.clearCookies();
    await passwordStep(page, '', email);
    await page.getByTestId('second-factor-toggle-recovery').click();
    await page.getByTestId('second-factor-code').fill(codes[0]!);
    await page.getByTestId('second-factor-submit').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'));
    expect(await sessionEmail(context)).toBe(email);
    await context.clearCookies();
    await passwordStep(page, '', email);
    await page.getByTestId('second-factor-toggle-recovery').click();
    await page.getByTestId('second-factor-code').fill(codes[0]!);
    await page.getByTestId('second-factor-submit').click();
    await page.getByText(en.errors.codes.invalid_second_factor_code).waitFor();
    expect(await sessionEmail(context)).toBeNull();
    await context.close();
  });

  it('Hebrew: adds a passkey with the virtual authenticator, renames it, signs in with it alone and as the second step, removes it', async () => {
    const { context, page } = await phonePage();
    const email = 'guest@example.com';
    // Chromium's virtual authenticator: a platform passkey that verifies its user without a prompt.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInWithPassword(context, email);
    await page.goto('/he/profile/security');
    await page.getByTestId('page-security').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(he.pages.security.title);
    expect(await page.getByTestId('passkeys-empty').textContent()).toBe(he.twoFactor.noPasskeys);

    await page.getByTestId('passkey-add-name').fill('מחשב נייד');
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-row').waitFor();
    expect(await page.getByTestId('passkey-name').textContent()).toBe('מחשב נייד');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await page.getByTestId('passkey-rename').click();
    await page.getByTestId('passkey-rename-input').fill('הטלפון שלי');
    await page.getByTestId('passkey-rename-save').click();
    await page.getByTestId('passkey-name').filter({ hasText: 'הטלפון שלי' }).waitFor();
    expect(await fitsPhone(page)).toBe(true);

    // A passkey alone signs in, no e-mail or password typed.
    await context.clearCookies();
    await page.goto('/he/auth');
    await page.getByTestId('sign-in-passkey').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'));
    expect(await sessionEmail(context)).toBe(email);

    // After the password, the passkey is the second step.
    await context.clearCookies();
    await passwordStep(page, '/he', email);
    expect(await page.getByTestId('second-factor-step').locator('h2').textContent()).toBe(he.twoFactor.stepTitle);
    expect(await sessionEmail(context)).toBeNull();
    await page.getByTestId('second-factor-passkey').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'));
    expect(await sessionEmail(context)).toBe(email);

    // Removed: the password alone signs in again.
    await page.goto('/he/profile/security');
    await page.getByTestId('passkey-remove').click();
    await page.getByTestId('passkey-remove-confirm').click();
    await page.getByTestId('passkeys-empty').waitFor();
    await context.clearCookies();
    await signInWithPassword(context, email);
    expect(await sessionEmail(context)).toBe(email);
    await context.close();
  });
});
