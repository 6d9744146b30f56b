import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

// Issue 38: a sentence becomes chips and results; removing a chip widens the results. In both languages.

async function settledResults(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.locator('[data-testid="page-results"][data-ready="true"]').waitFor({ timeout: 30_000 });
}

const totalOf = async (page: Page) => Number(await page.getByTestId('page-results').getAttribute('data-total'));
const chipsOf = (page: Page) =>
  page.getByTestId('sentence-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-chip')));

async function searchSentence(page: Page, path: string, sentence: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const before = page.url();
  // The box is its own chunk, hydrated once it has loaded: type only into the live input.
  await page.locator('[data-testid="sentence-search"][data-ready="true"]').waitFor();
  await page.getByTestId('sentence-input').fill(sentence);
  await page.getByTestId('sentence-submit').click();
  await page.waitForURL((url) => url.pathname.endsWith('/results') && url.toString() !== before);
  await settledResults(page);
  await page.getByTestId('sentence-chip').first().waitFor();
}

async function removeChip(page: Page, chip: string) {
  const before = page.url();
  await page.locator(`[data-testid="sentence-chip"][data-chip="${chip}"]`).getByTestId('sentence-chip-remove').click();
  await page.waitForURL((url) => url.toString() !== before);
  await settledResults(page);
}

describe('the sentence search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('reads an English sentence into chips and structured results, and a removed chip widens them', async () => {
    // Signed in as the demo guest: the e2e site may be in its pre-launch mode.
    const { page, context } = await newPage(browser, { asGuest: true, width: 390, height: 844 });
    await searchSentence(page, '/explore', 'hotel in Eilat with a swimming pool for a couple');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      type: 'hotel',
      location: 'Eilat',
      amenities: 'swimming_pool',
      guests: '2',
    });
    expect(await chipsOf(page)).toEqual(['type', 'location', 'party', 'amenity:swimming_pool']);
    const narrow = await totalOf(page);
    expect(narrow).toBeGreaterThan(0);

    await removeChip(page, 'location');
    expect(new URL(page.url()).searchParams.get('location')).toBeNull();
    expect(await chipsOf(page)).toEqual(['type', 'party', 'amenity:swimming_pool']);
    // Polled: the URL moves before the wider results arrive (data-ready may still describe the last answer).
    await expect.poll(() => totalOf(page), { timeout: 30_000 }).toBeGreaterThan(narrow);
    // The page fits a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('reads a Hebrew sentence on the Hebrew results page, right to left', async () => {
    const { page, context } = await newPage(browser, { asGuest: true, width: 390, height: 844 });
    await searchSentence(page, '/he/results?type=hotels', 'מלון באילת לזוג עם בריכה בחנוכה');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const params = new URL(page.url()).searchParams;
    expect(params.get('location')).toBe('אילת');
    expect(params.get('checkIn')).toBeTruthy();
    expect(await chipsOf(page)).toEqual(['type', 'location', 'dates', 'party', 'amenity:swimming_pool']);
    // The chips are in Hebrew.
    expect(await page.locator('[data-chip="location"]').textContent()).toContain('אילת');
    const narrow = await totalOf(page);

    await removeChip(page, 'location');
    expect(new URL(page.url()).searchParams.get('location')).toBeNull();
    // Polled: the URL moves before the wider results arrive (data-ready may still describe the last answer).
    await expect.poll(() => totalOf(page), { timeout: 30_000 }).toBeGreaterThan(narrow);
    await context.close();
  });
});
