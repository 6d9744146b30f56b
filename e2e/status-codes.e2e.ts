import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListingSummaries } from '../core/contracts/host-listings.ts';
import en from '../web/i18n/en.json';
import he from '../web/i18n/he.json';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, ownServer } from './browser.ts';

/**
 * A page that does not exist answers HTTP 404 with the not-found page, and a listing that is gone
 * 410, in both languages (issue 41 item 2): not a "soft 404", an HTTP 200 whose page says "not found"
 * under the title "Lina". Asked as the signed-in demo guest (the e2e server runs in prelaunch).
 */

async function page(path: string, cookie = ownServer().guestCookie) {
  const response = await fetch(baseUrl() + path, { headers: { accept: 'text/html', cookie }, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, text, title: /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? '' };
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email, password: 'Passw0rd!' }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('lina_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

const languages = [
  { prefix: '', t: en },
  { prefix: '/he', t: he },
] as const;

describe('status codes of missing pages', () => {
  for (const { prefix, t } of languages) {
    describe(prefix || '/en', () => {
      it('answers 404 with the not-found page for a path no page answers', async () => {
        const answer = await page(`${prefix}/no-such-page`);
        expect(answer.status).toBe(404);
        expect(answer.text).toContain('data-testid="page-not-found"');
        expect(answer.title).toContain(t.notFound.title.replace("'", '&#39;'));
      });

      it('answers 404 for a listing that does not exist and for an id that is not one', async () => {
        for (const path of ['/property/99999', '/property/abc']) {
          const answer = await page(`${prefix}${path}`);
          expect(answer.status, path).toBe(404);
          expect(answer.text, path).toContain('data-state="property-not-found"');
          expect(answer.title, path).toContain(t.property.notFoundTitle);
        }
      });

      it('answers 404 for a blog post that does not exist', async () => {
        const answer = await page(`${prefix}/blog/unknown-slug`);
        expect(answer.status).toBe(404);
        expect(answer.text).toContain('data-testid="blog-post-not-found"');
        expect(answer.title).toContain(t.blog.notFound.title);
      });

      it('still answers 200 for pages that exist', async () => {
        for (const path of ['/blog', '/help', '/about']) {
          expect((await page(`${prefix}${path}`)).status, path).toBe(200);
        }
      });
    });
  }

  describe('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('shows the not-found state of a missing listing and blog post, without a hydration error', async () => {
      for (const [path, testId] of [
        ['/property/99999', 'property-not-found'],
        ['/he/blog/unknown-slug', 'blog-post-not-found'],
        ['/he/no-such-page', 'page-not-found'],
      ] as const) {
        const { context, page: tab } = await newPage(browser, { asGuest: true });
        const errors: string[] = [];
        // The document's own 404 is reported as a failed resource; anything else (a hydration mismatch) is a defect.
        tab.on('console', (message) => {
          if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
        });
        tab.on('pageerror', (error) => errors.push(error.message));
        const response = await tab.goto(baseUrl() + path);
        expect(response?.status(), path).toBe(404);
        await tab.getByTestId(testId).waitFor();
        await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await tab.waitForTimeout(500);
        expect(await tab.getByTestId(testId).isVisible(), path).toBe(true);
        expect(errors, path).toEqual([]);
        await context.close();
      }
    });
  });

  describe('a removed listing', () => {
    let hostCookie: string;
    let listingId: number;

    beforeAll(async () => {
      hostCookie = await signIn('host@example.com');
      const listings = (await (
        await fetch(`${baseUrl()}/api/host/listings`, { headers: { cookie: hostCookie } })
      ).json()) as HostListingSummaries;
      const approved = listings.listings.find((listing) => listing.status === 'approved');
      if (!approved) throw new Error('the demo host has no approved listing');
      listingId = approved.id;
      expect((await page(`/property/${listingId}`)).status).toBe(200);
      const paused = await fetch(`${baseUrl()}/api/host/listings/${listingId}/pause`, {
        method: 'POST',
        headers: { cookie: hostCookie, 'x-requested-with': 'fetch' },
      });
      expect(paused.status).toBe(200);
    });
    afterAll(async () => {
      await fetch(`${baseUrl()}/api/host/listings/${listingId}/resume`, {
        method: 'POST',
        headers: { cookie: hostCookie, 'x-requested-with': 'fetch' },
      });
    });

    it('answers 410 with the not-found page, in both languages', async () => {
      for (const { prefix, t } of languages) {
        const answer = await page(`${prefix}/property/${listingId}`);
        expect(answer.status, prefix).toBe(410);
        expect(answer.text, prefix).toContain('data-state="property-not-found"');
        expect(answer.title, prefix).toContain(t.property.notFoundTitle);
      }
    });
  });
});
