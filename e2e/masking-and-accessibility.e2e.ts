import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMark } from '../core/contact-masking.ts';
import type { BookingList } from '../core/contracts/bookings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations } from './browser.ts';
import { getJson, openProperty, settledTotal } from './stays.ts';

// Issue 39, items 3 and 6: a guest's message with a phone number is masked with a notice (decision
// 049); the accessibility statement in both languages, linked from the footer; the accessibility
// filter narrows results. Every page starts as the demo guest (the e2e server runs in prelaunch).

const languages = [
  { language: 'en', prefix: '', t: en },
  { language: 'he', prefix: '/he', t: he },
] as const;

/** Published homes the demo guest has neither booked nor asked about: a first question opens a new conversation. */
async function untouchedHomes(guest: BrowserContext, count: number): Promise<number[]> {
  const booked = new Set((await getJson<BookingList>(guest, '/api/bookings?lang=en')).bookings.map((b) => b.propertyId));
  const found: number[] = [];
  for (const type of ['rental', 'sublet'] as const) {
    const search = await getJson<SearchResponse>(guest, `/api/search?type=${type}&lang=en`);
    for (const card of search.results) {
      if (found.length === count) return found;
      if (booked.has(card.id)) continue;
      const conversation = await getJson<{ conversationId: string | null }>(guest, `/api/properties/${card.id}/conversation`);
      if (conversation.conversationId === null) found.push(card.id);
    }
  }
  if (found.length < count) throw new Error('not enough listings left to ask about');
  return found;
}

describe('masking and accessibility', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("masks a phone number and a payment request in a guest's question before any stay, and says why (en, he)", async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    const listings = await untouchedHomes(context, 2);
    const questions = {
      en: {
        body: 'Is it free in May? Call me on 050-1234567, I can pay by Bit',
        shown: `Is it free in May? Call me on ${maskMark}, I can pay by ${maskMark}`,
      },
      he: {
        body: 'האם פנוי במאי? אפשר לשלם בביט, הטלפון שלי 052 765 4321',
        shown: `האם פנוי במאי? אפשר לשלם ${maskMark}, הטלפון שלי ${maskMark}`,
      },
    };
    for (const [index, { language, prefix, t }] of languages.entries()) {
      const { body, shown } = questions[language];
      await openProperty(page, `${prefix}/property/${listings[index]}`);
      await page.getByTestId('contact-host').click();
      const dialog = page.getByTestId('contact-host-dialog');
      await dialog.getByTestId('thread-input').fill(body);
      await dialog.getByTestId('thread-send').click();
      const message = dialog.getByTestId('thread-message').filter({ hasText: shown });
      await message.waitFor();
      expect(await dialog.getByTestId('thread-messages').textContent()).not.toContain(language === 'en' ? '1234567' : '7654321');
      const what = `${t.masking.phone}${t.masking.and}${t.masking.payment}`;
      expect(await message.getByTestId('masking-notice').textContent()).toBe(t.messages.maskedMine.replace('{{what}}', what));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
    // Two property pages and two messages under load: more than the default minute.
  }, 120_000);

  for (const { language, prefix, t } of languages) {
    it(`shows the accessibility statement, linked from the footer (${language})`, async () => {
      const { page, context } = await newPage(browser, { colorScheme: language === 'he' ? 'dark' : 'light' });
      await page.goto(`${prefix}/`);
      const link = page.getByTestId('footer-accessibility');
      expect(await link.textContent()).toBe(t.footer.accessibility);
      await link.click();
      await page.getByTestId('page-accessibility').waitFor();
      expect(new URL(page.url()).pathname).toBe(`${prefix}/accessibility`);
      await page.getByTestId('legal-section').first().waitFor();
      expect(await page.locator('h1').textContent()).toBe(t.pages.accessibility.title);
      expect(await page.getByTestId('legal-section').count()).toBe(6);
      const text = (await page.getByTestId('page-accessibility').textContent()) ?? '';
      for (const needle of ['5568', 'WCAG', 'axe', 'accessibility@lina.co.il']) expect(text, needle).toContain(needle);

      // Server rendered like the other legal pages: the HTML itself holds the statement.
      const html = await (await context.request.get(`${prefix}/accessibility`)).text();
      expect(html).toContain('5568');
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'he' ? 'rtl' : 'ltr');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });

    it(`narrows results to accessible places with the accessibility filter (${language})`, async () => {
      const { page, context } = await newPage(browser, { asGuest: true });
      const type = language === 'en' ? 'sublets' : 'hotels';
      await page.goto(`${prefix}/results?type=${type}`);
      await page.getByTestId('page-results').waitFor();
      const all = await settledTotal(page);
      const section = page.getByTestId('filter-accessibility');
      expect(await section.locator('legend').textContent()).toBe(t.results.filters.accessibility);
      await section.getByTestId('filter-amenity-step_free_entrance').check();
      const before = page.url();
      await page.getByTestId('filter-search').click();
      await page.waitForURL((url) => url.href !== before);
      const narrowed = await settledTotal(page);
      expect(new URL(page.url()).searchParams.get('amenities')).toBe('step_free_entrance');
      expect(narrowed).toBeGreaterThan(0);
      expect(narrowed).toBeLessThan(all);
      expect(narrowed).toBe((await getJson<SearchResponse>(context, `/api/search${new URL(page.url()).search}`)).total);

      // The first accessible place's page lists the feature as had, under its own heading.
      await page.getByTestId('results-card').first().getByTestId('card-link').click();
      await page.waitForSelector('[data-testid="page-property"][data-state="ready"]', { timeout: 20_000 });
      const features = page.getByTestId('property-accessibility');
      expect(await features.locator('h2').textContent()).toBe(t.property.accessibilityTitle);
      expect(await features.locator('[data-key="step_free_entrance"]').getAttribute('data-testid')).toBe('amenity-included');
      await context.close();
    });
  }
});
