import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { freeStay, getJson, openProperty } from './stays.ts';

// The whole request: the demo guest asks for a stay at one of the demo host's places, they write to
// each other, the host accepts, the guest sees it confirmed, and another guest cannot have the dates.

async function openList(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor({ timeout: 20_000 });
}

async function showTab(page: Page, tab: string) {
  await page.getByTestId(`bookings-tab-${tab}`).click();
  await page.locator(`[data-testid="bookings-panel"][data-tab="${tab}"][data-ready="true"]`).waitFor();
}

describe('requests between a guest and a host', () => {
  let browser: Browser;
  let guest: { context: BrowserContext; page: Page };
  let host: { context: BrowserContext; page: Page };
  let listing: ListingDetail;
  let stay: { checkIn: string; checkOut: string };
  let bookingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    guest = await newPage(browser, { asGuest: true });
    host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');

    // The demo host's homes are the ones their past stays were at.
    const { bookings } = await getJson<{ bookings: BookingView[] }>(host.context, '/api/host/bookings?lang=en');
    const homes = [...new Set(bookings.filter((b) => b.propertyType !== 'hotel').map((b) => b.propertyId))];
    // A guest has one request at a time per place: skip homes where another test left one waiting.
    const mine = await getJson<{ bookings: BookingView[] }>(guest.context, '/api/bookings?lang=en');
    const waiting = new Set(mine.bookings.filter((b) => b.status === 'pending').map((b) => b.propertyId));
    for (const id of homes.filter((home) => !waiting.has(home))) {
      const candidate = await getJson<ListingDetail>(guest.context, `/api/properties/${id}?lang=en`);
      const held = await getJson<HeldDates>(guest.context, `/api/properties/${id}/held-dates`);
      const free = freeStay(candidate, held, 90);
      if (free) {
        listing = candidate;
        stay = free;
        break;
      }
    }
    expect(listing, 'a home of the demo host with free dates').toBeDefined();
  });
  afterAll(async () => {
    await guest?.context.close();
    await host?.context.close();
    await browser?.close();
  });

  it('the guest requests a stay from the property page and sees it under Upcoming as pending', async () => {
    await openProperty(guest.page, `/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    await guest.page.getByTestId('booking-breakdown').waitFor();
    const created = guest.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/bookings' && response.request().method() === 'POST',
    );
    await guest.page.getByTestId('booking-action').click();
    const response = await created;
    expect(response.status()).toBe(201);
    bookingId = ((await response.json()) as BookingView).id;
    await guest.page.getByTestId('booking-success').waitFor();

    await openList(guest.page, '/my-bookings');
    const card = guest.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('pending');
    expect(await card.getByTestId('booking-status').textContent()).toBe(en.bookings.status.pending);
  });

  it('the guest writes to the host, who sees the request with an unread message', async () => {
    const card = guest.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.getByTestId('booking-message').click();
    const dialog = guest.page.getByTestId('thread-dialog');
    await dialog.waitFor();
    expect(new URL(guest.page.url()).searchParams.get('thread')).toBe(bookingId);
    await dialog.getByTestId('thread-empty').waitFor();
    await dialog.getByTestId('thread-input').fill('Hello! Can we arrive at 9 pm?');
    await dialog.getByTestId('thread-input').press('Enter');
    await dialog.locator('[data-testid="thread-message"][data-mine="true"]').waitFor();
    expect(await dialog.getByTestId('thread-input').inputValue()).toBe('');
    await guest.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(guest.page.url()).searchParams.get('thread')).toBeNull();

    await openList(host.page, '/host/bookings');
    expect(await host.page.getByTestId('bookings-tab-requests').getAttribute('aria-selected')).toBe('true');
    expect(await host.page.getByTestId('nav-hosting').getByTestId('nav-unread').count()).toBe(1);
    const request = host.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await request.waitFor();
    expect(await request.getByTestId('booking-guest').textContent()).toBe('Guest: Dana');
    expect(await request.getByTestId('booking-unread').textContent()).toContain('1');

    await request.getByTestId('booking-message').click();
    const thread = host.page.getByTestId('thread-dialog');
    const theirs = thread.locator('[data-testid="thread-message"][data-mine="false"]');
    await theirs.waitFor();
    expect(await theirs.textContent()).toContain('Hello! Can we arrive at 9 pm?');
    await thread.getByTestId('thread-input').fill('Of course, see you then.');
    await thread.getByTestId('thread-send').click();
    await thread.locator('[data-testid="thread-message"][data-mine="true"]').waitFor();
    await thread.getByRole('button', { name: en.common.close }).click();
    await thread.waitFor({ state: 'detached' });
    // Reading the thread cleared its badge.
    await request.getByTestId('booking-unread').waitFor({ state: 'detached' });
  });

  it('the host accepts, and the guest sees it confirmed with the answer waiting', async () => {
    const request = host.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await request.getByTestId('booking-accept').click();
    await host.page.getByText('Accepted. Dana has been told.').waitFor();
    await request.waitFor({ state: 'detached' });
    await showTab(host.page, 'upcoming');
    const confirmed = host.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await confirmed.waitFor();
    expect(await confirmed.getAttribute('data-status')).toBe('confirmed');

    await openList(guest.page, '/my-bookings');
    const card = guest.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('confirmed');
    expect(await card.getByTestId('booking-status').textContent()).toBe(en.bookings.status.confirmed);
    expect(await card.getByTestId('booking-pending-note').count()).toBe(0);
    expect(await card.getByTestId('booking-unread').textContent()).toContain('1');
    expect(await guest.page.getByTestId('nav-my-bookings').getByTestId('nav-unread').count()).toBe(1);

    // The host's answers were e-mailed to the guest.
    const mailbox = await getJson<{ to: string; subject: string }[]>(guest.context, '/api/dev/mailbox');
    const subjects = mailbox.filter((m) => m.to === 'guest@example.com').map((m) => m.subject);
    expect(subjects).toContain(`Booking confirmed: ${listing.title}`);
    expect(subjects).toContain(`New message from Yossi: ${listing.title}`);
  });

  it('another guest is refused the same dates, with the message', async () => {
    const other = await newPage(browser);
    await signInAs(other.context, 'admin@example.com');
    await openProperty(other.page, `/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    // The calendar knows the dates are held and says so before anything is sent.
    const problem = other.page.getByTestId('booking-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(en.property.booking.problems.held);
    // And the server refuses them whatever the page would have sent.
    const refused = await other.context.request.post('/api/bookings', {
      data: { propertyId: listing.id, checkIn: stay.checkIn, checkOut: stay.checkOut },
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'dates_unavailable',
      message: en.errors.codes.dates_unavailable,
    });
    await other.context.close();
  });

  it('reads in Hebrew, right to left, with no serious accessibility problems', async () => {
    await openList(host.page, '/he/host/bookings');
    expect(await host.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await host.page.getByRole('heading', { level: 1 }).textContent()).toBe(he.hosting.title);
    expect(await host.page.getByTestId('bookings-tab-requests').textContent()).toContain(he.hosting.tabs.requests);
    expect(await seriousAxeViolations(host.page)).toEqual([]);
    await host.page.getByTestId('booking-message').first().click();
    await host.page.getByTestId('thread-dialog').waitFor();
    expect(await seriousAxeViolations(host.page)).toEqual([]);
  });
});
