import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { ListingCard, SearchResponse } from '../core/contracts/search.ts';
import { launchBrowser, newPage, seriousAxeViolations } from './browser.ts';

// The demo guest's saved list is shared by every e2e file: each test starts from an empty list.

const writeHeaders = { 'x-requested-with': 'fetch' };

async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()}`);
  return (await response.json()) as T;
}

async function clearSaved(context: BrowserContext) {
  const { listings } = await getJson<{ listings: ListingCard[] }>(context, '/api/saved');
  for (const listing of listings) await context.request.delete(`/api/saved/${listing.id}`, { headers: writeHeaders });
}

async function openSaved(page: Page, path: string, state: 'ready' | 'empty') {
  await page.goto(path);
  await page.waitForSelector(`[data-testid="page-saved"][data-state="${state}"]`, { timeout: 20_000 });
}

describe('the saved page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let listing: ListingCard;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { asGuest: true }));
    listing = (await getJson<SearchResponse>(context, '/api/search?type=sublets&lang=en')).results[0]!;
    await clearSaved(context);
  });
  afterAll(async () => {
    if (context) await clearSaved(context);
    await context?.close();
    await browser?.close();
  });

  it('shows a listing saved from its property page, and the empty state once it is removed', async () => {
    await page.goto(`/property/${listing.id}`);
    await page.waitForSelector('[data-testid="page-property"][data-state="ready"]', { timeout: 20_000 });
    const save = page.getByTestId('property-save');
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/saved/${listing.id}`) && response.request().method() === 'PUT',
    );
    await save.click();
    expect((await saved).ok()).toBe(true);

    // Through the nav bar's Saved link.
    await page.getByTestId('nav-saved').click();
    await page.waitForURL(/\/saved$/);
    await page.waitForSelector('[data-testid="page-saved"][data-state="ready"]', { timeout: 20_000 });
    expect(await page.title()).toContain('Saved');
    expect(await page.getByTestId('saved-title').textContent()).toBe('Saved');
    const items = page.getByTestId('saved-item');
    expect(await items.count()).toBe(1);
    expect(await items.first().getAttribute('data-id')).toBe(String(listing.id));
    expect(await items.first().getByTestId('card-link').textContent()).toBe(listing.title);
    expect(await page.getByTestId('saved-count').textContent()).toBe('1 saved place');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const remove = items.first().getByTestId('saved-remove');
    expect(await remove.getAttribute('aria-label')).toBe(`Remove ${listing.title} from saved`);
    const removed = page.waitForResponse(
      (response) => response.url().endsWith(`/api/saved/${listing.id}`) && response.request().method() === 'DELETE',
    );
    await remove.click();
    // Gone at once (optimistic), and for good once the server has answered.
    await page.getByTestId('saved-empty').waitFor();
    expect((await removed).ok()).toBe(true);
    expect(await page.getByTestId('saved-empty').textContent()).toContain('No saved places yet');
    // The pressed button went with its card; focus stays on the page (its heading), not lost to <body>.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('saved-title');
    expect(await page.getByTestId('saved-explore').getAttribute('href')).toBe('/explore');
    expect((await getJson<{ listings: ListingCard[] }>(context, '/api/saved')).listings).toEqual([]);

    // The property page knows too.
    await page.goto(`/property/${listing.id}`);
    await page.waitForSelector('[data-testid="page-property"][data-state="ready"]', { timeout: 20_000 });
    expect(await page.getByTestId('property-save').getAttribute('aria-pressed')).toBe('false');
  });

  it('puts a removed listing back with Undo, and keeps a failed removal on the list', async () => {
    await context.request.put(`/api/saved/${listing.id}`, { headers: writeHeaders });
    await openSaved(page, '/saved', 'ready');
    await page.getByTestId('saved-remove').first().click();
    await page.getByTestId('saved-empty').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForSelector(`[data-testid="saved-item"][data-id="${listing.id}"]`);

    await page.route(`**/api/saved/${listing.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    await page.getByTestId('saved-remove').first().click();
    await page.getByText("We couldn't remove this place from your saved list").waitFor();
    await page.waitForSelector(`[data-testid="saved-item"][data-id="${listing.id}"]`);
    await page.unroute(`**/api/saved/${listing.id}`);
    await clearSaved(context);
  });

  it('is in Hebrew, right to left, at /he/saved', async () => {
    await context.request.put(`/api/saved/${listing.id}`, { headers: writeHeaders });
    const hebrew = await getJson<ListingDetail>(context, `/api/properties/${listing.id}?lang=he`);
    const he = await newPage(browser, { asGuest: true });
    await openSaved(he.page, '/he/saved', 'ready');
    expect(await he.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await he.page.locator('html').getAttribute('lang')).toBe('he');
    expect(await he.page.getByTestId('saved-title').textContent()).toBe('שמורים');
    expect(await he.page.getByTestId('card-link').first().textContent()).toBe(hebrew.title);
    expect(await he.page.getByTestId('card-link').first().getAttribute('href')).toBe(`/he/property/${listing.id}`);
    expect(await seriousAxeViolations(he.page)).toEqual([]);

    await he.page.getByTestId('saved-remove').first().click();
    await he.page.getByTestId('saved-empty').waitFor();
    expect(await he.page.getByTestId('saved-empty').textContent()).toContain('עדיין אין מקומות שמורים');
    expect(await he.page.getByTestId('saved-explore').getAttribute('href')).toBe('/he/explore');
    await he.context.close();
  });
});
