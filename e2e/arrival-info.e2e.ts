import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { HostListing } from '../core/contracts/host-listings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { freeStay, getJson } from './stays.ts';

// Issue 41, item 1: the host writes arrival information in the wizard; the guest of the confirmed stay
// finds it on the booking with the street address, a map link and the host's phone, in English and
// Hebrew, and in the confirmation mail.

const writes = { 'x-requested-with': 'fetch' };
const instructionsEn = 'Lock box left of the door, code 7391. Third floor, flat 9.';
const instructionsHe = 'כספת המפתחות משמאל לדלת, קוד 7391. קומה שלישית, דירה 9.';
const manualEn = 'The boiler switch is in the hallway.';
const manualHe = 'מתג הדוד במסדרון.';
const wifiPassword = 'sea-breeze-7391';
const hostPhone = '+972-54-555-0199';

async function openList(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-testid="bookings-panel"][data-ready="true"]').waitFor({ timeout: 20_000 });
}

describe('arrival information', () => {
  let browser: Browser;
  let guest: { context: BrowserContext; page: Page };
  let host: { context: BrowserContext; page: Page };
  let listing: HostListing;
  let bookingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    guest = await newPage(browser, { asGuest: true, width: 390 });
    host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');

    // One of the demo host's homes with free dates, where the guest has no request waiting.
    const { bookings } = await getJson<{ bookings: BookingView[] }>(host.context, '/api/host/bookings?lang=en');
    const homes = [...new Set(bookings.filter((b) => b.propertyType !== 'hotel').map((b) => b.propertyId))];
    const mine = await getJson<{ bookings: BookingView[] }>(guest.context, '/api/bookings?lang=en');
    const waiting = new Set(mine.bookings.filter((b) => b.status === 'pending').map((b) => b.propertyId));
    let stay: { checkIn: string; checkOut: string } | null = null;
    let propertyId = 0;
    for (const id of homes.filter((home) => !waiting.has(home)).reverse()) {
      const candidate = await getJson<ListingDetail>(guest.context, `/api/properties/${id}?lang=en`);
      const held = await getJson<HeldDates>(guest.context, `/api/properties/${id}/held-dates`);
      stay = freeStay(candidate, held, 160);
      if (stay) {
        propertyId = id;
        break;
      }
    }
    expect(stay, 'a home of the demo host with free dates').not.toBeNull();
    listing = await getJson<HostListing>(host.context, `/api/host/listings/${propertyId}`);
    expect(listing.address).toBeTruthy();
    expect(listing.addressHe).toBeTruthy();

    // The guest asks; arrival information is theirs only once the host accepts.
    const requested = await guest.context.request.post('/api/bookings', { data: { propertyId, ...stay }, headers: writes });
    expect(requested.status()).toBe(201);
    bookingId = ((await requested.json()) as BookingView).id;
    expect((await guest.context.request.get(`/api/bookings/${bookingId}/arrival`)).status()).toBe(403);
  });
  afterAll(async () => {
    await guest?.context.close();
    await host?.context.close();
    await browser?.close();
  });

  it('the host writes the arrival information in the wizard, with the Hebrew street address beside the English one', async () => {
    await host.page.goto(`/host/listings/${listing.id}/edit?step=basics`);
    await host.page.getByTestId('wizard-form-basics').waitFor({ timeout: 20_000 });
    expect(await host.page.getByTestId('wizard-addressHe').inputValue()).toBe(listing.addressHe);
    expect(await host.page.getByTestId('wizard-addressHe').getAttribute('dir')).toBe('rtl');

    await host.page.goto(`/host/listings/${listing.id}/edit?step=arrival`);
    await host.page.getByTestId('arrival-panel').waitFor({ timeout: 20_000 });
    await host.page.getByTestId('arrival-checkInInstructionsEn').fill(instructionsEn);
    await host.page.getByTestId('arrival-checkInInstructionsHe').fill(instructionsHe);
    await host.page.getByTestId('arrival-houseManualEn').fill(manualEn);
    await host.page.getByTestId('arrival-houseManualHe').fill(manualHe);
    await host.page.getByTestId('arrival-wifiName').fill('Yossi-Home');
    await host.page.getByTestId('arrival-wifiPassword').fill(wifiPassword);
    const saved = host.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/host/listings/${listing.id}/arrival` && response.request().method() === 'PUT',
    );
    await host.page.getByTestId('wizard-next').click();
    expect((await saved).status()).toBe(200);
    await host.page.getByTestId('wizard-form-photos').waitFor();
    expect(await host.page.getByTestId('wizard-saved-note').textContent()).toBe(en.hostListings.wizard.saved);
    // Saved at once, not sent for review.
    expect((await getJson<HostListing>(host.context, `/api/host/listings/${listing.id}`)).pendingChanges).toBe(false);

    const accepted = await host.context.request.post(`/api/bookings/${bookingId}/accept`, { headers: writes });
    expect(accepted.status()).toBe(200);
  });

  it('the guest sees it on the confirmed booking with the address, a map link and the phone, in English', async () => {
    await openList(guest.page, '/my-bookings');
    const card = guest.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('confirmed');
    await card.getByTestId('booking-arrival').locator('summary').click();
    await card.getByTestId('booking-arrival-details').waitFor();
    expect(await card.getByTestId('booking-arrival').locator('summary').textContent()).toContain(en.bookings.arrival.title);
    expect(await card.getByTestId('arrival-address').textContent()).toContain(listing.address);
    const map = await card.getByTestId('arrival-map').getAttribute('href');
    expect(map).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=3\d\.\d{6}&mlon=3\d\.\d{6}#map=17\//);
    expect(await card.getByTestId('arrival-phone').textContent()).toContain(hostPhone);
    expect(await card.getByTestId('arrival-instructions').textContent()).toBe(instructionsEn);
    expect(await card.getByTestId('arrival-manual').textContent()).toBe(manualEn);
    expect(await card.getByTestId('arrival-wifi').textContent()).toContain(wifiPassword);
    // Fits a 390 px phone.
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(guest.page)).toEqual([]);
  });

  it('and in Hebrew: the Hebrew street address and the Hebrew texts', async () => {
    await openList(guest.page, '/he/my-bookings');
    const card = guest.page.locator(`[data-testid="booking-card"][data-id="${bookingId}"]`);
    await card.waitFor();
    await card.getByTestId('booking-arrival').locator('summary').click();
    await card.getByTestId('booking-arrival-details').waitFor();
    expect(await card.getByTestId('booking-arrival').locator('summary').textContent()).toContain(he.bookings.arrival.title);
    expect(await card.getByTestId('arrival-address').textContent()).toContain(listing.addressHe);
    expect(await card.getByTestId('arrival-address').textContent()).not.toContain(listing.address);
    expect(await card.getByTestId('arrival-map').textContent()).toBe(he.bookings.arrival.map);
    expect(await card.getByTestId('arrival-phone').textContent()).toContain(hostPhone);
    expect(await card.getByTestId('arrival-instructions').textContent()).toBe(instructionsHe);
    expect(await card.getByTestId('arrival-manual').textContent()).toBe(manualHe);
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('the confirmation mail carries it: address, map link, phone and instructions', async () => {
    const mailbox = await getJson<{ to: string; subject: string; text: string; html: string }[]>(guest.context, '/api/dev/mailbox');
    const confirmation = mailbox
      .filter((m) => m.to === 'guest@example.com' && m.subject === `Booking confirmed: ${listing.titleEn}`)
      .at(-1);
    expect(confirmation, 'the confirmation mail').toBeDefined();
    expect(confirmation!.text).toContain(instructionsEn);
    expect(confirmation!.text).toContain(listing.address);
    expect(confirmation!.text).toContain(hostPhone);
    expect(confirmation!.text).toContain(wifiPassword);
    expect(confirmation!.text).toContain('https://www.openstreetmap.org/?mlat=');
    expect(confirmation!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
