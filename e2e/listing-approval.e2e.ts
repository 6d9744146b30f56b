import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { createAndSubmitListing } from './listing-wizard.ts';

// The whole path of a listing: the demo host (ID verified) lists a sublet with a photo and submits it,
// the admin approves it from the Verifications tab, and the demo guest finds it in search.

const title = `E2E approved loft ${Date.now().toString(36)}`;
const searchPath = '/results?type=sublets&location=Florentin&sort=newest';

describe('a listing from wizard to search', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let guest: { context: BrowserContext; page: Page };
  let listingId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    [host, admin, guest] = await Promise.all([newPage(browser), newPage(browser), newPage(browser, { asGuest: true })]);
    // Sign-in is rate-limited per IP: each account signs in once for the whole file.
    await signInAs(host.context, 'host@example.com');
    await signInAs(admin.context, 'admin@example.com');
  });
  afterAll(async () => {
    await Promise.all([host?.context.close(), admin?.context.close(), guest?.context.close()]);
    await browser?.close();
  });

  it('the host submits a new listing with a photo, which search does not show yet', async () => {
    listingId = await createAndSubmitListing(host.page, { title });
    const response = await guest.context.request.get(`/api/search${searchPath.slice('/results'.length)}`);
    expect(response.ok()).toBe(true);
    const { results } = (await response.json()) as { results: { id: number }[] };
    expect(results.map((r) => r.id)).not.toContain(listingId);
  });

  it('the admin approves it among the listings awaiting approval', async () => {
    const { page } = admin;
    await page.goto('/admin?tab=verifications');
    const row = page.getByTestId('listing-verification').filter({ hasText: title });
    await row.waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByTestId('listing-verification-approve').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });

    // The host gets from the Hosting page (their requests) to their listings by its header link.
    await host.page.goto('/host/bookings');
    await host.page.getByTestId('hosting-listings-link').click();
    await host.page.waitForURL(/\/host\/listings$/, { timeout: 15_000 });
    const mine = host.page.getByTestId('host-listing').filter({ hasText: title });
    await mine.locator('[data-testid="listing-status"][data-status="approved"]').waitFor({ timeout: 20_000 });
  });

  it('the guest finds it in search, by its city and type, and opens it', async () => {
    const response = await guest.context.request.get(`/api/search${searchPath.slice('/results'.length)}`);
    const { results } = (await response.json()) as { results: { id: number; title: string }[] };
    expect(results.find((r) => r.id === listingId)).toMatchObject({ title });

    const { page } = guest;
    await page.goto(searchPath);
    const card = page.getByTestId('results-card').filter({ hasText: title });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.locator('img').count()).toBeGreaterThan(0);
    await card.getByTestId('card-link').click();
    await page.waitForURL(new RegExp(`/property/${listingId}`), { timeout: 15_000 });
  });

  it('the admin reads the records on the Records tab', async () => {
    const { page } = admin;
    await page.goto('/admin?tab=records');
    for (const section of ['contact', 'jobs', 'newsletter', 'signups', 'page-views']) {
      await page.getByTestId(`records-${section}`).waitFor({ timeout: 20_000 });
    }
    await page.getByTestId('records-page-views').locator('table, p').first().waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByTestId('records-signups-csv').click();
    expect((await download).suggestedFilename()).toBe('signups.csv');

    await page.goto('/he/admin?tab=records');
    await page.getByTestId('records-page-views').waitFor({ timeout: 20_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('admin-tab-records').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('admin-tab-records').textContent()).toBe(he.admin.tabs.records);
  });
});
