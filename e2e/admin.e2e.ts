import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

// The admin area end to end: a new member sends an ID document, the admin approves it from the
// Verifications tab, and the member's profile shows verified. Non-admins get the 403 page.

// A real 1×1 PNG: ID images must decode (and stay under the pixel limit) to be accepted.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const write = { 'x-requested-with': 'fetch' };

/** A new confirmed member, signed in in `context`: sign-up, the confirmation link from the dev mailbox, sign-in. */
async function newMember(context: BrowserContext, email: string) {
  const signUp = await context.request.post('/api/auth/sign-up', {
    headers: write,
    data: { firstName: 'Tamar', lastName: 'Admin-Test', dateOfBirth: '1990-05-01', email, password: 'Passw0rd!', acceptTerms: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const mails = (await (await context.request.get('/api/dev/mailbox')).json()) as { to: string; text: string }[];
    link = mails.filter((m) => m.to === email).flatMap((m) => [...m.text.matchAll(/https?:\/\/\S+confirm-email\S*/g)].map((x) => x[0]))[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(link).toBeDefined();
  await context.request.get(new URL(link!).pathname + new URL(link!).search);
  await signInAs(context, email);
}

describe('admin area', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('approves a waiting ID document, and the member’s profile shows verified', async () => {
    const member = await newPage(browser);
    const email = `id-${Date.now()}@example.com`;
    await newMember(member.context, email);
    const upload = await member.context.request.post('/api/profile/id-document', {
      headers: { ...write, 'content-type': 'image/png' },
      data: png,
    });
    expect(upload.ok(), await upload.text()).toBe(true);

    const { page, context } = await newPage(browser);
    await signInAs(context, 'admin@example.com');
    await page.goto('/admin');
    for (const stat of ['totalUsers', 'activeListings', 'monthlyRevenue', 'pendingReviews']) {
      await page.getByTestId(`stat-${stat}`).waitFor();
    }
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="stat-totalUsers"] [data-testid="stat-value"]')?.textContent ?? ''),
    );
    expect(await page.getByTestId('stat-pendingReviews').textContent()).toMatch(/Pending reviews\s*\d+/);

    const row = page.getByTestId('id-verification').filter({ hasText: email });
    await row.waitFor();
    expect(await row.locator('[data-tone]').first().getAttribute('data-tone')).toBe('yellow');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByTestId('id-verification-approve').click();
    await row.waitFor({ state: 'detached' });

    await member.page.goto('/profile');
    await member.page.waitForFunction(
      () => document.querySelector('[data-testid="id-verification"]')?.getAttribute('data-status') === 'verified',
    );

    // Keyboard: the tabs follow the arrow keys; the Users tab finds the member.
    await page.getByTestId('admin-tab-verifications').press('ArrowRight');
    await page.getByTestId('admin-tab-reports').press('ArrowRight');
    await page.getByTestId('admin-tab-moveIn').press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="admin-tab-users"]')?.getAttribute('aria-selected') === 'true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('admin-tab-users');
    await page.getByTestId('admin-user-search').fill(email);
    await page.getByTestId('admin-user').filter({ hasText: email }).waitFor();
    // The approval's toast is measured by its own tests; wait for it to leave.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await member.context.close();
    await context.close();
  });

  it('is right to left in Hebrew, dark and accessible', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark', locale: 'he-IL' });
    await signInAs(context, 'admin@example.com');
    await page.goto('/he/admin?tab=settings');
    await page.getByTestId('admin-settings').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('admin-tab-settings').textContent()).toBe('הגדרות');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone on every tab, in both languages, the settings inside their cards', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await signInAs(context, 'admin@example.com');
    for (const prefix of ['', '/he']) {
      for (const tab of ['verifications', 'reports', 'users', 'settings', 'audit', 'records', 'calendarConflicts']) {
        await page.goto(`${prefix}/admin?tab=${tab}`);
        await page.getByTestId(`admin-tab-${tab}`).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${prefix}/admin?tab=${tab}`).toBeLessThanOrEqual(390);
      }
    }
    await page.goto('/admin?tab=settings');
    const settings = page.getByTestId('admin-settings');
    await settings.waitFor();
    // Every setting of the first card (it has two since the verified-places setting) inside it.
    const firstCard = settings.locator('fieldset').first();
    const card = (await firstCard.boundingBox())!;
    for (const setting of await firstCard.locator('label').all()) {
      const label = (await setting.boundingBox())!;
      expect(label.x).toBeGreaterThanOrEqual(card.x);
      expect(label.x + label.width).toBeLessThanOrEqual(card.x + card.width);
      expect(label.y).toBeGreaterThan(card.y);
    }
    await context.close();
  });

  it('shows the 403 page to a signed-in non-admin', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/admin');
    await page.getByTestId('page-forbidden').waitFor();
    expect(await page.getByTestId('page-admin').count()).toBe(0);
    await context.close();
  });
});
