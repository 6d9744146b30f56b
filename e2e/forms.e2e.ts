import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe('contact, newsletter and careers forms', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: BrowserContext;

  /** What an operator sees through the admin list endpoints. */
  async function adminList<T>(path: string): Promise<T[]> {
    const response = await admin.request.get(path);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { items: T[] }).items;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { asGuest: true }));
    ({ context: admin } = await newPage(browser));
    await signInAs(admin, 'admin@example.com');
  });
  afterAll(async () => {
    await context?.close();
    await admin?.close();
    await browser?.close();
  });

  it('contact: shows translated errors for missing fields and a bad e-mail, then sends and stores the message', async () => {
    await page.goto('/contact');
    // The signed-in guest writes as themselves: their name and e-mail are filled in.
    await expect.poll(() => page.getByTestId('contact-email').inputValue()).toBe('guest@example.com');
    expect(await page.getByTestId('contact-name').inputValue()).not.toBe('');
    await page.getByTestId('contact-name').fill('');
    await page.getByTestId('contact-email').fill('');
    await page.getByTestId('contact-submit').click();
    await expect.poll(() => page.getByText(en.contactPage.errors.required).count()).toBe(4);
    expect(await page.getByTestId('contact-name').getAttribute('aria-invalid')).toBe('true');

    const subject = `Parking question ${unique()}`;
    await page.getByTestId('contact-name').fill('Noa Levi');
    await page.getByTestId('contact-email').fill('noa-at-example');
    await page.getByTestId('contact-subject').fill(subject);
    await page.getByTestId('contact-message').fill('Is there parking near the flat?');
    await page.getByTestId('contact-submit').click();
    await page.getByText(en.contactPage.errors.invalid_email).waitFor();
    expect(await page.getByText(en.contactPage.errors.required).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('contact-email').fill('noa@example.com');
    await page.getByTestId('contact-category').selectOption('booking');
    await page.getByTestId('contact-submit').click();
    await page.getByText(en.contactPage.success).waitFor();
    await page.getByText(en.contactPage.successText).waitFor();
    expect(await page.getByTestId('contact-subject').inputValue()).toBe('');

    const stored = await adminList<{ subject: string; category: string; email: string }>('/api/admin/contact-messages');
    expect(stored.find((message) => message.subject === subject)).toMatchObject({ category: 'booking', email: 'noa@example.com' });
  });

  it('newsletter: the footer form stores an unconfirmed sign-up', async () => {
    await page.goto('/contact');
    const email = `reader-${unique()}@example.com`;
    await page.getByTestId('newsletter-email').fill(email);
    await page.getByTestId('newsletter-submit').click();
    await page.getByText(en.footer.subscribed).waitFor();
    const stored = await adminList<{ email: string; source: string; confirmedAt: string | null }>('/api/admin/newsletter-subscriptions');
    expect(stored.find((row) => row.email === email)).toMatchObject({ source: 'footer', confirmedAt: null });
  });

  it('careers: four positions; Apply Now refuses a fake PDF, then sends a real one', async () => {
    await page.goto('/careers');
    await page.getByTestId('position-product-designer').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.getByTestId('positions').locator(':scope > li').count()).toBe(4);
    await page.getByTestId('apply-product-designer').click();
    const form = page.getByTestId('application-form-product-designer');
    const name = `Maya ${unique()}`;
    await form.getByTestId('application-name').fill(name);
    await form.getByTestId('application-email').fill('maya@example.com');
    await form
      .getByTestId('application-cv')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await form.getByTestId('application-submit').click();
    await form.getByText(en.careersPage.errors.cvNotPdf).waitFor();

    await form
      .getByTestId('application-cv')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF') });
    await form.getByTestId('application-submit').click();
    await page.getByText(en.careersPage.success).waitFor();
    const stored = await adminList<{ name: string; positionSlug: string }>('/api/admin/job-applications');
    expect(stored.find((row) => row.name === name)).toMatchObject({ positionSlug: 'product-designer' });
  });

  it('analytics: page views reach our own server and show in the views per page', async () => {
    await page.goto('/about');
    await page.getByTestId('page-about').waitFor();
    await page.goto('/features');
    await page.getByTestId('page-features').waitFor();
    const viewsOf = async (path: string) => {
      const response = await admin.request.get('/api/admin/analytics/page-views');
      const { items } = (await response.json()) as { items: { path: string; views: number }[] };
      return items.find((item) => item.path === path)?.views ?? 0;
    };
    await expect.poll(() => viewsOf('/features'), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await viewsOf('/about')).toBeGreaterThan(0);
  });

  // Last: a visit in Hebrew is remembered, and later English visits follow it.
  it('contact in Hebrew: the errors are in Hebrew', async () => {
    await page.goto('/he/contact');
    await page.getByRole('heading', { level: 1, name: he.contactPage.title }).waitFor();
    await expect.poll(() => page.getByTestId('contact-email').inputValue()).toBe('guest@example.com');
    await page.getByTestId('contact-submit').click();
    // Name and e-mail are the signed-in guest's; the subject and message are missing.
    await expect.poll(() => page.getByText(he.contactPage.errors.required).count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('information pages in English and Hebrew', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  // A fresh context per test: a visit in Hebrew is remembered and would carry over.
  beforeEach(async () => {
    await context?.close();
    ({ context, page } = await newPage(browser, { asGuest: true }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const pages = [
    {
      path: '/become-host',
      title: (t: typeof en) => t.becomeHostPage.title,
      lists: { 'host-benefits': 4, 'host-steps': 4, 'host-requirements': 6 },
    },
    { path: '/features', title: (t: typeof en) => t.featuresPage.title, lists: { 'feature-groups': 4, 'feature-extras': 8 } },
    { path: '/about', title: (t: typeof en) => t.aboutPage.title, lists: { 'about-values': 4, 'about-team': 4 } },
  ];

  for (const { path, title, lists } of pages) {
    for (const [language, t, prefix] of [
      ['en', en, ''],
      ['he', he as typeof en, '/he'],
    ] as const) {
      it(`${path} in ${language}: every element, the meta description, hreflang alternates, axe clean`, async () => {
        await page.goto(prefix + path);
        await page.getByRole('heading', { level: 1, name: title(t) }).waitFor();
        for (const [testId, count] of Object.entries(lists)) {
          expect(await page.getByTestId(testId).locator(':scope > *').count(), testId).toBe(count);
        }
        const alternates = await page
          .locator('link[rel="alternate"]')
          .evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${new URL(link.getAttribute('href')!).pathname}`));
        expect(alternates.sort()).toEqual([`en ${path}`, `he /he${path}`, `x-default ${path}`].sort());
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description).toBeTruthy();
        if (language === 'he') expect(description).toMatch(/[\u0590-\u05FF]/);
        expect(await page.title()).toContain(title(t));
        // The server's own title, before any script: the same words as the page's heading.
        const served = await (await page.request.get(prefix + path)).text();
        expect(served).toContain(`<title>${title(t)} · `);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  }

  it('the features comparison table has a header row and one row per feature', async () => {
    await page.goto('/features');
    await page.getByTestId('feature-comparison').waitFor();
    expect(await page.getByTestId('feature-comparison').locator('tbody tr').count()).toBe(6);
  });
});
