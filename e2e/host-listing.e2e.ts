import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { createAndSubmitListing, wizardListing } from './listing-wizard.ts';

// The demo host (ID verified) lists a sublet through the wizard, with a photo, submits it, and finds
// it in review on the dashboard; the wizard reads right to left in Hebrew.

const title = `E2E loft ${Date.now().toString(36)}`;

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
    listingId = await createAndSubmitListing(host.page, { title, checkAccessibility: true });
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
    expect(await page.getByTestId('wizard-titleHe').inputValue()).toBe(wizardListing.titleHe);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
