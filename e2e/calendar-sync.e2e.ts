import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListingSummaries, ListingCalendar } from '../core/contracts/host-listings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { freeStay, getJson } from './stays.ts';

// Calendar sync: the demo host connects another site's calendar (served here by a small local
// server, as Airbnb or Booking.com would serve theirs), its events close the listing's calendar,
// and search stops offering the listing for those dates. The e2e servers allow private addresses
// (CALENDAR_SYNC_PRIVATE_ADDRESSES=allow in global-setup), since this feed lives on 127.0.0.1.

const compact = (day: string) => day.replaceAll('-', '');

/** Every page of a search, until the listing turns up or the results end. */
async function searchFinds(context: BrowserContext, listing: ListingDetail, stay: { checkIn: string; checkOut: string }) {
  for (let page = 1; page <= 30; page++) {
    const query = new URLSearchParams({ type: listing.type, location: listing.location, ...stay, lang: 'en', page: String(page) });
    const found = await getJson<SearchResponse>(context, `/api/search?${query}`);
    if (found.results.some((card) => card.id === listing.id)) return true;
    if (found.results.length === 0 || page * 12 >= found.total) return false;
  }
  return false;
}

async function openCalendar(page: Page, path: string) {
  await page.goto(path);
  await page.getByTestId('calendar-sync').waitFor({ timeout: 20_000 });
  await page.getByTestId('calendar-sync-export-url').waitFor();
}

describe('calendar sync with another site', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let feedServer: http.Server;
  let feedBase: string;
  let listing: ListingDetail;
  let blocked: { checkIn: string; checkOut: string };
  let open: { checkIn: string; checkOut: string };
  let feedBody = '';

  beforeAll(async () => {
    feedServer = http.createServer((request, response) => {
      if (request.url === '/airbnb.ics') response.writeHead(200, { 'content-type': 'text/calendar' }).end(feedBody);
      else response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;

    browser = await launchBrowser();
    host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');
    const { listings } = await getJson<HostListingSummaries>(host.context, '/api/host/listings?lang=en');
    for (const summary of listings.filter((l) => l.status === 'approved' && l.propertyType !== 'hotel')) {
      const candidate = await getJson<ListingDetail>(host.context, `/api/properties/${summary.id}?lang=en`);
      const held = await getJson<HeldDates>(host.context, `/api/properties/${summary.id}/held-dates`);
      const first = freeStay(candidate, held, 200);
      const second = first && freeStay(candidate, { held: [...held.held, first] }, 240);
      if (first && second && (await searchFinds(host.context, candidate, first))) {
        listing = candidate;
        blocked = first;
        open = second;
        break;
      }
    }
    expect(listing, 'an approved home of the demo host that search finds on free dates').toBeDefined();
    // The other site's calendar: one all-day stay on our free dates (timed events and time zones are
    // covered by core/ical-events.test.ts and the API tests).
    feedBody = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other site//EN',
      'BEGIN:VEVENT',
      'UID:stay-1@other.example',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${compact(blocked.checkIn)}`,
      `DTEND;VALUE=DATE:${compact(blocked.checkOut)}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  });
  afterAll(async () => {
    await host?.context.close();
    await browser?.close();
    await new Promise((resolve) => feedServer?.close(resolve));
  });

  it('a host connects a calendar in English and its events block the calendar and search', async () => {
    const { page } = host;
    await openCalendar(page, `/host/listings/${listing.id}/calendar`);
    expect(await page.getByTestId('calendar-sync-export-url').inputValue()).toMatch(/\/api\/ical\/[\w-]{43}\.ics$/);
    expect(await page.getByTestId('calendar-sync').getByRole('heading', { level: 2 }).textContent()).toBe(
      en.hostListings.calendarSync.title,
    );

    await page.getByTestId('calendar-sync-name').fill('Airbnb');
    await page.getByTestId('calendar-sync-url').fill(`${feedBase}/airbnb.ics`);
    await page.getByTestId('calendar-sync-submit').click();
    const feed = page.getByTestId('calendar-sync-feed').filter({ hasText: 'Airbnb' });
    await feed.waitFor();
    expect(await feed.getByTestId('calendar-sync-feed-status').textContent()).toContain('1 event');
    const imported = page.getByTestId('calendar-sync-imported');
    await imported.waitFor();
    expect(await imported.textContent()).toContain(en.hostListings.calendarSync.from.replace('{{name}}', 'Airbnb'));

    const calendar = await getJson<ListingCalendar>(host.context, `/api/host/listings/${listing.id}/calendar`);
    expect(calendar.imported).toEqual([
      expect.objectContaining({ startDate: blocked.checkIn, endDate: blocked.checkOut, feedName: 'Airbnb' }),
    ]);
    expect(calendar.blocks.some((b) => b.startDate === blocked.checkIn)).toBe(false);

    expect(await searchFinds(host.context, listing, blocked)).toBe(false);
    expect(await searchFinds(host.context, listing, open)).toBe(true);
    // Toasts are measured by their own tests; wait for "calendar connected" to leave.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('in Hebrew, on a phone in the dark, the host sees the feed and a broken one with its error, and disconnects it', async () => {
    const phone = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark', locale: 'he-IL' });
    await signInAs(phone.context, 'host@example.com');
    const { page } = phone;
    try {
      await openCalendar(page, `/he/host/listings/${listing.id}/calendar`);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await page.getByTestId('calendar-sync-imported').textContent()).toContain(
        he.hostListings.calendarSync.from.replace('{{name}}', 'Airbnb'),
      );

      await page.getByTestId('calendar-sync-name').fill('אתר שבור');
      await page.getByTestId('calendar-sync-url').fill(`${feedBase}/broken.ics`);
      await page.getByTestId('calendar-sync-submit').click();
      const broken = page.getByTestId('calendar-sync-feed').filter({ hasText: 'אתר שבור' });
      await broken.getByTestId('calendar-sync-feed-error').waitFor();
      expect(await broken.getByTestId('calendar-sync-feed-error').textContent()).toBe(
        he.hostListings.calendarSync.lastError.replace('{{error}}', he.hostListings.calendarSync.errors.http_status),
      );
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await broken.getByTestId('calendar-sync-remove').click();
      await page.getByTestId('calendar-sync-remove-confirm').click();
      await broken.waitFor({ state: 'detached' });
      // The other calendar stays, and so do its dates.
      expect(await page.getByTestId('calendar-sync-feed').count()).toBe(1);
      expect(await searchFinds(phone.context, listing, blocked)).toBe(false);
    } finally {
      await phone.context.close();
    }
  });

  it("serves the export address to anyone who has it, with the host's own blocks and never the imported dates", async () => {
    // Echoed back, the other site's own reservation would be re-imported there and stay blocked after a cancellation (issue 41).
    const ownBlock = await host.context.request.post(`/api/host/listings/${listing.id}/blocks`, {
      data: { startDate: open.checkIn, endDate: open.checkOut },
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(ownBlock.ok()).toBe(true);
    const sync = await getJson<{ exportUrl: string }>(host.context, `/api/host/listings/${listing.id}/calendar-sync`);
    const response = await fetch(sync.exportUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).not.toContain(`DTSTART;VALUE=DATE:${compact(blocked.checkIn)}`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${compact(open.checkIn)}`);
    expect(text).toContain('SUMMARY:Not available');
  });
});
