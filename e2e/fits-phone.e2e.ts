import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signInAs } from './browser.ts';
import { getJson } from './stays.ts';

// Issue 41: nothing scrolls sideways on a 390 px phone. Every page a guest, a host and the admin reach,
// and every admin tab, in English and Hebrew: the document is no wider than the screen (a wide table
// scrolls inside its own box). One browser context per role keeps the file quick.

const phoneWidth = 390;
const languages = ['', '/he'] as const;

const publicPaths = [
  '/',
  '/explore',
  '/results?type=sublet',
  '/results?type=hotel',
  '/auth',
  '/become-host',
  '/features',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/terms',
  '/privacy',
  '/accessibility',
  '/help',
  '/no-such-page',
];
const guestPaths = ['/profile', '/my-bookings', '/my-bookings?tab=past', '/saved'];
const hostPaths = ['/host/listings', '/host/bookings', '/host/listings/new'];
const adminTabs = ['verifications', 'reports', 'users', 'finance', 'settings', 'audit', 'records', 'calendarConflicts'];

/** The page's width beyond the phone's, once its data has arrived; 0 when it fits. */
async function overflowOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  // The data the page asks for first (lists, tables): a quiet network, or two seconds at most.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  return page.evaluate((width) => document.documentElement.scrollWidth - width, phoneWidth);
}

/** Every path of `paths` in both languages whose page is wider than the phone, with by how much. */
async function wideOnes(page: Page, paths: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const language of languages) {
    for (const path of paths) {
      const address = `${language}${path === '/' && language ? '' : path}`;
      const over = await overflowOf(page, address);
      if (over > 0) wide.push(`${address} is ${over} px too wide`);
    }
  }
  return wide;
}

/** The first link on the page whose address matches `pattern`. */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string | undefined> {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.find((href) => pattern.test(href))?.replace(/^\/he(?=\/)/, '');
}

describe('every page fits a 390 px phone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('public pages, a listing and a blog post', async () => {
    const { page, context } = await newPage(browser, { width: phoneWidth, height: 844 });
    // The search API answers members only before launch: the listings are looked up as the demo guest.
    const guest = await newPage(browser, { asGuest: true });
    const ids = await Promise.all(
      (['sublet', 'hotel'] as const).map(
        async (type) => (await getJson<{ results: { id: number }[] }>(guest.context, `/api/search?type=${type}&lang=en`)).results[0]?.id,
      ),
    );
    await guest.context.close();
    const post = await firstLink(page, '/blog', /^\/blog\/[^/?#]+$/);
    const article = await firstLink(page, '/help', /^\/help\/[^/?#]+$/);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    const extra = [...ids.map((id) => `/property/${id}`), post, article].filter((path): path is string => path !== undefined);
    expect(await wideOnes(page, [...publicPaths, ...extra])).toEqual([]);
    await context.close();
  }, 180_000);

  it("the guest's pages", async () => {
    const { page, context } = await newPage(browser, { width: phoneWidth, height: 844, asGuest: true });
    const receipt = await firstLink(page, '/my-bookings?tab=past', /^\/my-bookings\/[^/]+\/receipt/);
    const extra = receipt ? [receipt] : [];
    expect(await wideOnes(page, [...guestPaths, ...extra])).toEqual([]);
    await context.close();
  }, 120_000);

  it("the bell's panel of notices, in both languages and both themes (decision 063)", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await newPage(browser, { width: phoneWidth, height: 844, asGuest: true, colorScheme });
      for (const language of languages) {
        await page.goto(`${language}/my-bookings`);
        await page.getByTestId('nav-notices-mobile').click();
        const panel = page.getByTestId('notice-panel');
        await page.locator('[data-testid="notice-list"], [data-testid="notices-empty"]').first().waitFor({ timeout: 15_000 });
        const box = (await panel.boundingBox())!;
        expect([box.x >= 0, box.x + box.width <= phoneWidth, box.y + box.height <= 844], `${language || '/en'} ${colorScheme}`).toEqual([
          true,
          true,
          true,
        ]);
        expect(await page.evaluate((width) => document.documentElement.scrollWidth - width, phoneWidth)).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  }, 120_000);

  it("the host's pages", async () => {
    const { page, context } = await newPage(browser, { width: phoneWidth, height: 844 });
    await signInAs(context, 'host@example.com');
    const edit = await firstLink(page, '/host/listings', /^\/host\/listings\/\d+\/edit/);
    const calendar = await firstLink(page, '/host/listings', /^\/host\/listings\/\d+\/calendar/);
    expect(edit).toBeDefined();
    const extra = [edit, calendar].filter((path): path is string => path !== undefined);
    expect(await wideOnes(page, [...hostPaths, ...extra])).toEqual([]);
    await context.close();
  }, 120_000);

  it('every admin tab', async () => {
    const { page, context } = await newPage(browser, { width: phoneWidth, height: 844 });
    await signInAs(context, 'admin@example.com');
    expect(
      await wideOnes(
        page,
        adminTabs.map((tab) => `/admin?tab=${tab}`),
      ),
    ).toEqual([]);
    await context.close();
  }, 120_000);
});
