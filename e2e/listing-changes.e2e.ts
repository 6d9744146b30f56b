import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

// An approved listing's new title waits for an admin: the host edits it in the wizard, the guest
// keeps seeing the approved title, the admin compares before and after and approves, and only then
// does the guest see the new one.

const stamp = Date.now().toString(36);
const oldTitle = `E2E reviewed loft ${stamp}`;
const newTitle = `E2E renamed loft ${stamp}`;
const hebrewTitle = `לופט לבדיקת שינויים ${stamp}`;
const writeHeaders = { 'x-requested-with': 'fetch' };

describe('changes to an approved listing', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let guest: { context: BrowserContext; page: Page };
  let listingId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    [host, admin, guest] = await Promise.all([newPage(browser), newPage(browser), newPage(browser, { asGuest: true })]);
    // Sign-in is rate-limited per IP: each account signs in once for the whole file.
    await signInAs(host.context, 'host@example.com');
    await signInAs(admin.context, 'admin@example.com');

    // A published sublet of the demo host, made through the API (the wizard has its own e2e).
    const api = host.context.request;
    const { suggestions } = (await (await api.get('/api/places/suggest?q=Florent')).json()) as {
      suggestions: { id: number; kind: string }[];
    };
    const placeId = suggestions.find((place) => place.kind !== 'region')!.id;
    const created = await api.post('/api/host/listings', { data: { propertyType: 'sublet' }, headers: writeHeaders });
    listingId = ((await created.json()) as { id: number }).id;
    const patched = await api.patch(`/api/host/listings/${listingId}`, {
      headers: writeHeaders,
      data: {
        titleEn: oldTitle,
        titleHe: hebrewTitle,
        descriptionEn: 'A bright loft above the market, with a balcony, fast wifi and a quiet bedroom.',
        descriptionHe: 'לופט מואר מעל השוק, עם מרפסת, אינטרנט מהיר וחדר שינה שקט.',
        placeId,
        address: '12 Florentin St',
        pricePerMonth: 6500,
        minStayDays: 30,
        maxStayDays: 180,
      },
    });
    expect(patched.status()).toBe(200);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0d9488' } })
      .jpeg()
      .toBuffer();
    const uploaded = await api.post(`/api/host/listings/${listingId}/photos`, {
      headers: { ...writeHeaders, 'content-type': 'image/jpeg' },
      data: photo,
    });
    expect(uploaded.status()).toBe(201);
    expect((await api.post(`/api/host/listings/${listingId}/submit`, { headers: writeHeaders })).status()).toBe(200);
    expect(
      (await admin.context.request.post(`/api/admin/listings/${listingId}/approve`, { headers: writeHeaders, data: {} })).status(),
    ).toBe(200);
  });
  afterAll(async () => {
    await Promise.all([host?.context.close(), admin?.context.close(), guest?.context.close()]);
    await browser?.close();
  });

  it('the host renames it in the wizard and sees the change waiting for review, in English and Hebrew', async () => {
    const { page } = host;
    await page.goto(`/host/listings/${listingId}/edit`);
    await page.getByTestId('wizard-form-basics').waitFor({ timeout: 20_000 });
    await page.getByTestId('listing-changes-hint').waitFor({ timeout: 15_000 });
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-form-describe').waitFor({ timeout: 15_000 });
    await page.getByTestId('wizard-titleEn').fill(newTitle);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-form-details').waitFor({ timeout: 15_000 });
    await page.getByTestId('listing-changes-pending').waitFor({ timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/he/host/listings');
    const row = page.getByTestId('host-listing').filter({ hasText: hebrewTitle });
    await row.getByTestId('listing-changes-pending').waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('listing-changes-pending').textContent()).toBe(he.hostListings.changesPending);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('the guest still sees the approved title', async () => {
    const { page } = guest;
    await page.goto(`/property/${listingId}`);
    await page.getByTestId('property-title').filter({ hasText: oldTitle }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('property-title').textContent()).toBe(oldTitle);
  });

  it('the admin compares before and after, in Hebrew too, and approves the change', async () => {
    const { page } = admin;
    await page.goto('/he/admin?tab=verifications');
    const heRow = page.getByTestId('listing-change').filter({ hasText: newTitle });
    await heRow.waitFor({ timeout: 20_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByText(he.admin.changes.title, { exact: true }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/admin?tab=verifications');
    const row = page.getByTestId('listing-change').filter({ hasText: newTitle });
    await row.waitFor({ timeout: 20_000 });
    const field = row.locator('[data-testid="listing-change-field"][data-field="titleEn"]');
    expect(await field.getByTestId('listing-change-before').textContent()).toBe(oldTitle);
    expect(await field.getByTestId('listing-change-after').textContent()).toBe(newTitle);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByTestId('listing-change-approve').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('the guest sees the new title once approved', async () => {
    const { page } = guest;
    await page.goto(`/property/${listingId}`);
    await page.getByTestId('property-title').filter({ hasText: newTitle }).waitFor({ timeout: 20_000 });
  });
});
