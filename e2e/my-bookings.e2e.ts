import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../core/format.ts';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations } from './browser.ts';

/** A day from a 'yyyy-MM-dd' (or today), 'yyyy-MM-dd' in local time like the server's. */
function isoDay(daysFromToday: number, from?: string): string {
  const date = from ? new Date(`${from}T00:00:00`) : new Date();
  date.setDate(date.getDate() + daysFromToday);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Requests a stay of about 35 days at a sublet, inside its availability, trying later starts and other sublets on 409/400. */
async function requestSubletStay(request: APIRequestContext): Promise<BookingView> {
  const search = await request.get('/api/search?type=sublet');
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as SearchResponse;
  const failures: string[] = [];
  for (const listing of results.slice(0, 8)) {
    const earliest = isoDay(10);
    let start = listing.availableFrom && listing.availableFrom > earliest ? listing.availableFrom : earliest;
    for (let attempt = 0; attempt < 4; attempt++) {
      const checkOut = isoDay(35, start);
      if (listing.availableUntil && checkOut > listing.availableUntil) break;
      const response = await request.post('/api/bookings', {
        data: { propertyId: listing.id, checkIn: start, checkOut },
        headers: { 'x-requested-with': 'fetch' },
      });
      if (response.ok()) return (await response.json()) as BookingView;
      failures.push(`${listing.id} ${start}: ${response.status()} ${await response.text()}`);
      if (response.status() !== 409 && response.status() !== 400) break;
      start = isoDay(50, start);
    }
  }
  throw new Error(`no sublet could be booked:\n${failures.join('\n')}`);
}

/** Opens My Bookings (English or Hebrew) and waits until its bookings have loaded. */
async function open(page: Page, path = '/my-bookings') {
  await page.goto(path);
  await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor({ timeout: 20_000 });
}

async function showTab(page: Page, tab: 'upcoming' | 'past') {
  await page.getByTestId(`bookings-tab-${tab}`).click();
  await page.locator(`[data-testid="bookings-panel"][data-tab="${tab}"][data-ready="true"]`).waitFor();
}

describe('my bookings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { asGuest: true }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("shows the demo guest's completed stays under Past, newest first, with Book again", async () => {
    await open(page);
    expect(await page.title()).toBe(`${en.bookings.title} · ${en.app.name}`);
    expect(await page.getByTestId('bookings-tab-upcoming').getAttribute('aria-selected')).toBe('true');
    await showTab(page, 'past');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('past');
    const cards = page.getByTestId('booking-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(await page.getByTestId('bookings-count-past').textContent()).toBe(String(count));
    const statuses = await page.getByTestId('booking-status').allTextContents();
    expect(statuses).toContain(en.bookings.status.completed);
    expect(
      await page.locator('[data-testid="booking-card"][data-status="completed"] [data-testid="booking-again"]').count(),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId('booking-cancel').count()).toBe(0);
    // Newest first.
    const checkIns = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-check-in') ?? ''));
    expect(checkIns).toEqual([...checkIns].sort().reverse());
    const first = page.getByTestId('booking-dates').first();
    expect(await first.textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}(, \d{4})? - [A-Z][a-z]{2} \d{2}, \d{4}$/);
    // The arrow keys move between the tabs.
    await page.getByTestId('bookings-tab-past').press('ArrowLeft');
    // The key is handled before React renders the new tab: wait for the render, as for the RTL case below.
    await page.locator('[data-testid="bookings-panel"][data-tab="upcoming"]').waitFor();
    expect(await page.getByTestId('bookings-tab-upcoming').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bookings-tab-upcoming');
  });

  it('shows a new request under Upcoming as pending with its total, and cancelling it moves it to Past', async () => {
    const booking = await requestSubletStay(context.request);
    expect(booking.status).toBe('pending');

    await open(page);
    const card = page.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('booking-status').textContent()).toBe(en.bookings.status.pending);
    expect(await card.getByTestId('booking-total').textContent()).toBe(formatPrice(booking.total, 'en'));
    expect(await card.getByTestId('booking-pending-note').textContent()).toContain('Waiting for the host to answer until ');
    expect(await card.getByTestId('booking-length').textContent()).toBe('2 months');
    expect(await card.getByTestId('booking-view').getAttribute('href')).toBe(`/property/${booking.propertyId}`);
    const upcomingBefore = Number(await page.getByTestId('bookings-count-upcoming').textContent());
    expect(upcomingBefore).toBeGreaterThan(0);

    // Keeping the booking closes the dialog and changes nothing.
    await card.getByTestId('booking-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Cancel this booking?');
    await page.getByTestId('cancel-keep').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.getAttribute('data-status')).toBe('pending');

    await card.getByTestId('booking-cancel').click();
    await dialog.waitFor();
    await page.getByTestId('cancel-confirm').click();
    await page.getByText(en.bookings.cancelled).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor();
    expect(Number(await page.getByTestId('bookings-count-upcoming').textContent())).toBe(upcomingBefore - 1);

    await showTab(page, 'past');
    const cancelled = page.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
    await cancelled.waitFor();
    expect(await cancelled.getAttribute('data-status')).toBe('cancelled');
    expect(await cancelled.getByTestId('booking-status').textContent()).toBe(en.bookings.status.cancelled);
    expect(await cancelled.getByTestId('booking-again').count()).toBe(1);

    // Cancelling again (another tab still showing it) answers 409 with the translated message.
    const again = await context.request.post(`/api/bookings/${booking.id}/cancel`, { headers: { 'x-requested-with': 'fetch' }, data: {} });
    expect(again.status()).toBe(409);
  });

  it('takes a review of a completed stay, which shows as your rating, hidden until the host reviews too', async () => {
    await open(page, '/my-bookings?tab=past');
    const card = page.locator('[data-testid="booking-card"]:has([data-testid="booking-review-open"])').first();
    const bookingId = await card.getAttribute('data-id');
    const propertyId = Number((await card.getByTestId('booking-view').getAttribute('href'))!.split('/').pop());
    const before = (await (await context.request.get(`/api/properties/${propertyId}`)).json()) as ListingDetail;

    await card.getByTestId('booking-review-open').click();
    const dialog = page.getByTestId('review-dialog');
    await dialog.waitFor();
    // Nothing chosen or written: both fields say what is missing, and nothing is sent.
    await dialog.getByTestId('review-submit').click();
    expect(await dialog.getByTestId('review-rating-error').textContent()).toBe(en.review.errors.rating);
    expect(await dialog.getByTestId('review-body-error').textContent()).toBe('Please write at least 10 characters.');

    // The stars are a radio group: click one, then move with the arrow keys.
    await dialog.locator('label:has([data-testid="review-star-3"])').click();
    await dialog.getByTestId('review-star-3').press('ArrowRight');
    expect(await dialog.getByTestId('review-star-4').isChecked()).toBe(true);
    await dialog.getByTestId('review-body').fill('Bright, quiet and close to the sea.');
    // Each part of the stay is rated too (two-way reviews, e2e/reviews.e2e.ts).
    for (const category of ['cleanliness', 'accuracy', 'communication', 'location', 'value']) {
      await dialog.locator(`label:has([data-testid="review-${category}-5"])`).click();
    }
    await dialog.getByTestId('review-submit').click();
    await page.getByText(en.review.thanks).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const reviewed = page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    const rating = reviewed.getByTestId('booking-review');
    await rating.waitFor();
    expect(await rating.getAttribute('data-rating')).toBe('4');
    expect(await rating.textContent()).toContain('Bright, quiet and close to the sea.');
    expect(await reviewed.getByTestId('booking-review-open').count()).toBe(0);
    // Hidden until the host reviews the guest too, or the 14 days are over: the listing's count waits.
    await reviewed.getByTestId('review-hidden').waitFor();
    const after = (await (await context.request.get(`/api/properties/${propertyId}`)).json()) as ListingDetail;
    expect(after.reviewCount).toBe(before.reviewCount);
  });

  it('reads in Hebrew, right to left', async () => {
    await open(page, '/he/my-bookings');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(he.bookings.title);
    expect(await page.getByTestId('bookings-tab-upcoming').textContent()).toContain(he.bookings.tabs.upcoming);
    expect(await page.getByTestId('bookings-tab-past').textContent()).toContain(he.bookings.tabs.past);
    // In right-to-left the left arrow goes forward.
    await page.getByTestId('bookings-tab-upcoming').focus();
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-testid="bookings-panel"][data-tab="past"]').waitFor();
    const statuses = await page.getByTestId('booking-status').allTextContents();
    expect(statuses).toContain(he.bookings.status.completed);
    expect(await page.getByTestId('booking-again').first().textContent()).toBe(he.bookings.bookAgain);
    expect(await page.getByTestId('booking-again').first().getAttribute('href')).toMatch(/^\/he\/property\/\d+$/);
  });

  it('has no serious accessibility problems in English or Hebrew, light or dark', async () => {
    for (const path of ['/my-bookings', '/my-bookings?tab=past', '/he/my-bookings', '/he/my-bookings?tab=past']) {
      await open(page, path);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    const dark = await newPage(browser, { asGuest: true, colorScheme: 'dark', width: 390, height: 844 });
    try {
      await open(dark.page, '/he/my-bookings?tab=past');
      expect(await seriousAxeViolations(dark.page)).toEqual([]);
    } finally {
      await dark.context.close();
    }
  });
});
