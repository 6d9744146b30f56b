import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

/** Opens the past tab of My Bookings (English or Hebrew) and the first stay's receipt from its card. */
async function openReceiptFromMyBookings(page: Page, prefix: '' | '/he') {
  await page.goto(`${prefix}/my-bookings?tab=past`);
  await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor({ timeout: 20_000 });
  const card = page.locator('[data-testid="booking-card"][data-status="completed"]').first();
  const id = await card.getAttribute('data-id');
  const link = card.getByTestId('booking-receipt');
  expect(await link.getAttribute('href')).toBe(`${prefix}/my-bookings/${id}/receipt`);
  await link.click();
  await page.getByTestId('receipt').waitFor({ timeout: 20_000 });
  return id!;
}

describe('receipts and finance', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the demo guest opens a numbered receipt from My Bookings, in English and in Hebrew, and can print it', async () => {
    const { context, page } = await newPage(browser, { asGuest: true });
    contexts.push(context);
    const id = await openReceiptFromMyBookings(page, '');
    const number = await page.getByTestId('receipt').getAttribute('data-number');
    expect(Number(number)).toBeGreaterThan(1000);
    expect(await page.getByTestId('receipt-number').textContent()).toBe(en.receipts.number.replace('{{number}}', number!));
    expect(await page.getByTestId('receipt-print').isEnabled()).toBe(true);
    expect(await page.getByTestId('receipt-total').textContent()).toContain('₪');
    // Paid on arrival: "Paid" once the stay is over, until then how it will be paid (decision 057).
    const method = await page.getByTestId('receipt-method').textContent();
    expect([
      `${en.receipts.method}: ${en.receipts.methods.on_arrival}`,
      `${en.hostMoney.receipt.howPaid}: ${en.hostMoney.receipt.onArrivalUnpaid}`,
    ]).toContain(method);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Printed, the page is the receipt alone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('footer').first().isVisible()).toBe(false);
    expect(await page.getByTestId('receipt-print').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    const heId = await openReceiptFromMyBookings(page, '/he');
    expect(heId).toBe(id);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('receipt-number').textContent()).toBe(he.receipts.number.replace('{{number}}', number!));
    expect(await page.getByTestId('receipt-print').textContent()).toContain(he.receipts.print);
  });

  it('the admin sees the Finance tab with months and payouts due', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInAs(context, 'admin@example.com');
    await page.goto('/admin?tab=finance');
    await page.getByTestId('finance-months').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('admin-tab-finance').textContent()).toBe(en.admin.tabs.finance);
    expect(await page.getByTestId('finance-months').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByTestId('finance-payouts').waitFor();
    expect(await page.getByTestId('finance-months-csv').getAttribute('href')).toBe('/api/admin/finance/months.csv');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
