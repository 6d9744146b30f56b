import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '../core/contracts/saved-searches.ts';
import type { DevMail } from '../core/contracts/dev-mailbox.ts';
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { createAndSubmitListing } from './listing-wizard.ts';

// Saved searches and their alerts (issue 38, item 4): a member saves a search from the results page
// (the demo guest, once from the Hebrew page and once from the English one), a listing approved
// afterwards is mailed once to each search in the language of its page, and the mail's link stops the alerts without signing in. The search
// carries a word only this file's listing has (the `text` filter), so other files' listings never match.

const token = `zq${Date.now().toString(36)}`;
const title = `Alerts loft ${token}`;
const names = { en: `Florentin ${token}`, he: `פלורנטין ${token}` };
const resultsQuery = `type=sublets&location=Florentin&text=${token}`;
const writeHeaders = { 'x-requested-with': 'fetch' };

async function mailbox(context: BrowserContext): Promise<DevMail[]> {
  const response = await context.request.get('/api/dev/mailbox');
  expect(response.ok()).toBe(true);
  return (await response.json()) as DevMail[];
}

describe('search alerts', () => {
  let browser: Browser;
  let guest: { context: BrowserContext; page: Page };
  let host: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  const mails: Partial<Record<'en' | 'he', DevMail>> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    [guest, host, admin] = await Promise.all([newPage(browser, { asGuest: true }), newPage(browser), newPage(browser)]);
    await signInAs(host.context, 'host@example.com');
    await signInAs(admin.context, 'admin@example.com');
  });
  afterAll(async () => {
    if (guest) {
      const { searches } = (await (await guest.context.request.get('/api/saved-searches')).json()) as { searches: SavedSearch[] };
      for (const search of searches.filter((row) => row.name.includes(token))) {
        await guest.context.request.delete(`/api/saved-searches/${search.id}`, { headers: writeHeaders });
      }
    }
    await Promise.all([guest?.context.close(), host?.context.close(), admin?.context.close()]);
    await browser?.close();
  });

  async function saveSearch(page: Page, path: string, name: string) {
    await page.goto(path);
    await page.waitForSelector('[data-testid="page-results"][data-ready="true"]', { timeout: 30_000 });
    await page.getByTestId('save-search').click();
    await page.getByTestId('save-search-name').fill(name);
    await page.getByTestId('save-search-frequency').selectOption('instant');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/saved-searches') && response.request().method() === 'POST',
    );
    await page.getByTestId('save-search-submit').click();
    expect((await saved).status()).toBe(201);
  }

  it('a member saves the search from the results page, in English and in Hebrew, and finds it on /saved', async () => {
    // The Hebrew pages in a browser of their own: a visit to a Hebrew page is remembered, and would
    // bring the English links back to Hebrew.
    const hebrew = await newPage(browser, { asGuest: true });
    try {
      await saveSearch(hebrew.page, `/he/results?${resultsQuery}`, names.he);
      await hebrew.page.goto('/he/saved');
      await hebrew.page.getByTestId('saved-search').filter({ hasText: names.he }).waitFor({ timeout: 20_000 });
      expect(await hebrew.page.getByText('חיפושים שמורים').count()).toBeGreaterThan(0);
    } finally {
      await hebrew.context.close();
    }

    await saveSearch(guest.page, `/results?${resultsQuery}`, names.en);
    await guest.page.goto('/saved');
    const row = guest.page.getByTestId('saved-search').filter({ hasText: names.en });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('saved-search-frequency').inputValue()).toBe('instant');
    expect(await row.getByTestId('saved-search-open').getAttribute('href')).toContain(`text=${token}`);
    expect(await seriousAxeViolations(guest.page)).toEqual([]);
  });

  it('a listing approved afterwards is mailed once to each search, in the page’s language', { timeout: 240_000 }, async () => {
    const listingId = await createAndSubmitListing(host.page, { title });
    await admin.page.goto('/admin?tab=verifications');
    const row = admin.page.getByTestId('listing-verification').filter({ hasText: title });
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('listing-verification-approve').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });

    // The alert job runs on every instance once a minute (JOBS_EVERY_SECONDS).
    const alertsOf = (all: DevMail[], name: string) => all.filter((mail) => mail.subject.includes(name));
    const deadline = Date.now() + 150_000;
    let all: DevMail[] = [];
    while (Date.now() < deadline) {
      all = await mailbox(guest.context);
      if (alertsOf(all, names.en).length > 0 && alertsOf(all, names.he).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const [english] = alertsOf(all, names.en);
    const [hebrew] = alertsOf(all, names.he);
    expect(english?.to).toBe('guest@example.com');
    expect(english?.text).toContain(title);
    expect(english?.text).toContain(`/property/${listingId}`);
    expect(hebrew?.to).toBe('guest@example.com');
    expect(hebrew?.subject).toContain('חדש בחיפוש');
    expect(hebrew?.text).toContain(`/he/property/${listingId}`);
    expect(hebrew?.html).toContain('dir="rtl"');
    mails.en = english;
    mails.he = hebrew;

    // The next run of the job sends nothing more for it.
    await new Promise((resolve) => setTimeout(resolve, 65_000));
    all = await mailbox(guest.context);
    expect(alertsOf(all, names.en)).toHaveLength(1);
    expect(alertsOf(all, names.he)).toHaveLength(1);
  });

  it('the mail’s unsubscribe link stops the alerts without signing in, in both languages', { timeout: 90_000 }, async () => {
    for (const [language, done] of [
      ['en', 'no more mails for the search'],
      ['he', 'לא יישלחו עוד מיילים לחיפוש'],
    ] as const) {
      const link = /(https?:\/\/\S+\/alerts\/unsubscribe\?token=\S+)/.exec(mails[language]?.text ?? '')?.[1];
      expect(link, language).toBeDefined();
      const visitor = await newPage(browser);
      try {
        await visitor.page.goto(link!);
        await visitor.page.getByTestId('unsubscribe-confirm').click();
        const message = visitor.page.getByTestId('unsubscribe-done');
        await message.waitFor({ timeout: 15_000 });
        expect(await message.textContent()).toContain(done);
        expect(await message.textContent()).toContain(names[language]);
        expect(await seriousAxeViolations(visitor.page)).toEqual([]);
      } finally {
        await visitor.context.close();
      }
    }
    const { searches } = (await (await guest.context.request.get('/api/saved-searches')).json()) as { searches: SavedSearch[] };
    expect(searches.find((search) => search.name === names.en)?.frequency).toBe('none');
  });
});
