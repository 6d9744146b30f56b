import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hebrewDate, hebrewDayOfMonth, israeliHolidays, isShabbatOrYomTov } from '../core/hebrew-calendar.ts';
import { candleLightingTime, isEve } from '../core/shabbat-rules.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { addDays, isoDay, openProperty } from './stays.ts';

// The Hebrew calendar in the date pickers, and a listing that keeps Shabbat (docs/decisions/017-shabbat-rules.md).

const writeHeaders = { 'x-requested-with': 'fetch' };

/** The first ordinary Friday (an eve of Shabbat, not a festival) at least `fromDays` ahead. */
function nextFriday(fromDays: number): string {
  for (let day = isoDay(fromDays); ; day = addDays(day, 1)) {
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 5 && isEve(day) && !isShabbatOrYomTov(day)) return day;
  }
}

/** A calendar day's accessible name: its aria-label, or its hidden text on Hebrew pages (range-calendar.tsx). */
async function nameOf(day: Locator): Promise<string> {
  return (await day.getAttribute('aria-label')) ?? (await day.locator('.sr-only').textContent()) ?? '';
}

/** Months between two yyyy-MM-dd days' months. */
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

describe('the Hebrew calendar', () => {
  let browser: Browser;
  let host: { context: BrowserContext; page: Page };
  let guest: { context: BrowserContext; page: Page };
  // A guest per language: visiting a Hebrew page makes Hebrew the preferred language of a browser.
  let guests: Record<'en' | 'he', { context: BrowserContext; page: Page }>;
  let listingId: number;
  let city: { slug: string; latitude: number; longitude: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    let hebrewGuest: typeof guest;
    [host, guest, hebrewGuest] = await Promise.all([
      newPage(browser),
      newPage(browser, { asGuest: true }),
      newPage(browser, { asGuest: true }),
    ]);
    guests = { en: guest, he: hebrewGuest };
    await signInAs(host.context, 'host@example.com');

    // A rental of the demo host in Tel Aviv, made through the API (the wizard sets the Shabbat rule below).
    const api = host.context.request;
    const { suggestions } = (await (await api.get('/api/places/suggest?q=Florent')).json()) as {
      suggestions: { id: number; kind: string }[];
    };
    const placeId = suggestions.find((place) => place.kind !== 'region')!.id;
    const created = await api.post('/api/host/listings', { data: { propertyType: 'rental' }, headers: writeHeaders });
    listingId = ((await created.json()) as { id: number }).id;
    const patched = await api.patch(`/api/host/listings/${listingId}`, {
      headers: writeHeaders,
      data: {
        titleEn: 'Shabbat-keeping flat in Florentin',
        titleHe: 'דירה שומרת שבת בפלורנטין',
        descriptionEn: 'A quiet flat near the market, with a kosher kitchen and a balcony over the street.',
        descriptionHe: 'דירה שקטה ליד השוק, עם מטבח כשר ומרפסת מעל הרחוב.',
        placeId,
        address: '14 Florentin St',
        pricePerWeek: 3000,
        leaseOptions: ['1 week', '1 month'],
        amenities: ['kitchen', 'kosher_kitchen'],
        availableFrom: isoDay(1),
        availableUntil: isoDay(300),
        minStayDays: 2,
        maxStayDays: 180,
      },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    const uploaded = await api.post(`/api/host/listings/${listingId}/photos`, {
      headers: { ...writeHeaders, 'content-type': 'image/jpeg' },
      data: photo,
    });
    expect(uploaded.status()).toBe(201);
    expect((await api.post(`/api/host/listings/${listingId}/submit`, { headers: writeHeaders })).status()).toBe(200);
    const status = ((await (await api.get(`/api/host/listings/${listingId}`)).json()) as { status: string }).status;
    if (status !== 'approved') {
      const admin = await newPage(browser);
      await signInAs(admin.context, 'admin@example.com');
      expect(
        (await admin.context.request.post(`/api/admin/listings/${listingId}/approve`, { headers: writeHeaders, data: {} })).status(),
      ).toBe(200);
      await admin.context.close();
    }
  });
  afterAll(async () => {
    await Promise.all([host?.context.close(), guest?.context.close(), guests?.he.context.close()]);
    await browser?.close();
  });

  it('the host keeps Shabbat from the wizard: no check-in or check-out on Shabbat and holidays, check-in from 19:00', async () => {
    const { page } = host;
    await page.goto(`/host/listings/${listingId}/edit`);
    await page.getByTestId('wizard-form-basics').waitFor({ timeout: 20_000 });
    for (const step of ['describe', 'details', 'amenities', 'availability']) {
      await page.getByTestId('wizard-next').click();
      await page.getByTestId(`wizard-form-${step}`).waitFor({ timeout: 15_000 });
    }
    // The availability window is chosen on the calendar every date choice uses: holidays marked.
    await page.getByTestId('wizard-availability-button').click();
    const picker = page.getByTestId('wizard-availability-dialog');
    await picker.locator('button[data-iso]').first().waitFor({ timeout: 15_000 });
    const shown = await picker.locator('button[data-iso]').evaluateAll((days) => days.map((day) => day.getAttribute('data-iso')!));
    const holiday = israeliHolidays(isoDay(1), shown.at(-1)!, 'en').find((item) => item.kind !== 'erev');
    if (holiday) expect(await picker.locator(`button[data-iso="${holiday.date}"] [data-holiday-mark]`).count()).toBe(1);
    await picker.locator(`button[data-iso="${isoDay(2)}"]`).click();
    await picker.locator(`button[data-iso="${isoDay(9)}"]`).click();
    await picker.waitFor({ state: 'detached' });
    expect(await page.getByTestId('wizard-availability-button').textContent()).toMatch(/\d/);
    // Cleared again: the listing stays open all year for the tests below.
    await page.getByTestId('wizard-availability-clear').click();
    expect(await page.getByTestId('wizard-availability-button').textContent()).toBe(en.search.dates.placeholder);
    await page.getByTestId('wizard-checkInTime').selectOption('19:00');
    await page.getByTestId('wizard-keepsShabbat').check();
    expect(await page.getByText(en.hostListings.fields.keepsShabbatHint).count()).toBe(1);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-form-arrival').waitFor({ timeout: 15_000 });
    // A published listing's Shabbat rule is a stay limit: it applies at once, with no review.
    const listing = (await (await guest.context.request.get(`/api/properties/${listingId}?lang=en`)).json()) as {
      keepsShabbat: boolean;
      checkInTime: string;
      city: typeof city;
    };
    expect(listing).toMatchObject({ keepsShabbat: true, checkInTime: '19:00' });
    city = listing.city;
  });

  it('a guest’s date picker marks the holidays, in English and with the Hebrew date on Hebrew pages', async () => {
    const today = isoDay(0);
    const holiday = israeliHolidays(isoDay(1), isoDay(400), 'en').find((item) => item.kind !== 'erev')!;
    const heHoliday = israeliHolidays(holiday.date, holiday.date, 'he').find((item) => item.kind === holiday.kind)!;
    const [heName, heFestival] = [heHoliday.name, heHoliday.festival];
    for (const [language, prefix] of [
      ['en', ''],
      ['he', '/he'],
    ] as const) {
      const { page } = guests[language];
      await page.goto(`${prefix}/explore`);
      await page.getByTestId('explore-dates-button').click();
      const dialog = page.getByTestId('explore-dates-dialog');
      await dialog.locator('button[data-iso]').first().waitFor({ timeout: 15_000 });
      for (let step = 0; step < monthsBetween(today, holiday.date); step += 1) {
        await dialog.locator('nav button').nth(1).click();
      }
      const day = dialog.locator(`button[data-iso="${holiday.date}"]`);
      const name = language === 'he' ? heName : holiday.name;
      expect(await day.getAttribute('data-holiday')).toContain(name);
      expect(await nameOf(day)).toContain(name);
      expect(await day.getAttribute('title')).toContain(name);
      expect(await day.locator('[data-holiday-mark]').count()).toBe(1);
      // The legend lists a festival's days as one span ('Chanukah (Dec 5–12)').
      const festival = language === 'he' ? heFestival : holiday.festival;
      expect(await dialog.getByTestId('explore-dates-calendar-holidays').textContent()).toContain(festival);
      if (language === 'he') {
        expect(await page.getByText(he.search.dates.holidays).count()).toBeGreaterThan(0);
        expect(await day.locator('[data-hebrew-day]').textContent()).toBe(hebrewDayOfMonth(holiday.date));
        expect(await nameOf(day)).toContain(hebrewDate(holiday.date, 'he'));
        expect(await dialog.getByTestId('hebrew-month-range').first().textContent()).toMatch(/[א-ת]/);
      } else {
        expect(await day.locator('[data-hebrew-day]').count()).toBe(0);
        expect(await dialog.getByTestId('hebrew-month-range').count()).toBe(0);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  it('refuses a Friday-evening start with the translated reason, in the picker, the panel and on the server', async () => {
    const friday = nextFriday(3);
    const stay = `checkIn=${friday}&checkOut=${addDays(friday, 7)}`;
    const candles = candleLightingTime(friday, city);
    for (const [language, prefix, strings] of [
      ['en', '', en],
      ['he', '/he', he],
    ] as const) {
      const { page } = guests[language];
      await openProperty(page, `${prefix}/property/${listingId}?${stay}`);
      await page.getByTestId('booking-keeps-shabbat').waitFor();
      // The panel checks the rule once it has loaded (its own chunk).
      await page.getByTestId('booking-problem').waitFor({ timeout: 15_000 });
      // Its words are error messages, a group of translations the page loads when it first needs them (decision 066).
      await expect
        .poll(() => page.getByTestId('booking-problem').textContent(), { timeout: 15_000 })
        .toContain(strings.errors.codes.check_in_after_candle_lighting);
      expect(await page.getByTestId('booking-action').isDisabled()).toBe(true);
      // The calendar: the Friday cannot start a stay, and says why (the candle-lighting time of the listing's city).
      await page.getByTestId('booking-clear-dates').click();
      const day = page.getByTestId('booking-calendar').locator(`button[data-iso="${friday}"]`);
      await day.waitFor({ timeout: 15_000 });
      expect(await day.isDisabled()).toBe(true);
      const reason = strings.search.dates.noCheckIn.check_in_after_candle_lighting.replace('{{time}}', candles);
      expect(await nameOf(day)).toContain(reason);
      expect(await day.getAttribute('title')).toContain(reason);
      expect(await page.getByTestId('booking-calendar-shabbat-note').textContent()).toBe(strings.search.dates.shabbatNote);
      // Thursday is fine and, once chosen, Shabbat cannot end the stay.
      await page
        .getByTestId('booking-calendar')
        .locator(`button[data-iso="${addDays(friday, -1)}"]`)
        .click();
      const saturday = page.getByTestId('booking-calendar').locator(`button[data-iso="${addDays(friday, 1)}"]`);
      expect(await saturday.isDisabled()).toBe(true);
      expect(await nameOf(saturday)).toContain(strings.search.dates.noCheckOut.check_out_on_shabbat);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    // The server refuses it too, with the code the panel translates.
    const refused = await guest.context.request.post('/api/bookings', {
      headers: writeHeaders,
      data: { propertyId: listingId, checkIn: friday, checkOut: addDays(friday, 7), guests: 1 },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('check_in_after_candle_lighting');
  });

  it('lists the holidays a chosen stay includes, in both languages', async () => {
    const holiday = israeliHolidays(isoDay(10), isoDay(290), 'en').find((item) => item.kind !== 'yom-tov')!;
    // Arrive two days before on a day the listing takes (not Shabbat, not a late Friday), leave after.
    let checkIn = addDays(holiday.date, -2);
    while (isShabbatOrYomTov(checkIn) || isEve(checkIn)) checkIn = addDays(checkIn, -1);
    let checkOut = addDays(holiday.date, 2);
    while (isShabbatOrYomTov(checkOut)) checkOut = addDays(checkOut, 1);
    for (const [language, prefix] of [
      ['en', ''],
      ['he', '/he'],
    ] as const) {
      const { page } = guests[language];
      await openProperty(page, `${prefix}/property/${listingId}?checkIn=${checkIn}&checkOut=${checkOut}`);
      const list = page.getByTestId('stay-holidays');
      await list.waitFor({ timeout: 15_000 });
      const { festival } = israeliHolidays(holiday.date, holiday.date, language).find((item) => item.kind === holiday.kind)!;
      expect(await list.textContent()).toContain(festival);
      expect(await list.textContent()).toContain((language === 'he' ? he : en).property.stayHolidays.split('{{')[0]!.trim());
    }
  });

  it('results filter for Shabbat-friendly places, and the filter lands in the URL', async () => {
    const { page } = guests.en;
    await page.goto('/results?type=rentals&location=Florentin');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('page-results').waitFor();
    expect(await page.getByText(en.results.filters.shabbatFriendly).count()).toBe(1);
    await page.getByTestId('filter-shabbat-friendly').check();
    await page.getByTestId('filter-search').click();
    await page.waitForURL((url) => url.searchParams.get('shabbatFriendly') === 'true');
    // Every result has a kosher kitchen or a Shabbat elevator; the listing above (a kosher kitchen) is one.
    await page.getByTestId('results-card').filter({ hasText: 'Shabbat-keeping flat in Florentin' }).waitFor({ timeout: 15_000 });
    const api = (await (await guest.context.request.get('/api/search?type=rental&location=Florentin&shabbatFriendly=true')).json()) as {
      results: { amenities: string[] }[];
    };
    expect(api.results.length).toBeGreaterThan(0);
    for (const card of api.results) expect(card.amenities.some((key) => key === 'kosher_kitchen' || key === 'shabbat_elevator')).toBe(true);
  });
});
