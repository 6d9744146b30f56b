import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

// The demo host (ID verified) lists a sublet through the wizard, with a photo, submits it, and finds
// it in review on the dashboard; the wizard reads right to left in Hebrew.

const title = `E2E loft ${Date.now().toString(36)}`;

async function next(page: Page, step: string) {
  await page.getByTestId('wizard-next').click();
  await page.getByTestId(`wizard-form-${step}`).waitFor({ timeout: 15_000 });
}

describe('listing a place', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let listingId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');
  });
  afterAll(async () => {
    await host?.context.close();
    await browser?.close();
  });

  it('creates a draft step by step, adds a photo and submits it for review', async () => {
    const { page } = host;
    await page.goto('/host/listings/new');
    await page.getByTestId('wizard-form-basics').waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('wizard-type-sublet').click();
    await page.getByTestId('wizard-place-input').fill('Florent');
    await page.getByTestId('wizard-place-option-0').click();
    await page.getByTestId('wizard-address').fill('12 Florentin St');
    await next(page, 'describe');
    listingId = Number(/\/host\/listings\/(\d+)\/edit/.exec(page.url())?.[1]);
    expect(listingId).toBeGreaterThan(0);

    await page.getByTestId('wizard-titleEn').fill(title);
    await page.getByTestId('wizard-titleHe').fill('לופט מואר בפלורנטין');
    await page.getByTestId('wizard-descriptionEn').fill('A bright loft above the market, with a balcony, fast wifi and a quiet bedroom.');
    await page.getByTestId('wizard-descriptionHe').fill('לופט מואר מעל השוק, עם מרפסת, אינטרנט מהיר וחדר שינה שקט.');
    await next(page, 'details');
    await page.getByTestId('wizard-price').fill('6500');
    await next(page, 'amenities');
    await page.getByText(en.listing.amenities.balcony, { exact: true }).click();
    await next(page, 'availability');
    await page.getByTestId('wizard-minStayDays').fill('30');
    await page.getByTestId('wizard-maxStayDays').fill('180');
    await next(page, 'photos');

    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0d9488' } }).jpeg().toBuffer();
    await page.getByTestId('wizard-photo-input').setInputFiles({ name: 'loft.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('wizard-photo').first().waitFor({ timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await next(page, 'review');
    expect(await page.getByTestId('wizard-missing').count()).toBe(0);

    await page.getByTestId('wizard-submit').click();
    await page.locator('[data-testid="listing-status"][data-status="submitted"]').waitFor({ timeout: 15_000 });
  });

  it('shows the listing in review on the dashboard', async () => {
    const { page } = host;
    await page.goto('/host/listings');
    const row = page.getByTestId('host-listing').filter({ hasText: title });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('listing-status').getAttribute('data-status')).toBe('submitted');
    expect(await row.getByTestId('listing-status').textContent()).toBe(en.hostListings.status.submitted);
    expect(await row.locator('img').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('reads right to left in Hebrew', async () => {
    const { page } = host;
    await page.goto(`/he/host/listings/${listingId}/edit?step=describe`);
    await page.getByTestId('wizard-form-describe').waitFor({ timeout: 20_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(he.hostListings.wizard.editTitle);
    expect(await page.getByTestId('wizard-titleHe').inputValue()).toBe('לופט מואר בפלורנטין');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
