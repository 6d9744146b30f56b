import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViewEvent } from '../core/analytics.ts';
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, signInAs } from './browser.ts';

/**
 * What a visitor meets before launch: the legal pages are readable (sign-up asks them to accept both),
 * the footer offers only pages they can open, and a page the guard redirects away from is not counted
 * as viewed. The e2e server runs in prelaunch.
 */

const footerLinks = [
  'footer-about',
  'footer-careers',
  'footer-blog',
  'footer-features',
  'footer-become-host',
  'footer-trust-safety',
  'footer-help-center',
  'footer-contact',
];

/** Page views the page sends to our analytics endpoint. */
function recordPageViews(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/analytics/events') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { events: { name: string; path: string }[] };
    for (const event of body.events) if (event.name === pageViewEvent) paths.push(event.path);
  });
  return paths;
}

describe('a visitor before launch', () => {
  let browser: Browser;
  let admin: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context: admin } = await newPage(browser));
    await signInAs(admin, 'admin@example.com');
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  it('reads the terms and the privacy policy, from the footer too, which lists only what opens', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('footer-terms-of-service').waitFor();
    for (const testId of footerLinks) expect(await page.getByTestId(testId).count(), testId).toBe(0);
    expect(await page.getByTestId('footer-privacy-policy').count()).toBe(1);

    await page.getByTestId('footer-terms-of-service').click();
    await page.getByTestId('legal-section').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms-of-service');
    await page.getByTestId('page-terms').waitFor();

    await page.goto('/privacy');
    await page.getByTestId('legal-section').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');

    await page.goto('/he/terms');
    await page.getByTestId('legal-section').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/he/terms');
    expect(await page.getByTestId('footer-terms-of-service').textContent()).toBe(he.footer.termsOfService);
    await context.close();
  });

  it('shows members the whole footer', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore');
    await page.getByTestId('footer-about').waitFor();
    for (const testId of [...footerLinks, 'footer-terms-of-service', 'footer-privacy-policy']) {
      expect(await page.getByTestId(testId).count(), testId).toBe(1);
    }
    await context.close();
  });

  it('counts a view of the landing, not of /results it was redirected from', async () => {
    const viewsOf = async (path: string) => {
      const response = await admin.request.get('/api/admin/analytics/page-views?limit=500');
      const { items } = (await response.json()) as { items: { path: string; views: number }[] };
      return items.find((item) => item.path === path)?.views ?? 0;
    };
    const resultsBefore = await viewsOf('/results');
    const homeBefore = await viewsOf('/');

    const { page, context } = await newPage(browser);
    const sent = recordPageViews(page);
    await page.goto('/results?location=Tel%20Aviv');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('signup-card-owner-open').waitFor();
    await expect.poll(() => sent, { timeout: 10_000 }).toContain('/');
    expect(sent).not.toContain('/results');

    await expect.poll(() => viewsOf('/'), { timeout: 10_000 }).toBeGreaterThan(homeBefore);
    expect(await viewsOf('/results')).toBe(resultsBefore);
    await context.close();
  });
});
