import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, ownServer } from './browser.ts';

/**
 * The first seconds on a slow phone, or a browser with scripts off (issue 40, progressive
 * enhancement): the search forms are real forms. The explore form submits its type, place and
 * native date fields to the server-rendered results; the sentence box submits to /results?q=, which
 * the server reads and redirects to the structured search the box would have opened.
 */
describe('with JavaScript disabled', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function pageWithoutScripts() {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    // The e2e server runs in prelaunch, where visitors see the landing: the demo guest's session.
    const [name, value] = ownServer().guestCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl() }]);
    return { context, page: await context.newPage() };
  }

  it('searches hotels with a place and dates from the explore form and reaches the results (en)', async () => {
    const { context, page } = await pageWithoutScripts();
    try {
      await page.goto('/explore');
      // The type switch is a radio group: the label's tap checks it and its style follows, without scripts.
      await page.getByTestId('explore-type-hotel').click();
      expect(await page.locator('input[name="type"][value="hotel"]').isChecked()).toBe(true);
      await page.getByTestId('explore-location-input').fill('Tel Aviv');
      // The picker cannot open without scripts: two native date fields stand in for its button.
      expect(await page.getByTestId('explore-dates-button').isVisible()).toBe(false);
      const year = new Date().getFullYear() + 1;
      await page.locator('input[name="checkIn"]').fill(`${year}-03-10`);
      await page.locator('input[name="checkOut"]').fill(`${year}-03-12`);
      await page.getByTestId('explore-search').click();
      await page.waitForURL(/\/results\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('type')).toBe('hotel');
      expect(url.searchParams.get('location')).toBe('Tel Aviv');
      expect(url.searchParams.get('checkIn')).toBe(`${year}-03-10`);
      // The server rendered the results themselves, not a shell waiting for scripts.
      expect(await page.getByTestId('results-list').locator('li').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('results-title').textContent()).toMatch(/hotel/i);
      // The phone's menu button leads to the footer's links when it cannot open its sheet.
      await page.getByTestId('nav-menu-button').click();
      await page.waitForURL(/#site-footer$/);
      expect(await page.getByTestId('footer').locator('a').count()).toBeGreaterThan(5);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('reads a Hebrew sentence on the server and opens the structured results (he)', async () => {
    const { context, page } = await pageWithoutScripts();
    try {
      await page.goto('/he/explore');
      await page.getByTestId('sentence-input').fill('דירה בחיפה עם מרפסת');
      await page.getByTestId('sentence-submit').click();
      await page.waitForURL(/\/he\/results\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('q')).toBeNull();
      expect(url.searchParams.get('location')).toBe('חיפה');
      expect(url.searchParams.getAll('amenities')).toContain('balcony');
      expect(await page.getByTestId('results-subtitle').textContent()).toContain('חיפה');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('narrows the results with the filter panel, keeping what it has no field for (he, phone)', async () => {
    const { context, page } = await pageWithoutScripts();
    try {
      await page.goto('/he/results?type=sublet&location=Tel%20Aviv&sort=price_asc&minPrice=3000');
      // On a phone the panel opens with a button that needs scripts: without them it is simply shown.
      expect(await page.getByTestId('results-show-filters').isVisible()).toBe(false);
      await page.getByTestId('filter-amenity-kitchen').check();
      await page.getByTestId('filter-bedrooms').selectOption('2');
      await page.getByTestId('filter-search').click();
      await page.waitForURL((url) => url.searchParams.get('bedrooms') === '2');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/he/results');
      expect(url.searchParams.getAll('amenities')).toEqual(['kitchen']);
      // The type, the price and the order had no field of their own: hidden fields kept them.
      expect([url.searchParams.get('type'), url.searchParams.get('sort'), url.searchParams.get('minPrice')]).toEqual([
        'sublet',
        'price_asc',
        '3000',
      ]);
      // The server read the sent form as the search: the panel shows the filters applied.
      expect(await page.getByTestId('filter-amenity-kitchen').isChecked()).toBe(true);
      expect(await page.getByTestId('filter-count').textContent()).toMatch(/3/);
    } finally {
      await context.close();
    }
  }, 60_000);
});
