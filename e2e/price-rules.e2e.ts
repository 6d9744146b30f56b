import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteStay } from '../core/quote.ts';
import type { HostListingSummaries } from '../core/contracts/host-listings.ts';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { PriceRules } from '../core/contracts/price-rules.ts';
import { formatPrice } from '../core/format.ts';
import { holidayPresetRange } from '../core/hebrew-calendar.ts';
import { nightRate, unitDaysOf, unitPriceOf } from '../core/price-rules.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { signedPrice } from '../web/lib/price-rule-text.ts';
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { addDays, getJson, isoDay, openProperty } from './stays.ts';

// A host adds a Passover rule on the listing's calendar, sees the dearer nights there, and a guest's
// quote over Passover on the property page is dearer by the line the rule adds; in English and Hebrew.

const passover = holidayPresetRange('passover', isoDay(0));

/** Two of the demo host's published listings without rules, open over Passover: one per language. */
async function listingsForTheTest(host: BrowserContext, guest: BrowserContext): Promise<ListingDetail[]> {
  const { listings } = await getJson<HostListingSummaries>(host, '/api/host/listings?lang=en');
  const found: ListingDetail[] = [];
  for (const summary of listings) {
    if (summary.status !== 'approved' || found.length === 2) continue;
    const rules = await getJson<PriceRules>(host, `/api/host/listings/${summary.id}/price-rules`);
    if (rules.rules.length) continue;
    const listing = await getJson<ListingDetail>(guest, `/api/properties/${summary.id}?lang=en`);
    const stayEnd = addDays(passover.startDate, Math.max(listing.minStayDays, 3));
    if (listing.availableFrom && listing.availableFrom > passover.startDate) continue;
    if (listing.availableUntil && listing.availableUntil < stayEnd) continue;
    found.push(listing);
  }
  return found;
}

async function showMonthOf(page: Page, day: string) {
  const calendar = page.getByTestId('host-calendar');
  for (let step = 0; step < 30 && (await calendar.locator(`button[data-iso="${day}"]`).count()) === 0; step++) {
    await calendar.locator('nav button').nth(1).click();
  }
}

describe.each([
  { language: 'en' as const, texts: en, prefix: '' },
  { language: 'he' as const, texts: he, prefix: '/he' },
])('seasonal prices ($language)', ({ language, texts, prefix }) => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let guest: { context: BrowserContext; page: Page };
  let listing: ListingDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    host = await newPage(browser);
    guest = await newPage(browser, { asGuest: true });
    await signInAs(host.context, 'host@example.com');
    const candidates = await listingsForTheTest(host.context, guest.context);
    listing = candidates[language === 'en' ? 0 : 1]!;
    expect(listing, 'a published listing of the demo host, without rules, open over Passover').toBeDefined();
  });
  afterAll(async () => {
    await host?.context.close();
    await guest?.context.close();
    await browser?.close();
  });

  it('the host adds a Passover rule and the calendar shows the dearer nights', async () => {
    const { page } = host;
    await page.goto(`${prefix}/host/listings/${listing.id}/calendar`);
    const panel = page.getByTestId('price-rules-panel');
    await panel.waitFor({ timeout: 20_000 });
    await panel.getByTestId('price-rule-when-holiday').check();
    await panel.getByTestId('price-rule-preset').selectOption('passover');
    await panel.getByTestId('price-rule-change-percent').check();
    await panel.getByTestId('price-rule-amount').fill('30');
    await panel.getByTestId('price-rule-add').click();
    const rule = panel.getByTestId('price-rule');
    await rule.waitFor();
    const name = `${texts.priceRules.presets.passover} ${passover.startDate.slice(0, 4)}`;
    expect(await rule.textContent()).toContain(name);

    await showMonthOf(page, passover.startDate);
    const priced = { ...listing, propertyType: listing.type };
    const before = addDays(passover.startDate, -1);
    const dayNote = (day: string) =>
      page.locator(`[data-testid="host-calendar"] td:has(button[data-iso="${day}"]) [data-testid="day-note"]`);
    const base = Math.round(unitPriceOf(priced) / unitDaysOf(listing.type));
    const dearer = nightRate(
      priced,
      [{ ...passover, preset: 'passover', adjustPercent: 30, price: null, minNights: null }],
      passover.startDate,
    );
    expect(dearer).toBeGreaterThan(base);
    if (before >= isoDay(0)) expect(await dayNote(before).textContent()).toBe(formatPrice(base, language));
    expect(await dayNote(passover.startDate).textContent()).toBe(formatPrice(dearer, language));
    // Once the confirmation toast is gone: its colours are the toaster's, checked elsewhere.
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("the guest's quote over Passover is dearer by the rule's line", async () => {
    const { page } = guest;
    const fresh = await getJson<ListingDetail>(guest.context, `/api/properties/${listing.id}?lang=${language}`);
    expect(fresh.priceRules).toEqual([{ ...passover, preset: 'passover', adjustPercent: 30, price: null, minNights: null }]);
    const checkIn = addDays(passover.startDate, -1);
    const checkOut = addDays(checkIn, Math.max(listing.minStayDays, 3));
    const priced = { ...fresh, ...fresh.fees, propertyType: fresh.type };
    const plain = quoteStay(priced, { checkIn, checkOut }, { serviceFeeRate: fresh.serviceFeeRate });
    const quote = quoteStay(priced, { checkIn, checkOut }, { rules: fresh.priceRules, serviceFeeRate: fresh.serviceFeeRate });
    expect(quote.total).toBeGreaterThan(plain.total);

    await openProperty(page, `${prefix}/property/${listing.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
    const breakdown = page.getByTestId('booking-breakdown');
    await breakdown.waitFor();
    expect(await breakdown.getByTestId('breakdown-total').textContent()).toBe(formatPrice(quote.total, language));
    const line = breakdown.getByTestId('breakdown-seasonal');
    expect(await line.textContent()).toContain(texts.priceRules.presets.passover);
    expect(await line.textContent()).toContain(signedPrice(quote.seasonal[0]!.amount, language));
  });

  it('the host removes the rule', async () => {
    const { page } = host;
    const panel = page.getByTestId('price-rules-panel');
    await panel.getByTestId('price-rule').getByRole('button').click();
    await panel.getByTestId('price-rule').waitFor({ state: 'detached' });
    expect((await getJson<PriceRules>(host.context, `/api/host/listings/${listing.id}/price-rules`)).rules).toEqual([]);
  });
});
