import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

/**
 * Money a host owes is settled (issue 37 item 10, decision 057), in English and Hebrew: the demo
 * host (paid on arrival, so owing Lina's fees) adds a bank account for payouts and sees what they
 * owe and the reference to pay it with; an admin sees the account masked in Finance and records a
 * fee received with the bank's reference.
 */
/** Screenshots for people to look at, when HOST_MONEY_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const folder = process.env.HOST_MONEY_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

describe('host money', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the host adds a bank account and sees the fees they owe and how to pay them (en, then he)', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInAs(context, 'host@example.com');
    await page.goto('/host/listings');
    await page.getByTestId('host-payout-method').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('host-fees-owed').textContent()).toMatch(/^You owe ₪/);
    expect(await page.getByTestId('host-fees-reference').textContent()).toMatch(/^LINA-[0-9A-F]{8}$/);

    await page.getByTestId('host-payout-method-edit').click();
    await page.getByTestId('host-payout-bank').selectOption('12');
    await page.getByTestId('host-payout-branch').fill('60');
    await page.getByTestId('host-payout-account').fill('44-17821');
    await page.getByTestId('host-payout-holder').fill('Noa Levi');
    await page.getByTestId('host-payout-save').click();
    // A 2-digit branch is refused before anything is sent.
    await page.getByText(en.hostMoney.payoutMethod.branchInvalid).waitFor();
    // The form and its error are accessible (checked before the save's toast animates in).
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'host-money-form-en');
    await page.getByTestId('host-payout-branch').fill('600');
    await page.getByTestId('host-payout-save').click();
    await page.getByTestId('host-payout-method-current').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('host-payout-method-current').textContent()).toBe(
      'Bank Hapoalim, branch 600, account 4417821 · Noa Levi',
    );

    await page.goto('/he/host/listings');
    await page.getByTestId('host-payout-method-current').waitFor({ timeout: 20_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('host-payout-method-current').textContent()).toBe('בנק הפועלים, סניף 600, חשבון 4417821 · Noa Levi');
    expect(await page.getByTestId('host-fees-owed').textContent()).toContain(he.hostMoney.fees.owed.split('{{')[0]!.trim());
    await page.getByTestId('host-payout-method-edit').click();
    await page.getByTestId('host-payout-branch').fill('601');
    await page.getByTestId('host-payout-save').click();
    await page.getByText('סניף 601').waitFor({ timeout: 20_000 });
    await page.getByTestId('host-fees').scrollIntoViewIfNeeded();
    await shot(page, 'host-money-he');
  });

  it('the admin sees the account masked and records a fee received (en, then he)', async () => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInAs(context, 'admin@example.com');
    await page.goto('/admin?tab=finance');
    const row = page.getByTestId('finance-payouts').locator('tbody tr', { hasText: 'host@example.com' });
    await row.waitFor({ timeout: 20_000 });
    // Nothing is due to a host paid on arrival: no "Mark as sent", but "Record fee received".
    expect(await row.getByTestId('finance-mark-payout').count()).toBe(0);
    const owes = Number((await row.getByTestId('finance-owes').textContent())!.replace(/[^\d]/g, ''));
    expect(owes).toBeGreaterThan(100);
    await row.getByTestId('finance-record-fee').click();
    const dialog = page.getByTestId('finance-fee-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/LINA-[0-9A-F]{8}/);
    await shot(page, 'admin-fee-dialog-en');
    await page.getByTestId('finance-fee-amount').fill('100');
    await page.getByTestId('finance-fee-reference').fill(`E2E-${Date.now()}`);
    await page.getByTestId('finance-fee-confirm').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    await page.waitForFunction(
      (expected) => {
        const cells = [...document.querySelectorAll('[data-testid="finance-payouts"] tbody tr')].filter((tr) =>
          tr.textContent?.includes('host@example.com'),
        );
        return cells[0]?.querySelector('[data-testid="finance-owes"]')?.textContent?.replace(/[^\d]/g, '') === String(expected);
      },
      owes - 100,
      { timeout: 20_000 },
    );

    await page.goto('/he/admin?tab=finance');
    const heRow = page.getByTestId('finance-payouts').locator('tbody tr', { hasText: 'host@example.com' });
    await heRow.waitFor({ timeout: 20_000 });
    expect(await heRow.getByTestId('finance-record-fee').textContent()).toBe(he.hostMoney.admin.recordFee);
    // The account is masked in the list.
    expect(await heRow.getByTestId('finance-payout-method').textContent()).toMatch(/בנק הפועלים, סניף 60\d, חשבון •+821/);
  });
});
