import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import { quoteStay } from '../core/quote.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { addDays, freeStay, getJson, isoDay, listingsOf, openProperty } from './stays.ts';

// The property page in prelaunch mode (the default) needs sign-in: every page starts as the demo guest.

describe('the property page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let hotels: ListingDetail[];
  let sublets: ListingDetail[];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { asGuest: true }));
    hotels = await listingsOf(context, 'hotel');
    sublets = await listingsOf(context, 'sublet');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows the title, gallery, amenities, host card and reviews, in English and in Hebrew', async () => {
    const listing = [...hotels, ...sublets].find((item) => item.reviews.length > 0 && item.photos.length > 1) ?? hotels[0]!;
    await openProperty(page, `/property/${listing.id}`);
    expect(await page.getByTestId('property-title').textContent()).toBe(listing.title);
    expect(await page.title()).toContain(listing.title);
    await page.getByTestId('gallery-main-image').waitFor();
    if (listing.photos.length > 1) {
      expect(await page.getByTestId('gallery-thumbnail').count()).toBe(listing.photos.length);
      const first = await page.getByTestId('gallery-main-image').getAttribute('src');
      await page.getByTestId('gallery-next').click();
      expect(await page.getByTestId('gallery-main-image').getAttribute('src')).not.toBe(first);
      // The full-screen dialog moves with the arrow keys and closes with Escape.
      await page.getByTestId('gallery-open').click();
      await page.getByTestId('gallery-dialog').waitFor();
      expect(await page.getByTestId('gallery-dialog-counter').textContent()).toBe(`2 / ${listing.photos.length}`);
      await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('gallery-dialog-counter').textContent()).toBe(
        `${listing.photos.length >= 3 ? 3 : 1} / ${listing.photos.length}`,
      );
      await page.keyboard.press('Escape');
      await page.getByTestId('gallery-dialog').waitFor({ state: 'detached' });
    }
    expect(await page.getByTestId('amenity-included').count()).toBe(listing.amenities.length);
    expect(await page.getByTestId('amenity-excluded').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('host-name').textContent()).toBe(`Hosted by ${listing.host.firstName}`);
    if (listing.host.idVerified) expect(await page.getByTestId('host-verified').textContent()).toBe('ID verified');
    expect(await page.getByTestId('review').count()).toBe(listing.reviews.length);
    expect(await page.getByTestId('booking-action').textContent()).toMatch(/Book Now|Request to Book|Apply/);
    expect(await page.getByTestId('booking-not-charged').textContent()).toBe("You won't be charged yet");

    // Hebrew in a context of its own: visiting a Hebrew page makes Hebrew the preferred language.
    const hebrew = await getJson<ListingDetail>(context, `/api/properties/${listing.id}?lang=he`);
    const he = await newPage(browser, { asGuest: true });
    await openProperty(he.page, `/he/property/${listing.id}`);
    expect(await he.page.getByTestId('property-title').textContent()).toBe(hebrew.title);
    expect(await he.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await he.page.getByTestId('booking-not-charged').textContent()).toBe('עדיין לא תחויבו');
    expect(await he.page.getByTestId('host-name').textContent()).toContain(hebrew.host.firstName);
    await he.context.close();
  });

  it('shows the not-found state for a listing that does not exist', async () => {
    await page.goto('/property/99999999');
    await page.getByTestId('property-not-found').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('property-not-found').textContent()).toContain('This listing is not available');
  });

  it('opens from a results card with the dates, rooms and guests carried over', async () => {
    const checkIn = isoDay(20);
    const checkOut = isoDay(22);
    await page.goto(`/results?type=hotels&checkIn=${checkIn}&checkOut=${checkOut}&rooms=2&guests=3`);
    const link = page.getByTestId('card-link').first();
    await link.waitFor({ timeout: 20_000 });
    await link.click();
    await page.waitForURL(/\/property\/\d+\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('checkIn')).toBe(checkIn);
    expect(url.searchParams.get('checkOut')).toBe(checkOut);
    expect(url.searchParams.get('rooms')).toBe('2');
    expect(url.searchParams.get('guests')).toBe('3');
    await page.waitForSelector('[data-testid="page-property"][data-state="ready"]');
    expect(await page.getByTestId('booking-dates').textContent()).toContain('2 nights');
    expect(await page.getByTestId('booking-rooms-value').textContent()).toBe('2');
    expect(await page.getByTestId('booking-guests-value').textContent()).toBe('3');
  });

  it('shows the price breakdown after choosing dates in the calendar', async () => {
    const hotel = hotels.find((item) => item.minStayDays <= 3 && item.availableFrom === null) ?? hotels[0]!;
    await openProperty(page, `/property/${hotel.id}`);
    expect(await page.getByTestId('booking-breakdown').count()).toBe(0);
    expect(await page.getByTestId('booking-action').isDisabled()).toBe(true);
    const calendar = page.getByTestId('booking-calendar');
    const nights = Math.max(1, hotel.minStayDays);
    const start = await firstOpenStart(page, nights);
    await calendar.locator(`button[data-iso="${start}"]`).click();
    await calendar.locator(`button[data-iso="${addDays(start, nights)}"]`).click();
    await page.getByTestId('booking-breakdown').waitFor();
    const rate = await page.getByTestId('breakdown-rate').textContent();
    expect(rate).toMatch(new RegExp(`^₪[\\d,]+ × ${nights} nights?$`));
    const total = Number((await page.getByTestId('breakdown-total').textContent())!.replace(/[^\d]/g, ''));
    // The listing's own quote: its fees, rules and the platform's rate for hotels (core/quote.ts).
    const quote = quoteStay(
      { ...hotel, ...hotel.fees, propertyType: hotel.type },
      { checkIn: start, checkOut: addDays(start, nights), rooms: 1, guests: 1 },
      { rules: hotel.priceRules, serviceFeeRate: hotel.serviceFeeRate },
    );
    expect(total).toBe(quote.total);
    expect(await page.getByTestId('breakdown-deposit').count()).toBe(0);
    // The stay's cancellation policy, in the section and by the button.
    const policyName = en.cancellation.names[hotel.cancellationPolicy];
    expect(await page.getByTestId('cancellation-policy-name').textContent()).toBe(policyName);
    await page.getByTestId('cancellation-policy-deadline').waitFor();
    expect(await page.getByTestId('booking-policy').getAttribute('data-policy')).toBe(hotel.cancellationPolicy);
    expect(await page.getByTestId('booking-action').isEnabled()).toBe(true);
  });

  it('keeps the chosen dates in the URL (replacing, not adding history), so a reload keeps them', async () => {
    const hotel = hotels.find((item) => item.minStayDays <= 3 && item.availableFrom === null) ?? hotels[0]!;
    await openProperty(page, `/property/${hotel.id}`);
    const calendar = page.getByTestId('booking-calendar');
    const nights = Math.max(1, hotel.minStayDays);
    const start = await firstOpenStart(page, nights);
    const end = addDays(start, nights);
    const historyLength = await page.evaluate(() => history.length);

    await calendar.locator(`button[data-iso="${start}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('checkIn') === start && !url.searchParams.has('checkOut'));
    await calendar.locator(`button[data-iso="${end}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('checkIn') === start && url.searchParams.get('checkOut') === end);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.reload();
    await page.waitForSelector('[data-testid="page-property"][data-state="ready"]', { timeout: 20_000 });
    await page.getByTestId('booking-breakdown').waitFor();
    expect(await page.getByTestId('booking-dates').textContent()).toContain(`${nights} night`);

    await page.getByTestId('booking-clear-dates').click();
    await page.waitForURL((url) => !url.searchParams.has('checkIn') && !url.searchParams.has('checkOut'));
    expect(await page.getByTestId('booking-breakdown').count()).toBe(0);
  });

  it('reads rooms and guests from the URL, keeps them within the listing, writes them back and books with them', async () => {
    const hotel = hotels.find((item) => (item.roomCount ?? 1) >= 3 && item.minStayDays <= 3 && item.availableFrom === null) ?? hotels[0]!;
    const held = await getJson<HeldDates>(context, `/api/properties/${hotel.id}/held-dates`);
    const stay = freeStay(hotel, held, 30)!;
    // More guests than two rooms hold: brought down to what they do (maxGuests is per room).
    await openProperty(page, `/property/${hotel.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&rooms=2&guests=99`);
    expect(await page.getByTestId('booking-rooms-value').textContent()).toBe('2');
    expect(await page.getByTestId('booking-guests-value').textContent()).toBe(String(hotel.maxGuests * 2));
    await page.waitForURL((url) => url.searchParams.get('guests') === String(hotel.maxGuests * 2));
    expect(await page.getByTestId('booking-guests-increase').isDisabled()).toBe(true);

    // One room fewer takes the guests down with it.
    await page.getByTestId('booking-rooms-decrease').click();
    expect(await page.getByTestId('booking-guests-value').textContent()).toBe(String(hotel.maxGuests));
    await page.waitForURL((url) => !url.searchParams.has('rooms') && url.searchParams.get('guests') === String(hotel.maxGuests));
    expect(await page.getByTestId('booking-rooms-decrease').isDisabled()).toBe(true);
    expect(await page.getByTestId('booking-rooms-decrease').getAttribute('aria-label')).toBe('Fewer rooms');

    // The request carries them (answered here, so no booking is made).
    let body: unknown = null;
    await page.route('**/api/bookings?*', async (route) => {
      body = route.request().postDataJSON();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unknown', message: 'test' } }),
      });
    });
    await page.getByTestId('booking-action').click();
    await page.getByTestId('booking-error').waitFor();
    expect(body).toMatchObject({ propertyId: hotel.id, checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: 1, guests: hotel.maxGuests });
    await page.unroute('**/api/bookings?*');
  });

  it('keeps a saved listing saved after a reload', async () => {
    const listing = sublets[1] ?? sublets[0]!;
    await openProperty(page, `/property/${listing.id}`);
    const save = page.getByTestId('property-save');
    const before = (await save.getAttribute('aria-pressed')) === 'true';
    const saved = page.waitForResponse((response) => response.url().includes(`/api/saved/${listing.id}`));
    await save.click();
    expect((await saved).ok()).toBe(true);
    expect(await save.getAttribute('aria-pressed')).toBe(String(!before));
    await openProperty(page, `/property/${listing.id}`);
    expect(await page.getByTestId('property-save').getAttribute('aria-pressed')).toBe(String(!before));
    // Put it back as it was.
    const restored = page.waitForResponse((response) => response.url().includes(`/api/saved/${listing.id}`));
    await page.getByTestId('property-save').click();
    await restored;
  });

  it('sends a request for a sublet, and a second request for the same dates is refused', async () => {
    let target: { listing: ListingDetail; stay: { checkIn: string; checkOut: string } } | null = null;
    for (const listing of sublets) {
      const held = await getJson<HeldDates>(context, `/api/properties/${listing.id}/held-dates`);
      const stay = freeStay(listing, held, 60);
      if (stay) {
        target = { listing, stay };
        break;
      }
    }
    expect(target).not.toBeNull();
    const { listing, stay } = target!;
    const path = `/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`;

    // A second tab opened before the booking: its held dates are out of date.
    const second = await context.newPage();
    await second.route(`**/api/properties/${listing.id}/held-dates`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ held: [] }) }),
    );
    await openProperty(second, path);

    await openProperty(page, path);
    await page.getByTestId('booking-breakdown').waitFor();
    const action = page.getByTestId('booking-action');
    expect(await action.textContent()).toBe('Request to Book');
    await action.click();
    await page.getByTestId('booking-success').waitFor();
    expect(await page.getByTestId('booking-success').textContent()).toContain('Request sent');
    expect(await page.getByTestId('booking-view-bookings').getAttribute('href')).toBe('/my-bookings');

    await second.getByTestId('booking-action').click();
    const error = second.getByTestId('booking-error');
    await error.waitFor();
    // The same guest already waits on a request at this place: refused, with its own message.
    expect(await error.textContent()).toBe(en.errors.codes.pending_request_exists);
    expect(await error.getAttribute('role')).toBe('alert');
    await second.close();
  });

  it('closes the nights a host blocked: the calendar says so before anything is sent, and the server refuses them', async () => {
    const host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');
    const { listings } = await getJson<{ listings: { id: number; status: string }[] }>(host.context, '/api/host/listings');
    let target: { id: number; stay: { checkIn: string; checkOut: string } } | null = null;
    for (const { id } of listings.filter((item) => item.status === 'approved')) {
      const listing = await getJson<ListingDetail>(context, `/api/properties/${id}?lang=en`);
      const stay = freeStay(listing, await getJson<HeldDates>(context, `/api/properties/${id}/held-dates`), 200);
      if (stay) {
        target = { id, stay };
        break;
      }
    }
    expect(target).not.toBeNull();
    const { id, stay } = target!;
    const headers = { 'x-requested-with': 'fetch' };
    const blocked = await host.context.request.post(`/api/host/listings/${id}/blocks`, {
      data: { startDate: stay.checkIn, endDate: addDays(stay.checkIn, 1) },
      headers,
    });
    expect(blocked.status()).toBe(201);

    await openProperty(page, `/property/${id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    const problem = page.getByTestId('booking-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(en.property.booking.problems.held);
    expect(await page.getByTestId('booking-action').isDisabled()).toBe(true);
    const refused = await context.request.post('/api/bookings', {
      data: { propertyId: id, checkIn: stay.checkIn, checkOut: stay.checkOut },
      headers,
    });
    expect(refused.status()).toBe(409);

    const { blocks } = (await blocked.json()) as { blocks: { id: number; startDate: string }[] };
    const mine = blocks.find((block) => block.startDate === stay.checkIn)!;
    expect((await host.context.request.delete(`/api/host/listings/${id}/blocks/${mine.id}`, { headers })).ok()).toBe(true);
    await host.context.close();
  });

  it('has no serious accessibility violations in English and Hebrew', async () => {
    const listing = hotels[0]!;
    const he = await newPage(browser, { asGuest: true });
    for (const [tab, path] of [
      [page, `/property/${listing.id}`],
      [he.page, `/he/property/${listing.id}`],
    ] as const) {
      await openProperty(tab, path);
      await tab.getByTestId('booking-calendar').waitFor();
      expect(await seriousAxeViolations(tab), path).toEqual([]);
    }
    await he.context.close();
  });
});

/**
 * The first day of the booking calendar from which a stay of `nights` fits in its open days. The
 * calendar settles once the held nights arrive, so its open days are read until a stay fits.
 */
async function firstOpenStart(page: Page, nights: number): Promise<string> {
  const enabled = page.getByTestId('booking-calendar').locator('button[data-iso]:not([disabled])');
  await enabled.first().waitFor();
  let start: string | undefined;
  await expect
    .poll(
      async () => {
        const days = await enabled.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-iso')!));
        start = days.find((day) => days.includes(addDays(day, nights)));
        return start ?? `no ${nights}-night stay in the open days ${days.join(' ')}`;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return start!;
}
