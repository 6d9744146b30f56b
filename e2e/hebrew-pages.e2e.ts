import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingList } from '../core/contracts/bookings.ts';
import type { CalendarSync } from '../core/contracts/calendar-sync.ts';
import type { ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import { launchBrowser, newPage, signInAs } from './browser.ts';
import { getJson } from './stays.ts';

// Issue 41, item 5: no English left on Hebrew pages. The results filter panel's Location field
// names the searched place in the page's language, and Admin → Calendar conflicts titles each
// listing in it; both in English and in Hebrew.

const writeHeaders = { 'x-requested-with': 'fetch' };
const compact = (day: string) => day.replaceAll('-', '');

async function settledResults(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.locator('[data-testid="page-results"][data-ready="true"]').waitFor({ timeout: 20_000 });
}

describe('pages in the reader language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the filter panel's Location field follows a switch to Hebrew and back", async () => {
    // Signed in as the demo guest: the e2e site may be in its pre-launch mode.
    const { page, context } = await newPage(browser, { asGuest: true });
    const he = await getJson<SearchResponse>(context, '/api/search?type=hotel&location=Haifa&lang=he');
    expect(he.locationName).toBe('חיפה');
    const location = page.getByTestId('filter-location-input');

    await page.goto('/results?type=hotels&location=Haifa');
    await settledResults(page);
    expect(await location.inputValue()).toBe('Haifa');

    await page.getByTestId('nav-language-switcher').click();
    await page.waitForURL((url) => url.pathname === '/he/results');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await settledResults(page);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="filter-location-input"]') as HTMLInputElement | null)?.value === 'חיפה',
    );
    // The URL keeps the text searched; only the field's wording changed.
    expect(new URL(page.url()).searchParams.get('location')).toBe('Haifa');

    await page.getByTestId('nav-language-switcher').filter({ hasText: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/results');
    await settledResults(page);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="filter-location-input"]') as HTMLInputElement | null)?.value === 'Haifa',
    );

    // A Hebrew page loaded as such (server rendered, then hydrated) says it too.
    await page.goto('/he/results?type=hotels&location=Haifa');
    await settledResults(page);
    expect(await location.inputValue()).toBe('חיפה');
    await context.close();
  });

  describe('Admin → Calendar conflicts', () => {
    let host: { context: BrowserContext; page: Page };
    let feedServer: http.Server;
    let feedId: number | undefined;
    let listingId = 0;

    beforeAll(async () => {
      host = await newPage(browser);
      await signInAs(host.context, 'host@example.com');
      // A stay of the demo host that another site's calendar will overlap.
      const today = new Date().toISOString().slice(0, 10);
      const { bookings } = await getJson<BookingList>(host.context, '/api/host/bookings?lang=en');
      const stay = bookings.find((b) => (b.status === 'confirmed' || b.status === 'pending') && b.checkIn > today);
      expect(stay, 'a coming stay at a listing of the demo host').toBeDefined();
      listingId = stay!.propertyId;
      const body = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Other site//EN',
        'BEGIN:VEVENT',
        'UID:conflict-1@other.example',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${compact(stay!.checkIn)}`,
        `DTEND;VALUE=DATE:${compact(stay!.checkOut)}`,
        'SUMMARY:Reserved',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      feedServer = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/calendar' }).end(body));
      await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/conflict.ics`;
      const added = await host.context.request.post(`/api/host/listings/${listingId}/calendar-feeds`, {
        data: { name: 'Booking.com', url },
        headers: writeHeaders,
      });
      expect(added.status()).toBe(201);
      const sync = (await added.json()) as CalendarSync;
      feedId = sync.feeds.find((feed) => feed.name === 'Booking.com')?.id;
      expect(sync.conflicts.length).toBeGreaterThan(0);
    });
    afterAll(async () => {
      // The conflict goes with its calendar: other tests see the demo data as it was.
      if (feedId !== undefined) {
        await host.context.request.delete(`/api/host/listings/${listingId}/calendar-feeds/${feedId}`, { headers: writeHeaders });
      }
      await host?.context.close();
      await new Promise((resolve) => feedServer?.close(resolve));
    });

    for (const lang of ['en', 'he'] as const) {
      it(`titles the listing in ${lang === 'he' ? 'Hebrew' : 'English'}`, async () => {
        const { page, context } = await newPage(browser);
        await signInAs(context, 'admin@example.com');
        const listing = await getJson<ListingDetail>(context, `/api/properties/${listingId}?lang=${lang}`);
        const other = await getJson<ListingDetail>(context, `/api/properties/${listingId}?lang=${lang === 'he' ? 'en' : 'he'}`);
        expect(listing.title).not.toBe(other.title);
        await page.goto(`${lang === 'he' ? '/he' : ''}/admin?tab=calendarConflicts`);
        const table = page.getByTestId('calendar-conflicts-table');
        await table.waitFor({ timeout: 20_000 });
        const row = table.getByRole('row').filter({ hasText: 'Booking.com' }).first();
        await row.waitFor();
        expect(await row.textContent()).toContain(listing.title);
        expect(await row.textContent()).not.toContain(other.title);
        await context.close();
      });
    }
  });
});
