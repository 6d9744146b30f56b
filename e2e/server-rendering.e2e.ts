import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPage } from '../core/contracts/content.ts';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import { formatPrice } from '../core/format.ts';
import { firstLoadBudgetBytes, measureFirstLoad } from '../scripts/first-load.ts';
import en from '../web/i18n/en.json';
import he from '../web/i18n/he.json';
import { baseUrl, launchBrowser, newPage, ownServer } from './browser.ts';

/**
 * The public pages arrive rendered: their content, data and head tags are in the HTML a client
 * without JavaScript gets, then the browser hydrates them without a mismatch. The e2e server runs in
 * prelaunch, so the pages are asked for as the signed-in demo guest; a visitor is redirected.
 */

const asGuest = () => ({ cookie: ownServer().guestCookie });

async function html(
  path: string,
  headers: Record<string, string> = asGuest(),
): Promise<{ status: number; text: string; response: Response }> {
  const response = await fetch(baseUrl() + path, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
  return { status: response.status, text: await response.text(), response };
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(baseUrl() + path, { headers: asGuest() });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

function attribute(text: string, pattern: RegExp): string | undefined {
  return pattern.exec(text)?.[1];
}

function decode(value: string | undefined): string | undefined {
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function jsonLdOf(text: string): Record<string, unknown> {
  const body = attribute(text, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  expect(body, 'a JSON-LD script').toBeDefined();
  return JSON.parse(body!) as Record<string, unknown>;
}

/** Console errors (React reports hydration mismatches as errors) and uncaught errors of a page. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('server rendering', () => {
  let listing: ListingDetail;
  let hebrewListing: ListingDetail;
  let browser: Browser;

  beforeAll(async () => {
    const search = await api<SearchResponse>('/api/search?type=hotel&lang=en');
    const withReviews = search.results.find((card) => card.reviewCount > 0) ?? search.results[0]!;
    listing = await api<ListingDetail>(`/api/properties/${withReviews.id}?lang=en`);
    hebrewListing = await api<ListingDetail>(`/api/properties/${withReviews.id}?lang=he`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sends a member's public profile rendered, with its title and canonical link, in both languages (issue 41 item 3)", async () => {
    const hostId = listing.host.id;
    for (const [prefix, t] of [
      ['', en],
      ['/he', he],
    ] as const) {
      const { status, text } = await html(`${prefix}/people/${hostId}`);
      expect(status).toBe(200);
      const title = decode(attribute(text, /<title>([^<]*)<\/title>/));
      expect(title).toBe(`${t.people.title.replace('{{name}}', listing.host.firstName)} · ${t.app.name}`);
      expect(attribute(text, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseUrl()}${prefix}/people/${hostId}`);
      // The profile itself is in the HTML, not only the shell.
      const root = text.slice(text.indexOf('<div id="root">'));
      expect(root).toContain(listing.host.firstName);
      expect(root).toContain('data-testid="person-name"');
    }
    const missing = await html('/people/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('sends a listing page with its content, head tags and JSON-LD', async () => {
    const { status, text, response } = await html(`/property/${listing.id}`, { ...asGuest(), 'accept-encoding': 'gzip, br' });
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // fetch decompresses the body; the page travelled compressed.
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(text).toContain('<html lang="en" dir="ltr">');
    expect(text).toContain(`data-testid="property-title">${listing.title.replace(/&/g, '&amp;')}<`);
    expect(text).toContain(formatPrice(listing.pricePerNight!, 'en'));

    const url = `${baseUrl()}/property/${listing.id}`;
    expect(decode(attribute(text, /<title>([^<]*)<\/title>/))).toBe(`${listing.title} · Lina`);
    expect(text.match(/<title>/g)).toHaveLength(1);
    expect(attribute(text, /<meta name="description" content="([^"]*)"/)).toBeTruthy();
    expect(attribute(text, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(attribute(text, /<link rel="alternate" hreflang="en" href="([^"]*)"/)).toBe(url);
    expect(attribute(text, /<link rel="alternate" hreflang="he" href="([^"]*)"/)).toBe(`${baseUrl()}/he/property/${listing.id}`);
    expect(attribute(text, /<link rel="alternate" hreflang="x-default" href="([^"]*)"/)).toBe(url);
    expect(decode(attribute(text, /<meta property="og:title" content="([^"]*)"/))).toBe(`${listing.title} · Lina`);
    expect(attribute(text, /<meta property="og:description" content="([^"]*)"/)).toBeTruthy();
    expect(attribute(text, /<meta property="og:url" content="([^"]*)"/)).toBe(url);
    expect(attribute(text, /<meta property="og:locale" content="([^"]*)"/)).toBe('en_US');
    if (listing.photos[0]) expect(attribute(text, /<meta property="og:image" content="([^"]*)"/)).toContain(listing.photos[0].url);

    const data = jsonLdOf(text);
    expect(data['@type']).toBe('Hotel');
    expect(data.name).toBe(listing.title);
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: listing.pricePerNight, priceCurrency: 'ILS' });
    if (listing.reviewCount > 0) {
      expect(data.aggregateRating).toMatchObject({ ratingValue: listing.ratingAverage, reviewCount: listing.reviewCount });
    } else {
      expect(data.aggregateRating).toBeUndefined();
    }
  });

  it('sends the Hebrew listing page right to left, in Hebrew', async () => {
    const { status, text } = await html(`/he/property/${listing.id}`);
    expect(status).toBe(200);
    expect(text).toContain('<html lang="he" dir="rtl">');
    expect(text).toContain(hebrewListing.title.replace(/&/g, '&amp;'));
    expect(attribute(text, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseUrl()}/he/property/${listing.id}`);
    expect(attribute(text, /<meta property="og:locale" content="([^"]*)"/)).toBe('he_IL');
    expect(jsonLdOf(text).name).toBe(hebrewListing.title);
  });

  it('sends the results cards, the explore page and the blog posts', async () => {
    const search = await api<SearchResponse>('/api/search?type=hotel&lang=en');
    const results = await html('/results?type=hotel');
    expect(results.status).toBe(200);
    expect(results.text.match(/data-testid="results-card"/g)?.length).toBe(search.results.length);
    expect(results.text).toContain(search.results[0]!.title.replace(/&/g, '&amp;'));
    expect(attribute(results.text, /<link rel="alternate" hreflang="he" href="([^"]*)"/)).toBe(`${baseUrl()}/he/results`);

    const explore = await html('/explore');
    expect(explore.status).toBe(200);
    expect(explore.text).toContain('data-testid="page-explore"');

    const posts = await api<BlogPage>('/api/blog?lang=en&page=1');
    const blog = await html('/blog');
    expect(blog.status).toBe(200);
    for (const post of posts.posts.slice(0, 3)) expect(blog.text).toContain(post.title.replace(/&/g, '&amp;'));
  });

  it('sends every part of a long page in place, never a loading screen with the page outlined after it', async () => {
    // React outlines a Suspense boundary past its chunk size (a fallback, the content hidden at the end,
    // an inline script swapping it in): the first paint showed the loading screen, and an update before
    // the swap left the hidden copy in the page (the Hebrew privacy policy seen twice on CI).
    for (const path of ['/he/privacy-policy', '/terms', '/explore']) {
      const page = await html(path);
      expect(page.status).toBe(200);
      expect(page.text).not.toMatch(/<template id="B:|<div hidden id="S:/);
    }
    expect((await html('/he/privacy-policy')).text.match(/data-testid="page-privacy"/g)?.length).toBe(1);
  });

  it('hydrates with the data the page carries instead of fetching it again', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') asked.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto(`/property/${listing.id}`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // The booking panel's held dates are not part of the page's HTML, so they may be asked for.
      await expect.poll(() => asked.some((path) => path.endsWith('/held-dates'))).toBe(true);
      expect(asked).not.toContain(`/api/properties/${listing.id}`);
      expect(asked).not.toContain('/api/session');
    } finally {
      await context.close();
    }
  });

  it('keeps every route within the first-load budget (issue 15: 150 KB of compressed JavaScript; 148 KB since issue 40, decision 066)', () => {
    const rows = measureFirstLoad(process.cwd());
    expect(rows.length).toBeGreaterThan(20);
    const over = rows.filter((row) => row.bytes > firstLoadBudgetBytes).map((row) => `${row.path}: ${(row.bytes / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it('serves the entry as one file with the compile hint on its first line, and only the entry (vite.config.ts)', async () => {
    const page = await html('/blog');
    const entry = attribute(page.text, /<script type="module"[^>]*data-app="([^"]+)"/);
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const script = await (await fetch(baseUrl() + entry!)).text();
    expect(script.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    // What it imports statically is in it (React, the router, TanStack Query…): one request, not thirteen.
    expect(/(?:from|import)\s*"\.\/[\w-]+\.js"/.test(script)).toBe(false);
    const pageChunk = attribute(page.text, /data-app-files="[^"]*(\/assets\/blog-page-[\w-]+\.js)/);
    expect(pageChunk).toBeDefined();
    const other = await (await fetch(baseUrl() + pageChunk!)).text();
    expect(other).not.toContain('allFunctionsCalledOnLoad');
  });

  it('asks for the app, its translations and the page’s chunks only once the page is painted, then hydrates', async () => {
    const page = await html(`/he/property/${listing.id}`);
    // The translations are a cached chunk, not part of every page's HTML.
    const state = JSON.parse(attribute(page.text, /<script type="application\/json" id="lina-state">([\s\S]*?)<\/script>/)!) as Record<
      string,
      unknown
    >;
    expect(state.language).toBe('he');
    expect(state).not.toHaveProperty('translation');
    // Only the groups of translations the page shows (decision 066), not the host's, the admin's or the account's.
    expect(state.translationGroups).toEqual(expect.arrayContaining(['shell', 'search', 'property']));
    expect(state.translationGroups).not.toEqual(expect.arrayContaining(['host']));
    expect(state.translationGroups).not.toEqual(expect.arrayContaining(['admin']));
    expect(page.text).not.toContain('rel="modulepreload"');
    const files = attribute(page.text, /data-app-files="([^"]+)"/)!.split(' ');
    expect(files.filter((file) => /^\/assets\/he-[\w-]+\.js$/.test(file))).toHaveLength((state.translationGroups as string[]).length);
    expect(files.some((file) => /^\/assets\/en-[\w-]+\.js$/.test(file))).toBe(false);
    expect(files.some((file) => /^\/assets\/property-page-[\w-]+\.js$/.test(file))).toBe(true);

    const { context, page: tab } = await newPage(browser, { asGuest: true });
    const errors = recordErrors(tab);
    // The preloads the start script adds, counted per task (a mutation observer reports at the end of
    // each): starting a fetch costs the main thread, so it adds a few at a time, never all at once.
    await tab.addInitScript(() => {
      const added: number[] = [];
      (window as unknown as { preloadsPerTask: number[] }).preloadsPerTask = added;
      new MutationObserver((records) => {
        const links = records.flatMap((record) => [...record.addedNodes]).filter((node) => node instanceof HTMLLinkElement);
        const preloads = links.filter((link) => link.rel === 'modulepreload').length;
        if (preloads > 0) added.push(preloads);
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await tab.goto(`/he/property/${listing.id}`);
      await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const preloadsPerTask = await tab.evaluate(() => (window as unknown as { preloadsPerTask: number[] }).preloadsPerTask);
      expect(preloadsPerTask.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(files.length);
      expect(Math.max(...preloadsPerTask)).toBeLessThanOrEqual(8);
      const timing = await tab.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js') && !entry.name.includes('/start-app-'))
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      expect(timing.paint).not.toBeNull();
      expect(timing.scripts.map((script) => script.path)).toEqual(expect.arrayContaining(files));
      expect(timing.scripts.filter((script) => script.startTime < timing.paint!)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a page rendered in the browser with its language and the groups of translations it needs, preloaded by its HTML', async () => {
    const shell = await html('/he/my-bookings');
    expect(shell.status).toBe(200);
    expect(shell.text).toMatch(/<html lang="he" dir="rtl">/);
    expect(shell.text).toContain('<div id="root"></div>');
    const state = JSON.parse(attribute(shell.text, /<script type="application\/json" id="lina-state">([\s\S]*?)<\/script>/)!) as {
      language: string;
      translationGroups: string[];
    };
    expect(state.language).toBe('he');
    expect(state).not.toHaveProperty('translation');
    expect([...state.translationGroups].sort()).toEqual(['bookings', 'property', 'search', 'shell']);
    // It starts at once, so its HTML asks for the app's files and its translations with the stylesheet.
    const entry = attribute(shell.text, /data-app="([^"]+)"/)!;
    expect(shell.text).toContain(`<link rel="modulepreload" crossorigin href="${entry}">`);
    const preloaded = [...shell.text.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/he-[\w-]+\.js)">/g)].map(
      (m) => m[1]!,
    );
    expect(preloaded).toHaveLength(4);

    const { context, page } = await newPage(browser, { asGuest: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto('/he/my-bookings');
      await page.getByTestId('page-my-bookings').waitFor();
      expect(await page.getByTestId('page-my-bookings').innerText()).toContain(he.bookings.title);
      // Vite names a JSON module's chunk after its file: the page's groups in Hebrew, no English.
      const translations = scripts.filter((path) => /\/(en|he)-[\w-]+\.js$/.test(path));
      expect(translations.sort()).toEqual([...preloaded].sort());
    } finally {
      await context.close();
    }
  });

  it('loads a page’s translations with its module when the visitor goes to it, and never shows a key', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    const errors = recordErrors(page);
    try {
      await page.goto('/explore');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // Every text the page shows from now on, as it is added: a key ('aboutPage.title') would be one.
      await page.evaluate(() => {
        const seen: string[] = ((window as unknown as { textsSeen: string[] }).textsSeen = []);
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) seen.push(node.textContent ?? '');
            if (record.type === 'characterData') seen.push(record.target.textContent ?? '');
          }
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      // To a page rendered in the browser whose groups (bookings, property) the explore page did not load.
      await page.getByTestId('nav-my-bookings').click();
      await page.waitForURL('**/my-bookings');
      await page.getByTestId('page-my-bookings').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en.bookings.title);
      const keyLike = /\b(?:bookings|payments|property|listing|common|nav)\.[A-Za-z]+/;
      const texts = await page.evaluate(() => (window as unknown as { textsSeen: string[] }).textsSeen);
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((text) => keyLike.test(text))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has the words of an API error once the error reaches the page, on a page that had not loaded them', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await page.route('**/api/search/interpret**', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'too_many_requests', message: 'Slow down' } }),
        }),
      );
      await page.goto('/he/explore');
      await page.locator('[data-testid="sentence-search"][data-ready="true"]').waitFor();
      const before = scripts.filter((path) => /\/he-[\w-]+\.js$/.test(path)).length;
      await page.getByTestId('sentence-input').fill('דירה בחיפה לשבוע');
      await page.getByTestId('sentence-submit').click();
      await expect.poll(() => page.getByTestId('sentence-error').textContent()).toBe(he.errors.codes.too_many_requests);
      // The errors group came with the failure, not with the page.
      expect(scripts.filter((path) => /\/he-[\w-]+\.js$/.test(path)).length).toBe(before + 1);
    } finally {
      await context.close();
    }
  });

  it('draws prices with the fonts it preloads, not a third file for the shekel sign', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto('/explore');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.body.innerText.includes('₪'))).toBe(true);
      expect(fonts.some((path) => path.includes('heebo-hebrew'))).toBe(true);
      expect(fonts.filter((path) => path.includes('latin-ext'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a booking calendar on the page while it hydrates, never the spinner in its place', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    // After every change to the page (from the first byte on), notes whether the calendar had gone.
    await page.addInitScript(() => {
      const seen = { calendar: false, missing: 0 };
      (window as unknown as { calendarSeen: typeof seen }).calendarSeen = seen;
      new MutationObserver(() => {
        const present = document.querySelector('[data-testid="booking-calendar"]') !== null;
        if (seen.calendar && !present) seen.missing += 1;
        seen.calendar ||= present;
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page.goto(`/property/${listing.id}`);
      const calendar = page.getByTestId('booking-calendar');
      // Hydrated: the day buttons answer React.
      await expect
        .poll(() =>
          calendar
            .locator('button[data-iso]')
            .first()
            .evaluate((day) => Object.keys(day).some((key) => key.startsWith('__react'))),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => (window as unknown as { calendarSeen: { calendar: boolean; missing: number } }).calendarSeen);
      expect(seen).toEqual({ calendar: true, missing: 0 });
    } finally {
      await context.close();
    }
  });

  it('hydrates without restyling the whole page: no write to <html> and no stylesheet added', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    // From the end of parsing on (the head's inline theme script has run by then), notes every write to
    // <html>'s lang, dir, class or style and every stylesheet added: each makes the browser recompute
    // the style of every element, hundreds of milliseconds on a phone. A write of the same value counts.
    await page.addInitScript(() => {
      const writes: string[] = [];
      (window as unknown as { rootWrites: string[] }).rootWrites = writes;
      new MutationObserver((records) => {
        if (document.readyState === 'loading') return;
        for (const record of records) {
          if (record.type === 'attributes' && record.target === document.documentElement) writes.push(`html[${record.attributeName}]`);
          for (const node of record.addedNodes) {
            if (node instanceof HTMLStyleElement || (node instanceof HTMLLinkElement && node.rel === 'stylesheet'))
              writes.push(node.outerHTML.slice(0, 80));
          }
        }
      }).observe(document, { attributes: true, attributeFilter: ['lang', 'dir', 'class', 'style'], childList: true, subtree: true });
    });
    // The URL's language is the visitor's choice here: no detection switching it after hydration.
    await context.addCookies([{ name: 'language-override', value: 'en', url: baseUrl() }]);
    try {
      for (const path of ['/blog', `/property/${listing.id}`]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.locator('html[data-hydrated]').waitFor();
        // No toast yet, so no notification area (sonner is loaded for the first toast only).
        expect(await page.locator('[data-sonner-toaster]').count(), path).toBe(0);
        expect(await page.evaluate(() => (window as unknown as { rootWrites: string[] }).rootWrites), path).toEqual([]);
      }
      // The first toast (sharing the listing: the link copied, or not) mounts it: its styles came with
      // the page's stylesheet.
      await page.getByTestId('property-share').click();
      await page.locator('[data-sonner-toast]').first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { rootWrites: string[] }).rootWrites)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("opens a first visit from Israel's time zone in Hebrew, with an English browser, and keeps that choice", async () => {
    // The time zone is read without the network (Temporal where the browser has it, else Intl).
    const { context, page } = await newPage(browser, { timezoneId: 'Asia/Jerusalem', locale: 'en-US' });
    try {
      // The e2e server runs in prelaunch: a visitor without an account sees the landing page only.
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/he');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('he');
      const cookies = await context.cookies(baseUrl());
      expect(cookies.find((cookie) => cookie.name === 'language-override')?.value).toBe('he');
    } finally {
      await context.close();
    }
  });

  it('draws the long parts of a page on a phone only when they near the screen, and then in full', async () => {
    const { context, page } = await newPage(browser, { asGuest: true, width: 390, height: 844 });
    // Whether an element is drawn: false inside a part not drawn yet (content-visibility: auto skips
    // the contents of an element with web/styles.css's drawn-when-near, not the element itself).
    const drawn = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    const lastCardLink = '[data-testid="results-card"] >> nth=-1 >> [data-testid="card-link"]';
    try {
      await page.goto('/results?type=hotel');
      expect(await drawn('[data-testid="results-card"] >> nth=0 >> [data-testid="card-link"]')).toBe(true);
      expect(await drawn(lastCardLink)).toBe(false);
      expect(await drawn('[data-testid="footer"] a')).toBe(false);
      await page.locator('[data-testid="results-card"]').last().scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(lastCardLink)).toBe(true);
      expect(await page.locator(lastCardLink).isVisible()).toBe(true);

      // Opened by a full load, the page starts at its top, not where the results were left (web/app/scroll-restoration.tsx).
      await page.goto(`/property/${listing.id}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await drawn('[data-testid="property-title"]')).toBe(true);
      expect(await drawn('[data-testid="booking-price"]')).toBe(false);
      // Scrolled to, the panel is drawn with its price.
      await page.getByTestId('booking-panel').scrollIntoViewIfNeeded();
      await expect.poll(() => drawn('[data-testid="booking-price"]')).toBe(true);
      expect(await page.getByTestId('booking-price').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps what a visitor typed before the JavaScript arrived', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // The app's scripts are held back, as on a slow phone, while the rendered page is already there.
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    try {
      const navigation = page.goto('/explore', { waitUntil: 'commit' });
      const input = page.getByTestId('explore-location-input');
      await input.waitFor();
      await input.fill('Haifa');
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      release();
      await navigation;
      // The app's own state has the typed place: its summary line names it, and another render keeps it.
      await expect.poll(async () => (await page.getByTestId('explore-summary').count()) > 0).toBe(true);
      expect(await page.getByTestId('explore-summary').textContent()).toContain('Haifa');
      await page.getByTestId('explore-type-sublet').click();
      expect(await input.inputValue()).toBe('Haifa');
    } finally {
      await context.close();
    }
  });

  it('redirects a visitor before launch as the browser would', async () => {
    const { status, response } = await html('/explore', {});
    expect(status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const hebrew = await html(`/he/property/${listing.id}`, {});
    expect(hebrew.status).toBe(302);
    expect(hebrew.response.headers.get('location')).toBe('/he');
  });

  it.each([
    ['light', 'en'],
    ['dark', 'he'],
  ] as const)('hydrates the pages without errors (%s, %s) and they respond', async (colorScheme, language) => {
    const { context, page } = await newPage(browser, { asGuest: true, colorScheme });
    // The URL's language is the visitor's choice here: no detection redirect before hydration.
    await context.addCookies([{ name: 'language-override', value: language, url: baseUrl() }]);
    const errors = recordErrors(page);
    const prefix = language === 'he' ? '/he' : '';
    try {
      for (const path of ['/results?type=hotel', '/explore', '/blog']) {
        await page.goto(prefix + path, { waitUntil: 'networkidle' });
        expect(errors, path).toEqual([]);
      }
      await page.goto(`${prefix}/property/${listing.id}`, { waitUntil: 'networkidle' });
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'he' ? 'rtl' : 'ltr');
      const isDark = async () => ((await page.locator('html').getAttribute('class')) ?? '').split(' ').includes('dark');
      expect(await isDark()).toBe(colorScheme === 'dark');
      expect(errors).toEqual([]);
      // Interactive: the gallery moves on a click, which only the hydrated app can do.
      if (listing.photos.length > 1) {
        const first = await page.getByTestId('gallery-main-image').getAttribute('src');
        await page.getByTestId('gallery-next').click();
        await expect.poll(() => page.getByTestId('gallery-main-image').getAttribute('src')).not.toBe(first);
      }
      await page.getByTestId('nav-theme-toggle').click();
      await expect.poll(isDark).toBe(colorScheme !== 'dark');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
