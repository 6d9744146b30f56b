import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { latestAdultBirthDate } from '../core/sign-up-rules.ts';
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

/**
 * "Your data" on the profile (issue 39, decision 050), in both languages: a new member asks for
 * their data, downloads the archive the job built and mailed about, then deletes their account with
 * their password. New accounts each time: the demo accounts are shared by every file on the server.
 */

/** The texts the steps check, in the page's language. */
type Texts = { profile: { yourData: { title: string; closed: string } }; errors: { codes: { password_incorrect: string } } };

const run = Date.now().toString(36);
const password = 'Passw0rd!';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(context: BrowserContext, to: string): Promise<Mail[]> {
  return ((await (await context.request.get('/api/dev/mailbox')).json()) as Mail[]).filter((mail) => mail.to === to);
}

/** Signs a new member up through the API, confirms the address from the mailed link and signs in. */
async function newMember(context: BrowserContext, label: string, language: 'en' | 'he') {
  const email = `${label.toLowerCase()}.${run}@example.com`;
  const signUp = await context.request.post('/api/auth/sign-up', {
    data: {
      firstName: label,
      lastName: 'Datason',
      dateOfBirth: latestAdultBirthDate(new Date()),
      email,
      password,
      language,
      acceptTerms: true,
    },
    headers: { 'x-requested-with': 'fetch' },
  });
  expect(signUp.status()).toBe(201);
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    link = (await mailsTo(context, email)).map((mail) => /https?:\/\/\S+confirm-email\S+/.exec(mail.text)?.[0]).find(Boolean);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await context.request.get(new URL(link!).pathname + new URL(link!).search, { maxRedirects: 0 });
  await signInAs(context, email);
  return email;
}

/** Asks for the archive on the profile, waits for the job, checks the mail, and downloads it. */
async function requestAndDownload(page: Page, context: BrowserContext, email: string, prefix: '' | '/he', texts: Texts) {
  await page.goto(`${prefix}/profile`);
  const card = page.getByTestId('your-data');
  await card.waitFor({ timeout: 20_000 });
  expect(await card.locator('h2').textContent()).toBe(texts.profile.yourData.title);
  await page.getByTestId('request-data-export').click();
  await page.locator('[data-testid="data-export"][data-status="ready"]').waitFor({ timeout: 30_000 });

  const mail = (await mailsTo(context, email)).find(
    (candidate) => candidate.subject === (prefix ? 'המידע שלכם בלינה מוכן להורדה' : 'Your Lina data is ready to download'),
  );
  expect(mail?.text).toContain(`${prefix}/profile#your-data`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export-download').first().click()]);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const account = JSON.parse(strFromU8(files['data/account.json']!)) as { email: string };
  expect(account.email).toBe(email);
  expect(files['data/bookingsAsGuest.json']).toBeDefined();
  expect(files['data/messages.json']).toBeDefined();
}

/** Deletes the account from the profile: a wrong password is refused, the right one closes it. */
async function deleteAccount(page: Page, context: BrowserContext, email: string, prefix: '' | '/he', texts: Texts) {
  await page.goto(`${prefix}/profile#your-data`);
  // The export's toast gone first: axe would measure its text under the dialog's dimmed overlay.
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, null, { timeout: 15_000 });
  await page.getByTestId('delete-account').click();
  const dialog = page.getByTestId('delete-account-dialog');
  await dialog.waitFor();
  await page.getByTestId('delete-account-password').fill('not-my-password');
  await page.getByTestId('delete-account-confirm').click();
  await page.getByTestId('delete-account-error').waitFor();
  expect(await page.getByTestId('delete-account-error').textContent()).toContain(texts.errors.codes.password_incorrect);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByTestId('delete-account-password').fill(password);
  await page.getByTestId('delete-account-confirm').click();
  await page.locator('[data-sonner-toast]').filter({ hasText: texts.profile.yourData.closed }).first().waitFor();
  await page.waitForURL((url) => url.pathname === (prefix || '/'));
  // Signed out, and nobody signs in to a closed account.
  expect(((await (await context.request.get('/api/session')).json()) as { user: unknown }).user).toBeNull();
  const again = await context.request.post('/api/auth/sign-in', { data: { email, password }, headers: { 'x-requested-with': 'fetch' } });
  expect(again.status()).toBe(401);
}

describe('your data', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('in English: a member downloads their data, then deletes their account with their password', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    const email = await newMember(context, 'Datanna', 'en');
    await requestAndDownload(page, context, email, '', en);
    await deleteAccount(page, context, email, '', en);
  });

  it('in Hebrew, on a phone: the same, right to left', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    contexts.push(context);
    const email = await newMember(context, 'Datiel', 'he');
    await requestAndDownload(page, context, email, '/he', he);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('request-data-export').textContent()).toContain(he.profile.yourData.request);
    await deleteAccount(page, context, email, '/he', he);
  });
});
