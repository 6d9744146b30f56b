import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, signInAs } from './browser.ts';

// Issue 39, photo reuse: the demo host puts a mirrored, smaller copy of another host's photo into a
// new sublet and submits it; the listing waits for an admin (not auto-approved), and the admin's
// Verifications tab shows the copy beside the photo it copies, with that listing, in English and Hebrew.

const writeHeaders = { 'x-requested-with': 'fetch' };
const title = 'Sea view studio, photo check';

describe('a reused photo', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let copied: ListingDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    [host, admin] = await Promise.all([newPage(browser), newPage(browser)]);
    // Sign-in is rate-limited per IP: each account signs in once for the whole file.
    await signInAs(host.context, 'host@example.com');
    await signInAs(admin.context, 'admin@example.com');
    const api = host.context.request;
    const me = ((await (await api.get('/api/session')).json()) as { user: { id: string } }).user.id;

    // Another host's published home and its first photo.
    const search = (await (await api.get('/api/search?type=sublets&lang=en')).json()) as SearchResponse;
    for (const card of search.results) {
      const detail = (await (await api.get(`/api/properties/${card.id}?lang=en`)).json()) as ListingDetail;
      if (detail.host.id !== me && detail.photos.length > 0) {
        copied = detail;
        break;
      }
    }
    expect(copied, 'a listing of another host with photos').toBeTruthy();
    const original = await (await api.get(copied.photos[0]!.url)).body();
    const copy = await sharp(original).flop().resize(800).jpeg({ quality: 75 }).toBuffer();

    // The demo host's new sublet with the copy, through the API (the wizard has its own e2e).
    const { suggestions } = (await (await api.get('/api/places/suggest?q=Haifa')).json()) as {
      suggestions: { id: number; kind: string }[];
    };
    const created = await api.post('/api/host/listings', { data: { propertyType: 'sublet' }, headers: writeHeaders });
    const listingId = ((await created.json()) as { id: number }).id;
    const patched = await api.patch(`/api/host/listings/${listingId}`, {
      headers: writeHeaders,
      data: {
        titleEn: title,
        titleHe: 'סטודיו עם נוף לים, בדיקת תמונות',
        descriptionEn: 'A bright studio with a balcony over the bay, a short walk from the beach.',
        descriptionHe: 'סטודיו מואר עם מרפסת מעל המפרץ, הליכה קצרה מהחוף.',
        placeId: suggestions.find((place) => place.kind !== 'region')!.id,
        address: '3 Bay St',
        pricePerMonth: 5200,
        minStayDays: 30,
        maxStayDays: 180,
      },
    });
    expect(patched.status()).toBe(200);
    const uploaded = await api.post(`/api/host/listings/${listingId}/photos`, {
      headers: { ...writeHeaders, 'content-type': 'image/jpeg' },
      data: copy,
    });
    expect(uploaded.status()).toBe(201);
    const submitted = await api.post(`/api/host/listings/${listingId}/submit`, { headers: writeHeaders });
    expect(submitted.status()).toBe(200);
    // Held for an admin, whatever auto-approval would do for this host.
    expect(((await submitted.json()) as { status: string }).status).toBe('submitted');
  });
  afterAll(async () => {
    await Promise.all([host?.context.close(), admin?.context.close()]);
    await browser?.close();
  });

  for (const [prefix, t] of [
    ['', en],
    ['/he', he],
  ] as const) {
    it(`shows the copy beside the photo it copies, with that listing (${prefix || '/en'})`, async () => {
      const { page } = admin;
      await page.goto(`${prefix}/admin?tab=verifications`);
      const item = page.getByTestId('listing-verification').filter({ hasText: /Sea view studio, photo check|סטודיו עם נוף לים/ });
      await item.waitFor({ timeout: 20_000 });
      const matches = item.getByTestId('photo-matches');
      await matches.waitFor();
      expect(await matches.textContent()).toContain(t.admin.photoMatches.text);
      // The demo's illustrations repeat across listings (the same file behind several), so the copy
      // matches each listing showing it: the photo copied is among those shown, each beside the copy.
      const shown = matches.getByTestId('photo-match');
      expect(await shown.count()).toBeGreaterThanOrEqual(1);
      for (const row of await shown.all()) {
        expect(await row.locator('img').count()).toBe(2);
        expect(await row.getByTestId('photo-match-listing').locator('a').getAttribute('href')).toMatch(
          new RegExp(`^${prefix}/property/\\d+$`),
        );
      }
      const theirs = await shown
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')));
      expect(theirs).toContain(copied.photos[0]!.url);
    }, 60_000);
  }
});
