import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListingSummaries } from '../core/contracts/host-listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { getJson, openProperty, settledTotal } from './stays.ts';

// The map search (issue 17): the results map with its markers, card and "Search this area", the
// property page's area circle and the wizard's pin, in English and Hebrew. Headless Chromium draws
// MapLibre's WebGL in software (SwiftShader; e2e/browser.ts launchBrowser).

/** Shows the map and waits until it has drawn its markers (or clusters). */
async function showMap(page: Page) {
  await page.getByTestId('results-view-toggle').click();
  await page.locator('[data-testid="results-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').first().waitFor({ timeout: 20_000 });
}

/** A price marker, zooming into clusters until one shows. */
async function someMarker(page: Page) {
  for (let attempt = 0; attempt < 6 && (await page.getByTestId('map-marker').count()) === 0; attempt += 1) {
    await page.getByTestId('map-cluster').first().click();
    await page.waitForTimeout(800);
  }
  return page.getByTestId('map-marker').first();
}

const languages = [
  { language: 'en' as const, prefix: '', texts: en },
  { language: 'he' as const, prefix: '/he', texts: he },
];

describe('map search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { language, prefix, texts } of languages) {
    it(`shows the results on a map, a card per marker, and searches the area the map shows (${language})`, async () => {
      const { context, page } = await newPage(browser, { asGuest: true, locale: language === 'he' ? 'he-IL' : 'en-US' });
      try {
        await page.goto(`${prefix}/results?type=hotels&location=${encodeURIComponent(language === 'he' ? 'תל אביב' : 'Tel Aviv')}`);
        const before = await settledTotal(page);
        expect(before).toBeGreaterThan(0);
        expect(await page.getByTestId('results-map').count()).toBe(0);

        await showMap(page);
        expect(await page.getByTestId('results-view-toggle').textContent()).toBe(texts.map.showList);
        // Split view at 1280 px: the list stays beside the map.
        expect(await page.getByTestId('results-list').isVisible()).toBe(true);
        const titles = await page.locator('[data-testid="results-card"] h3').allTextContents();

        const marker = await someMarker(page);
        const price = await marker.textContent();
        expect(price).toMatch(/₪/);
        expect(await marker.getAttribute('aria-label')).toContain(price!);
        await marker.click();
        const card = page.getByTestId('map-card');
        await card.waitFor();
        expect(titles).toContain(await card.getByTestId('map-card-link').textContent());
        expect(await marker.getAttribute('aria-expanded')).toBe('true');
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.getByTestId('map-card-close').click();
        await card.waitFor({ state: 'detached' });

        // Keyboard: markers are buttons in the tab order; Enter opens the card.
        await page.getByTestId('map-marker').first().focus();
        await page.keyboard.press('Enter');
        await card.waitFor();
        await page.getByTestId('map-card-close').click();

        // Moving the map offers "Search this area": zoom out twice and drag.
        const zoomOut = page.locator('.maplibregl-ctrl-zoom-out');
        await zoomOut.click();
        await page.waitForTimeout(400);
        await zoomOut.click();
        // Each zoom eases for a moment; a drag started during it would end in one more move later.
        await page.waitForTimeout(500);
        const canvas = page.locator('.maplibregl-canvas');
        const box = (await canvas.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 5 });
        // Held still before letting go, so MapLibre's drag inertia (which counts only the last 160 ms of
        // movement) adds no glide: a glide ending after the click below brought "Search this area" back.
        await page.waitForTimeout(300);
        await page.mouse.up();
        const searchArea = page.getByTestId('map-search-area');
        await searchArea.waitFor();
        expect(await searchArea.textContent()).toBe(texts.map.searchArea);
        const address = page.url();
        await searchArea.click();
        await page.waitForURL((url) => url.href !== address);
        const url = new URL(page.url());
        const bbox = url.searchParams.get('bbox');
        expect(bbox).toMatch(/^[\d.]+,[\d.]+,[\d.]+,[\d.]+$/);
        expect(url.searchParams.get('location')).toBeNull();
        expect(url.searchParams.get('type')).toBe('hotel');
        const after = await settledTotal(page);
        // The area around Tel Aviv holds its hotels at least, and the page shows what the API finds in that box.
        expect(after).toBeGreaterThanOrEqual(1);
        const api = await getJson<SearchResponse>(context, `/api/search?type=hotels&bbox=${bbox}&lang=${language}`);
        expect(after).toBe(api.total);
        const subtitle = await page.getByTestId('results-subtitle').textContent();
        expect(subtitle).toContain(language === 'he' ? 'באזור שבמפה' : 'in the map area');
        // The map stayed where the visitor put it, with the new results' markers.
        await page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').first().waitFor();
        await expect.poll(() => page.getByTestId('map-search-area').count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('on a phone the map takes the list’s place, in the dark theme too', async () => {
    const { context, page } = await newPage(browser, { asGuest: true, width: 390, height: 844, colorScheme: 'dark' });
    try {
      await page.goto('/he/results?type=sublets');
      await settledTotal(page);
      await showMap(page);
      expect(await page.getByTestId('results-list').isVisible()).toBe(false);
      expect(await page.getByTestId('results-map').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByTestId('results-view-toggle').click();
      await page.getByTestId('results-list').waitFor();
      expect(await page.getByTestId('results-map').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  for (const { language, prefix, texts } of languages) {
    it(`shows a property's approximate area as a circle (${language})`, async () => {
      const { context, page } = await newPage(browser, { asGuest: true, colorScheme: language === 'he' ? 'dark' : 'light' });
      try {
        const { results } = await getJson<SearchResponse>(context, `/api/search?type=rentals&lang=${language}`);
        const listing = results.find((card) => card.area)!;
        await openProperty(page, `${prefix}/property/${listing.id}`);
        const section = page.getByTestId('property-area');
        await section.scrollIntoViewIfNeeded();
        expect(await section.locator('h2').textContent()).toBe(texts.map.areaTitle);
        await page.locator('[data-testid="property-area-map"][data-ready="true"]').waitFor({ timeout: 30_000 });
        // The page's listing answer carries only the approximate point: the one search shows.
        const detail = await getJson<{ area: unknown; latitude?: unknown }>(context, `/api/properties/${listing.id}?lang=${language}`);
        expect(detail.area).toEqual(listing.area);
        expect(detail.latitude).toBeUndefined();
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('lets the host place the pin from the wizard, starting at the place', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(context, 'host@example.com');
      const { listings } = await getJson<HostListingSummaries>(context, '/api/host/listings?lang=he');
      const listing = listings.find((item) => item.status === 'approved')!;
      await page.goto(`/he/host/listings/${listing.id}/edit`);
      await page.getByTestId('wizard-form-basics').waitFor({ timeout: 20_000 });
      await page.getByTestId('wizard-pin').waitFor();
      expect(await page.getByTestId('wizard-pin').locator('h3').textContent()).toBe(he.map.pinTitle);
      await page.locator('[data-testid="wizard-pin-map"] .maplibregl-canvas').waitFor({ timeout: 30_000 });
      const coordinates = page.getByTestId('wizard-pin-coordinates');
      await page.waitForFunction(() =>
        /\d+\.\d{5}/.test(document.querySelector('[data-testid="wizard-pin-coordinates"]')?.textContent ?? ''),
      );
      const before = await coordinates.textContent();
      // The arrow keys move the map, and the pin with it.
      await page.locator('[data-testid="wizard-pin-map"] .maplibregl-canvas').focus();
      await page.keyboard.press('ArrowUp');
      await page.waitForFunction((text) => document.querySelector('[data-testid="wizard-pin-coordinates"]')?.textContent !== text, before, {
        timeout: 10_000,
      });
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
