import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListingSummaries } from '../core/contracts/host-listings.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, signInAs } from './browser.ts';
import { getJson, openProperty } from './stays.ts';

// Issue 39, verified places: the demo host sends the lease of one of their published homes from
// their listings page, the admin verifies it from the Places queue of the Verifications tab, and the
// property page shows the "Verified place" badge in English and in Hebrew.

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

describe('a verified place', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let guest: { context: BrowserContext; page: Page };
  let listing: HostListingSummaries['listings'][number];
  let titleHe = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    [host, admin, guest] = await Promise.all([newPage(browser), newPage(browser), newPage(browser, { asGuest: true })]);
    // Sign-in is rate-limited per IP: each account signs in once for the whole file.
    await signInAs(host.context, 'host@example.com');
    await signInAs(admin.context, 'admin@example.com');
    // A published home of the demo host whose place nobody has verified yet.
    const { listings } = await getJson<HostListingSummaries>(host.context, '/api/host/listings?lang=en');
    const candidate = listings.find(
      (row) => row.status === 'approved' && row.propertyType !== 'hotel' && row.placeVerification.status === 'none' && row.title,
    );
    if (!candidate) throw new Error('the demo host has no published home left to verify');
    listing = candidate;
    const hebrew = await getJson<HostListingSummaries>(host.context, '/api/host/listings?lang=he');
    titleHe = hebrew.listings.find((row) => row.id === candidate.id)!.title;
  });
  afterAll(async () => {
    await Promise.all([host?.context.close(), admin?.context.close(), guest?.context.close()]);
    await browser?.close();
  });

  it('the host sends a lease from their listings page, in Hebrew', async () => {
    const { page } = host;
    await page.goto('/he/host/listings');
    const row = page.getByTestId('host-listing').filter({ hasText: titleHe });
    await row.locator('[data-testid="place-verification"][data-status="none"]').waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('place-status').textContent()).toContain(he.hostListings.place.status.none);
    await row.getByTestId('place-document-kind').selectOption('lease');
    await row.getByTestId('place-document-input').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: pdf });
    await row.locator('[data-testid="place-verification"][data-status="pending"]').waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('place-status').textContent()).toContain(he.hostListings.place.status.pending);
  });

  it('the admin opens the document and verifies the place from the Places queue', async () => {
    const { page, context } = admin;
    await page.goto('/admin?tab=verifications');
    const item = page.getByTestId('place-verification-item').filter({ hasText: listing.title });
    await item.waitFor({ timeout: 20_000 });
    const href = await item.getByTestId('place-document-link').getAttribute('href');
    const document = await context.request.get(href!);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('application/pdf');
    // The same link refuses the host who sent it.
    expect((await host.context.request.get(href!)).status()).toBe(403);
    await item.getByTestId('place-verification-approve').click();
    await item.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('the property page shows the badge in English and in Hebrew, and so does the host’s listings page', async () => {
    const { page } = guest;
    await openProperty(page, `/property/${listing.id}`);
    const badge = page.getByTestId('property-verified-place');
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.textContent()).toContain(en.listing.verifiedPlace);

    await openProperty(page, `/he/property/${listing.id}`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.textContent()).toContain(he.listing.verifiedPlace);

    const mine = await getJson<HostListingSummaries>(host.context, '/api/host/listings?lang=en');
    expect(mine.listings.find((row) => row.id === listing.id)?.placeVerification.status).toBe('verified');
    // The host chose Hebrew on their first visit: their listings page stays in it.
    await host.page.goto('/he/host/listings');
    const row = host.page.getByTestId('host-listing').filter({ hasText: titleHe });
    await row.locator('[data-testid="place-verification"][data-status="verified"]').waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('place-status').textContent()).toContain(he.hostListings.place.status.verified);
  });
});
