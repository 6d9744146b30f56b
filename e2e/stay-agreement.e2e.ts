import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayAgreement } from '../core/contracts/agreements.ts';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { HostListing } from '../core/contracts/host-listings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import { daysBetween } from '../core/dates.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { addDays, freeStay, getJson } from './stays.ts';

// Issue 37, item 7 (decision 055): a long stay's agreement, in English for the guest and in Hebrew
// for the host, both on a 390 px phone: each accepts it from their booking card, each sees the other's
// acceptance, and the printable page shows both languages without its buttons.

const writes = { 'x-requested-with': 'fetch' };

async function openList(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor({ timeout: 20_000 });
}

describe('the stay agreement', () => {
  let browser: Browser;
  let guest: { context: BrowserContext; page: Page };
  let host: { context: BrowserContext; page: Page };
  let listing: HostListing;
  let bookingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    guest = await newPage(browser, { asGuest: true, width: 390 });
    host = await newPage(browser, { width: 390 });
    await signInAs(host.context, 'host@example.com');

    // One of the demo host's homes where the guest can ask for a stay of 28 nights or more.
    const { bookings } = await getJson<{ bookings: BookingView[] }>(host.context, '/api/host/bookings?lang=en');
    const homes = [...new Set(bookings.filter((b) => b.propertyType !== 'hotel').map((b) => b.propertyId))];
    const mine = await getJson<{ bookings: BookingView[] }>(guest.context, '/api/bookings?lang=en');
    const waiting = new Set(mine.bookings.filter((b) => b.status === 'pending').map((b) => b.propertyId));
    search: for (const id of homes.filter((home) => !waiting.has(home))) {
      const candidate = await getJson<ListingDetail>(guest.context, `/api/properties/${id}?lang=en`);
      const held = await getJson<HeldDates>(guest.context, `/api/properties/${id}/held-dates`);
      // A free start, then five weeks from it (the listing's own rules may still refuse: try the next).
      for (let from = 200; from < 320; from += 20) {
        const start = freeStay(candidate, held, from);
        if (!start) continue search;
        const stay = { checkIn: start.checkIn, checkOut: addDays(start.checkIn, Math.max(35, candidate.minStayDays)) };
        if (held.held.some((range) => range.checkIn < stay.checkOut && range.checkOut > stay.checkIn)) continue;
        const requested = await guest.context.request.post('/api/bookings', { data: { propertyId: id, ...stay }, headers: writes });
        if (requested.status() !== 201) continue;
        bookingId = ((await requested.json()) as BookingView).id;
        listing = await getJson<HostListing>(host.context, `/api/host/listings/${id}`);
        expect(daysBetween(stay.checkIn, stay.checkOut)).toBeGreaterThanOrEqual(28);
        break search;
      }
    }
    expect(bookingId, 'a long stay requested at a home of the demo host').toBeTruthy();
    // Before the host accepts, the agreement does not give the address.
    const before = await getJson<StayAgreement>(guest.context, `/api/bookings/${bookingId}/agreement`);
    expect(before.texts.en.text).not.toContain(listing.address!);
    expect((await host.context.request.post(`/api/bookings/${bookingId}/accept`, { headers: writes })).status()).toBe(200);
  });
  afterAll(async () => {
    await guest?.context.close();
    await host?.context.close();
    await browser?.close();
  });

  it('the guest reads the agreement from the booking and accepts it, in English', async () => {
    await openList(guest.page, '/my-bookings');
    const card = guest.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.getByTestId('booking-agreement').waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('agreement-guest').getAttribute('data-accepted')).toBe('no');
    expect(await card.getByTestId('agreement-host').getAttribute('data-accepted')).toBe('no');
    await card.getByTestId('booking-agreement-open').click();

    await guest.page.getByTestId('agreement-panel').waitFor({ timeout: 20_000 });
    expect(new URL(guest.page.url()).pathname).toBe(`/my-bookings/${bookingId}/agreement`);
    const english = guest.page.getByTestId('agreement-text-en');
    const hebrew = guest.page.getByTestId('agreement-text-he');
    expect(await english.getAttribute('dir')).toBe('ltr');
    expect(await hebrew.getAttribute('dir')).toBe('rtl');
    const englishText = (await english.textContent()) ?? '';
    expect(englishText).toContain(listing.address!);
    expect(englishText).toContain('Move-in protection');
    expect(englishText).toContain('Cancellation');
    expect((await hebrew.textContent()) ?? '').toContain('הגנת כניסה');

    // Accepting asks first that it was read.
    expect(await guest.page.getByTestId('agreement-accept').isDisabled()).toBe(true);
    await guest.page.getByTestId('agreement-read').check();
    const accepted = guest.page.waitForResponse((response) => response.url().endsWith(`/api/bookings/${bookingId}/agreement/accept`));
    await guest.page.getByTestId('agreement-accept').click();
    expect((await accepted).status()).toBe(200);
    await guest.page.locator('[data-testid="agreement-guest"][data-accepted="yes"]').waitFor();
    expect(await guest.page.getByTestId('agreement-accept').count()).toBe(0);
    expect(await guest.page.getByTestId('agreement-host').textContent()).toContain(en.agreement.host);
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(guest.page)).toEqual([]);
  });

  it('the host accepts it in Hebrew from the hosting page, and both acceptances show', async () => {
    await openList(host.page, '/he/host/bookings?tab=upcoming');
    const card = host.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.getByTestId('booking-agreement').waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('agreement-guest').getAttribute('data-accepted')).toBe('yes');
    expect(await card.getByTestId('booking-agreement-open').textContent()).toBe(he.agreement.readAndAccept);
    await card.getByTestId('booking-agreement-open').click();

    await host.page.getByTestId('agreement-panel').waitFor({ timeout: 20_000 });
    expect(new URL(host.page.url()).pathname).toBe(`/he/my-bookings/${bookingId}/agreement`);
    expect(await host.page.locator('html').getAttribute('dir')).toBe('rtl');
    // The page's language first.
    const first = host.page.locator('article[data-testid^="agreement-text-"]').first();
    expect(await first.getAttribute('data-testid')).toBe('agreement-text-he');
    expect((await first.textContent()) ?? '').toContain(listing.addressHe ?? listing.address!);
    await host.page.getByTestId('agreement-read').check();
    await host.page.getByTestId('agreement-accept').click();
    await host.page.locator('[data-testid="agreement-host"][data-accepted="yes"]').waitFor();
    expect(await host.page.getByTestId('agreement-guest').getAttribute('data-accepted')).toBe('yes');
    expect(await host.page.getByTestId('agreement-host').textContent()).toContain(he.agreement.host);
    expect(await host.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(host.page)).toEqual([]);

    const agreement = await getJson<StayAgreement>(host.context, `/api/bookings/${bookingId}/agreement`);
    expect(agreement.acceptances.guest?.language).toBe('en');
    expect(agreement.acceptances.host?.language).toBe('he');
    expect(agreement.acceptances.host?.sha256).toBe(agreement.texts.he.sha256);
  });

  it('prints both languages without the buttons', async () => {
    await host.page.emulateMedia({ media: 'print' });
    expect(await host.page.getByTestId('agreement-print').isVisible()).toBe(false);
    expect(await host.page.getByTestId('agreement-text-he').isVisible()).toBe(true);
    expect(await host.page.getByTestId('agreement-text-en').isVisible()).toBe(true);
    const pdf = await host.page.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(10_000);
    await host.page.emulateMedia({ media: 'screen' });
  });
});
