import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import { baseUrl, launchBrowser, ownServer } from './browser.ts';

/**
 * A server-rendered page is on screen seconds before its scripts have run on a slow phone (issue 40:
 * hydration at 8 s on slow 4G). What a person does meanwhile must take effect: text typed into the
 * search box is kept and a tap on the menu opens it once the app has started (web/index.html holds
 * them, web/lib/early-input.ts replays them); the language switch is a link that works at once.
 * The scripts are held back here until the test has typed and tapped.
 */
describe('before the scripts have run', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function pageWithScriptsHeld(language: '' | '/he') {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, locale: 'en-US' });
    // The e2e server runs in prelaunch, where visitors see the landing: the demo guest's session.
    const [name, value] = ownServer().guestCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl() }]);
    const held: Route[] = [];
    let holding = true;
    await context.route(/\.js(\?|$)/, (route) => (holding ? held.push(route) : route.continue()));
    const page = await context.newPage();
    // Not 'domcontentloaded': that waits for the module scripts, which are held.
    await page.goto(`${language}/explore`, { waitUntil: 'commit' });
    await page.getByTestId('explore-location-input').waitFor();
    const release = async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    };
    return { context, page, release };
  }

  for (const language of ['', '/he'] as const) {
    it(`keeps text typed and a tap made before hydration (${language || '/en'})`, async () => {
      const { context, page, release } = await pageWithScriptsHeld(language);
      try {
        await page.getByTestId('explore-location-input').pressSequentially('Eilat');
        await page.getByTestId('nav-menu-button').click();
        expect(await page.locator('html[data-hydrated]').count(), 'the page must not be hydrated yet').toBe(0);
        await release();
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
        // The tap opened the menu, and the text is the search's own: its summary says where.
        await page.getByTestId('mobile-menu').waitFor();
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('explore-location-input').inputValue()).toBe('Eilat');
        await expect.poll(() => page.getByTestId('explore-summary').textContent()).toContain('Eilat');
      } finally {
        await context.close();
      }
    }, 60_000);
  }

  it('holds typing and a tap in the footer until the footer hydrates, after the page has (its chunk loads near the screen)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const [name, value] = ownServer().guestCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl() }]);
    const held: Route[] = [];
    await context.route(/\/assets\/footer-[\w-]+\.js$/, (route) => held.push(route));
    try {
      const page = await context.newPage();
      await page.goto('/contact');
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      // The footer is far below: its chunk is not asked for until the visitor gets near it.
      await page.waitForLoadState('networkidle');
      expect(held).toHaveLength(0);
      const email = `early-reader-${Date.now()}@example.com`;
      await page.getByTestId('newsletter-email').fill(email);
      await page.getByTestId('newsletter-submit').click();
      await expect.poll(() => held.length).toBe(1);
      // Not sent as a plain form meanwhile: the page is still where it was, with no answer yet.
      expect(new URL(page.url()).search).toBe('');
      expect(await page.getByText(en.footer.subscribed).count()).toBe(0);
      await held[0]!.continue();
      await page.getByText(en.footer.subscribed).waitFor();
    } finally {
      await context.close();
    }
  }, 60_000);

  it('switches the language by a link before hydration', async () => {
    const { context, page, release } = await pageWithScriptsHeld('');
    try {
      const link = page.getByTestId('nav-language-switcher-mobile');
      expect(await link.getAttribute('href')).toBe('/he/explore');
      await release();
      await Promise.all([page.waitForURL(/\/he\/explore$/), link.click()]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('he');
    } finally {
      await context.close();
    }
  }, 60_000);
});
