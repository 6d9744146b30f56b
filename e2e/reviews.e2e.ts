import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import { reviewCategories } from '../core/review-rules.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { getJson, openProperty } from './stays.ts';

// Two-way reviews: the demo guest and the demo host review one completed stay each way; the first
// review stays hidden until the second comes in, then both are published together. The guest rates
// each category (averages on the property page), the host replies once in public, and the guest's
// profile shows the host's review. Then: a seeded super-host's listing shows the badge.

async function openList(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor({ timeout: 20_000 });
}

/** Picks `stars` in a star group (a radio group drawn as stars) by clicking its label. */
async function pickStars(page: Page, testId: string, stars: number) {
  await page.locator(`label:has([data-testid="${testId}-${stars}"])`).click();
  expect(await page.getByTestId(`${testId}-${stars}`).isChecked()).toBe(true);
}

const categoryStars = { cleanliness: 5, accuracy: 4, communication: 5, location: 3, value: 4 } as const;

describe('two-way reviews', () => {
  let browser: Browser;
  let guest: { context: BrowserContext; page: Page };
  let host: { context: BrowserContext; page: Page };
  let stays: BookingView[];

  beforeAll(async () => {
    browser = await launchBrowser();
    guest = await newPage(browser, { asGuest: true });
    host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');
    // The seed leaves the demo guest a few recent stays at the demo host's homes nobody reviewed yet.
    const { bookings } = await getJson<{ bookings: BookingView[] }>(host.context, '/api/host/bookings?lang=en');
    stays = bookings.filter(
      (b) => b.guestFirstName === 'Dana' && b.reviews?.windowOpen && !b.reviews.guestReviewed && !b.reviews.hostReviewed,
    );
    expect(stays.length, 'two completed stays of the demo guest to review').toBeGreaterThanOrEqual(2);
  });
  async function reviewIdOf(stay: BookingView) {
    const { bookings } = await getJson<{ bookings: BookingView[] }>(host.context, '/api/host/bookings?lang=en');
    return bookings.find((b) => b.id === stay.id)!.review!.id;
  }

  afterAll(async () => {
    await guest?.context.close();
    await host?.context.close();
    await browser?.close();
  });

  for (const [index, language] of (['en', 'he'] as const).entries()) {
    const texts = language === 'en' ? en : he;
    const prefix = language === 'en' ? '' : '/he';
    const guestText = language === 'en' ? 'Bright, quiet and close to the sea.' : 'דירה מוארת ושקטה, קרובה לים.';
    const hostText = language === 'en' ? 'Dana left the place spotless. Welcome back!' : 'דנה השאירה את הדירה מבריקה. מוזמנת לחזור!';
    const replyText = language === 'en' ? 'Thank you Dana, come again!' : 'תודה דנה, נשמח לארח שוב!';

    it(`in ${language}: the guest's review waits for the host's, then both are published together`, async () => {
      const stay = stays[index]!;
      const card = guest.page.locator(`[data-testid="booking-card"][data-id="${stay.id}"]`);
      await openList(guest.page, `${prefix}/my-bookings?tab=past`);
      await card.getByTestId('booking-review-open').click();
      const dialog = guest.page.getByTestId('review-dialog');
      await dialog.waitFor();
      // Every category must be rated.
      await pickStars(guest.page, 'review-star', 4);
      await dialog.getByTestId('review-body').fill(guestText);
      await dialog.getByTestId('review-submit').click();
      expect(await dialog.getByTestId('review-categories-error').textContent()).toBe(texts.review.errors.categories);
      for (const category of reviewCategories) await pickStars(guest.page, `review-${category}`, categoryStars[category]);
      expect(await seriousAxeViolations(guest.page)).toEqual([]);
      await dialog.getByTestId('review-submit').click();
      await dialog.waitFor({ state: 'detached' });

      // Written, not published: the guest sees it hidden; the host sees only that it exists; the page nothing.
      const mine = card.getByTestId('booking-review');
      await mine.waitFor();
      expect(await mine.getAttribute('data-published')).toBe('false');
      await card.getByTestId('review-hidden').waitFor();
      const before = await getJson<ListingDetail>(guest.context, `/api/properties/${stay.propertyId}?lang=${language}`);
      expect(before.reviews.some((r) => r.body === guestText)).toBe(false);

      await openList(host.page, `${prefix}/host/bookings?tab=past`);
      const hostCard = host.page.locator(`[data-testid="booking-card"][data-id="${stay.id}"]`);
      await hostCard.getByTestId('review-waiting').waitFor();
      expect(await hostCard.getByTestId('booking-review').count()).toBe(0);
      await hostCard.getByTestId('booking-guest-review-open').click();
      const hostDialog = host.page.getByTestId('review-dialog');
      await hostDialog.waitFor();
      expect(await hostDialog.getByTestId('review-categories').count()).toBe(0);
      await pickStars(host.page, 'review-star', 5);
      await hostDialog.getByTestId('review-body').fill(hostText);
      expect(await seriousAxeViolations(host.page)).toEqual([]);
      await hostDialog.getByTestId('review-submit').click();
      await hostDialog.waitFor({ state: 'detached' });

      // Both published at once: the host reads the guest's review, the guest the host's.
      const guestsReview = hostCard.getByTestId('booking-review');
      await guestsReview.waitFor();
      expect(await guestsReview.getAttribute('data-published')).toBe('true');
      expect(await guestsReview.textContent()).toContain(guestText);
      await openList(guest.page, `${prefix}/my-bookings?tab=past`);
      const theirs = card.getByTestId('booking-guest-review');
      await theirs.waitFor();
      expect(await theirs.textContent()).toContain(hostText);
      expect(await mine.getAttribute('data-published')).toBe('true');
    }, 120_000);

    it(`in ${language}: the property page shows the review with category averages, and the host replies once`, async () => {
      const stay = stays[index]!;
      await openList(host.page, `${prefix}/host/bookings?tab=past`);
      const hostCard = host.page.locator(`[data-testid="booking-card"][data-id="${stay.id}"]`);
      await hostCard.getByTestId('booking-reply-open').click();
      const dialog = host.page.getByTestId('reply-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('reply-body').fill(replyText);
      await dialog.getByTestId('reply-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await hostCard.getByTestId('booking-review-reply').waitFor();
      expect(await hostCard.getByTestId('booking-reply-open').count()).toBe(0);
      // Only once, whatever the page shows.
      const again = await host.context.request.post(`/api/reviews/${await reviewIdOf(stay)}/reply`, {
        headers: { 'x-requested-with': 'fetch' },
        data: { body: 'And one more thing.' },
      });
      expect(again.status()).toBe(409);

      await openProperty(guest.page, `${prefix}/property/${stay.propertyId}`);
      const review = guest.page.locator('[data-testid="review"]', { hasText: guestText });
      await review.waitFor();
      expect(await review.getByTestId('review-reply').textContent()).toContain(replyText);
      const averages = guest.page.getByTestId('category-averages');
      await averages.waitFor();
      for (const category of reviewCategories) {
        const row = averages.getByTestId(`category-${category}`);
        expect(await row.textContent()).toContain(texts.property.categories[category]);
      }
      const listing = await getJson<ListingDetail>(guest.context, `/api/properties/${stay.propertyId}?lang=${language}`);
      for (const category of reviewCategories) {
        expect(await averages.getByTestId(`category-${category}`).getAttribute('data-value')).toBe(
          String(listing.categoryAverages[category]),
        );
      }
      expect(await guest.page.locator('html').getAttribute('dir')).toBe(language === 'he' ? 'rtl' : 'ltr');
      expect(await seriousAxeViolations(guest.page)).toEqual([]);
    }, 120_000);

    it(`in ${language}: the guest's profile shows the host's review`, async () => {
      const stay = stays[index]!;
      await guest.page.goto(`${prefix}/people/${stay.guestId}`);
      await guest.page.locator('[data-testid="page-person"][data-state="ready"]').waitFor();
      expect(await guest.page.getByTestId('person-name').textContent()).toBe('Dana');
      const review = guest.page.locator('[data-testid="person-review"]', { hasText: hostText });
      await review.waitFor();
      expect(await guest.page.getByTestId('person-reviews').getByRole('heading').first().textContent()).toBe(texts.people.reviewsFromHosts);
      expect(await seriousAxeViolations(guest.page)).toEqual([]);
    });
  }

  it('shows the super-host badge, response rate and time on a seeded super-host listing, in English and Hebrew', async () => {
    // Super-hosts earn it from their seeded history; find a listing of one through the API the pages use.
    let found: ListingDetail | undefined;
    for (const type of ['rental', 'sublet', 'hotel'] as const) {
      const search = await getJson<SearchResponse>(guest.context, `/api/search?type=${type}&lang=en&sort=rating`);
      for (const card of search.results) {
        const listing = await getJson<ListingDetail>(guest.context, `/api/properties/${card.id}?lang=en`);
        if (listing.host.superHost) {
          found = listing;
          break;
        }
      }
      if (found) break;
    }
    expect(found, 'a listing of a super-host').toBeDefined();
    for (const [language, texts] of [
      ['en', en],
      ['he', he],
    ] as const) {
      // A fresh visitor each time: a page in Hebrew makes Hebrew the stored preference.
      const visitor = await newPage(browser, { asGuest: true });
      const page = visitor.page;
      await openProperty(page, `${language === 'en' ? '' : '/he'}/property/${found!.id}`);
      const card = page.getByTestId('property-host');
      expect(await card.getByTestId('host-super-host').textContent()).toBe(texts.property.host.superHost);
      expect(await card.getByTestId('host-response-rate').textContent()).toMatch(/\d+%/);
      await card.getByTestId('host-response-time').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await card.getByTestId('host-profile-link').click();
      await page.locator('[data-testid="page-person"][data-state="ready"]').waitFor();
      expect(await page.getByTestId('person-super-host').textContent()).toBe(texts.people.superHost);
      await page.getByTestId('person-response-rate').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await visitor.context.close();
    }
  });
});
