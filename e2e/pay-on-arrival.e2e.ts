import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../core/contracts/admin.ts';
import type { BookingList } from '../core/contracts/bookings.ts';
import type { HostEarnings } from '../core/contracts/host-listings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import type { CancellationPreview } from '../core/contracts/money.ts';
import { formatPrice } from '../core/format.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, signInAs } from './browser.ts';
import { freeStay, getJson, listingsOf, openProperty } from './stays.ts';

/**
 * Paying on arrival, the default without card payments (docs/decisions/023-money.md, 024-payments.md):
 * the demo guest asks for a hotel stay on its page, the hotel's host accepts, and the booking, its
 * receipt and the host's earnings agree to the shekel on what is due at the hotel and the fee the
 * host owes; the guest cancels, sees that nothing was paid so nothing comes back, and the host's
 * earnings return to what they were. In English and in Hebrew.
 */

/** What a host made, fees included, over every month: the total of the stays the ledger counts. */
const earnedWithFees = (earnings: HostEarnings) => earnings.months.reduce((sum, month) => sum + month.earned + month.serviceFees, 0);
const fees = (earnings: HostEarnings) => earnings.months.reduce((sum, month) => sum + month.serviceFees, 0);

describe('paying on arrival for a hotel', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it.each([
    { language: 'en' as const, prefix: '', locale: 'en-US', offset: 75 },
    { language: 'he' as const, prefix: '/he', locale: 'he-IL', offset: 150 },
  ])(
    'books, is accepted, shows what is due on the receipt and in earnings, and cancels for nothing ($language)',
    async ({ language, prefix, locale, offset }) => {
      const guest = await newPage(browser, { asGuest: true, locale });
      const admin = await newPage(browser);
      contexts.push(guest.context, admin.context);
      await signInAs(admin.context, 'admin@example.com');

      // A hotel the guest has no booking at, with a free stay, and its host.
      const booked = new Set((await getJson<BookingList>(guest.context, '/api/bookings?lang=en')).bookings.map((b) => b.propertyId));
      let chosen: { listing: ListingDetail; stay: { checkIn: string; checkOut: string } } | undefined;
      for (const listing of await listingsOf(guest.context, 'hotel')) {
        if (booked.has(listing.id)) continue;
        const stay = freeStay(listing, await getJson<HeldDates>(guest.context, `/api/properties/${listing.id}/held-dates`), offset);
        if (stay) {
          chosen = { listing, stay };
          break;
        }
      }
      if (!chosen) throw new Error('no hotel has a free stay');
      const { listing, stay } = chosen;
      const hosts = await getJson<AdminUser[]>(admin.context, '/api/admin/users?role=host');
      const hostEmail = hosts.find((user) => user.id === listing.host.id)?.email;
      if (!hostEmail) throw new Error(`the hotel's host ${listing.host.id} is not listed`);
      const host = await newPage(browser);
      contexts.push(host.context);
      await signInAs(host.context, hostEmail);
      const before = await getJson<HostEarnings>(host.context, '/api/host/earnings');

      // The guest asks on the hotel's page (the demo guest's ID is not verified: a request).
      await openProperty(guest.page, `${prefix}/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
      await guest.page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="booking-action"]')?.disabled, null, {
        timeout: 15_000,
      });
      const shownTotal = await guest.page.getByTestId('breakdown-total').textContent();
      await guest.page.getByTestId('booking-action').click();
      let booking: BookingList['bookings'][number] | undefined;
      await expect
        .poll(
          async () => {
            const mine = await getJson<BookingList>(guest.context, '/api/bookings?lang=en');
            booking = mine.bookings.find((row) => row.propertyId === listing.id && row.checkIn === stay.checkIn);
            return booking?.status;
          },
          { timeout: 15_000 },
        )
        .toBeDefined();
      expect(booking!.money).toMatchObject({ paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival' });
      // The page's total is the booking's: one quote everywhere.
      expect(shownTotal).toBe(formatPrice(booking!.total, language));

      if (booking!.status === 'pending') {
        const accepted = await host.context.request.post(`/api/bookings/${booking!.id}/accept`, {
          headers: { 'x-requested-with': 'fetch' },
        });
        expect(accepted.status()).toBe(200);
      }

      // My Bookings says what to pay at the hotel; the receipt agrees.
      await guest.page.goto(`${prefix}/my-bookings`);
      const card = guest.page.locator(`[data-testid="booking-card"][data-id="${booking!.id}"]`);
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('booking-payment').getAttribute('data-payment-status')).toBe('due_on_arrival');
      expect(await card.getByTestId('booking-payment').textContent()).toContain(formatPrice(booking!.total, language));
      await card.getByTestId('booking-receipt').click();
      await guest.page.getByTestId('receipt').waitFor({ timeout: 20_000 });
      expect(await guest.page.getByTestId('receipt-total').textContent()).toContain(formatPrice(booking!.total, language));
      expect(await guest.page.getByTestId('receipt-payment-status').textContent()).toContain(formatPrice(booking!.total, language));

      // The host's earnings: the stay's total, of which the platform's fee is owed by the host.
      const confirmed = await getJson<HostEarnings>(host.context, '/api/host/earnings');
      expect(earnedWithFees(confirmed) - earnedWithFees(before)).toBe(booking!.total);
      expect(fees(confirmed) - fees(before)).toBe(booking!.serviceFee);

      // The guest cancels: nothing was paid, so nothing comes back, and the host's figures return.
      const preview = await getJson<CancellationPreview>(guest.context, `/api/bookings/${booking!.id}/cancellation`);
      expect(preview).toMatchObject({ paymentMethod: 'on_arrival', paid: 0 });
      await guest.page.goto(`${prefix}/my-bookings`);
      await card.getByTestId('booking-cancel').click();
      await guest.page.getByTestId('cancel-refund').waitFor();
      // Paid directly (decision 057): the dialog says what the policy means for this stay, never
      // "nothing is refunded" beside a policy that keeps money.
      if (preview.kept === 0) {
        const texts = language === 'he' ? he : en;
        expect(await guest.page.getByTestId('cancel-refund').textContent()).toContain(texts.hostMoney.cancel.directFree);
      }
      await guest.page.getByTestId('cancel-confirm').click();
      await card.waitFor({ state: 'detached' });
      const cancelled = await getJson<HostEarnings>(host.context, '/api/host/earnings');
      expect(earnedWithFees(cancelled)).toBe(earnedWithFees(before));
      expect(fees(cancelled)).toBe(fees(before));
    },
    180_000,
  );
});
