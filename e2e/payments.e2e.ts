import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../core/contracts/admin.ts';
import type { BookingView, CreatedBooking } from '../core/contracts/bookings.ts';
import type { HostEarnings } from '../core/contracts/host-listings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import { formatPrice } from '../core/format.ts';
import type { CancellationPreview } from '../core/contracts/money.ts';
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from '../server/db/database.ts';
import { startStripeStandIn, type StripeStandIn } from '../server/test/stripe-stand-in.ts';
import { waitForHydrationOnLoad } from './browser.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { freeStay, getJson, listingsOf, openProperty } from './stays.ts';

/**
 * Paying by card end to end (docs/decisions/024-payments.md): its own built server configured with
 * Stripe keys and STRIPE_API_URL pointing at the stand-in, which posts signed webhooks to it. In
 * Chromium the guest pays a sublet on the stand-in's hosted page and comes back to My Bookings; the
 * host accepts (the card is captured); the guest cancels after the long-stay policy's 48-hour grace
 * and sees, before confirming, the refund the policy gives, then gets it.
 *
 * The grace is measured from the booking's creation, so the booking must be older than 48 hours:
 * the test stops its server, moves the booking's created_at back three days in the server's own
 * PGlite folder, and starts the server again on the same folder and port. The server's clock and
 * code are left alone.
 */
const webhookSecret = 'whsec_e2estandin';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('paying by card through Stripe Checkout (a stand-in)', () => {
  let stripe: StripeStandIn;
  let server: BuiltServer | undefined;
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  let browser: Browser;

  async function start() {
    server = await startBuiltServer({
      name: 'payments',
      port,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_SECONDS: '1',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
  }
  async function stop() {
    await server?.stop();
  }

  async function signedIn(email: string, locale: string): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1280, height: 900 } });
    const response = await context.request.post('/api/auth/sign-in', {
      data: { email, password: 'Passw0rd!' },
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(response.ok()).toBe(true);
    return context;
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-e2e-pay-'));
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    stripe.setWebhook(`${baseUrl}/api/payments/stripe/webhook`);
    await start();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await stop();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    { language: 'en' as const, prefix: '', locale: 'en-US', offset: 40 },
    { language: 'he' as const, prefix: '/he', locale: 'he-IL', offset: 120 },
  ])('in $language', ({ language, prefix, locale, offset }) => {
    it('books a sublet on its page, pays on the hosted page, the host accepts, the guest cancels after the grace: refund, receipt and earnings agree', async () => {
      const guest = await signedIn('guest@example.com', locale);
      const admin = await signedIn('admin@example.com', locale);
      // A sublet the guest can stay at for its minimum (a month or more: the long-stay policy), and
      // its host, whom the admin's user list names (every demo account shares the demo password).
      let chosen: { listing: ListingDetail; stay: { checkIn: string; checkOut: string } } | undefined;
      for (const listing of await listingsOf(guest, 'sublet')) {
        if (listing.instantBooking) continue;
        const stay = freeStay(listing, await getJson<HeldDates>(guest, `/api/properties/${listing.id}/held-dates`), offset);
        if (stay) {
          chosen = { listing, stay };
          break;
        }
      }
      if (!chosen) throw new Error('no sublet has a free stay');
      const { listing, stay } = chosen;
      const hosts = await getJson<AdminUser[]>(admin, `/api/admin/users?role=host`);
      const hostEmail = hosts.find((user) => user.id === listing.host.id)?.email;
      if (!hostEmail) throw new Error(`the sublet's host ${listing.host.id} is not listed`);
      await admin.close();
      const host = await signedIn(hostEmail, locale);
      const earningsBefore = await getJson<HostEarnings>(host, '/api/host/earnings');

      // The guest asks for the stay on the property page and is sent to the payment page.
      const page = await guest.newPage();
      waitForHydrationOnLoad(page);
      await openProperty(page, `${prefix}/property/${listing.id}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`);
      expect(await page.getByTestId('booking-policy').textContent()).toBeTruthy();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="booking-action"]')?.disabled, null, {
        timeout: 15_000,
      });
      await page.getByTestId('booking-action').click();
      await page.waitForURL(`${stripe.url}/pay/*`, { timeout: 20_000 });

      // The stand-in's hosted page: card number, Pay, back to My Bookings.
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${baseUrl}${prefix}/my-bookings?payment=success*`);
      await expect.poll(() => page.getByTestId('payment-returned').getAttribute('data-result')).toBe('success');
      const mine = await getJson<{ bookings: BookingView[] }>(guest, '/api/bookings');
      const booking = mine.bookings.find((row) => row.propertyId === listing.id && row.checkIn === stay.checkIn);
      if (!booking) throw new Error('the booking is not on My Bookings');
      const card = page.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
      await expect
        .poll(() => card.getByTestId('booking-payment').getAttribute('data-payment-status'), { timeout: 15_000 })
        .toBe('authorized');
      expect(await card.getByTestId('booking-policy').getAttribute('data-policy')).toBe('long_stay');

      // The host accepts: the card is captured.
      const accepted = await host.request.post(`/api/bookings/${booking.id}/accept`, { headers: { 'x-requested-with': 'fetch' } });
      expect(accepted.status()).toBe(200);
      expect(((await accepted.json()) as CreatedBooking).money.paymentStatus).toBe('captured');

      // Three days pass since the booking (see the file's note): the 48-hour grace is over.
      await guest.close();
      await host.close();
      await stop();
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await database.db.execute(sql`update bookings set created_at = created_at - interval '3 days' where id = ${booking.id}`);
      await database.close();
      await start();

      const again = await signedIn('guest@example.com', locale);
      const preview = (await (await again.request.get(`/api/bookings/${booking.id}/cancellation`)).json()) as CancellationPreview;
      expect(preview).toMatchObject({ policy: 'long_stay', tier: 'partial', paid: booking.total });
      expect(preview.refund).toBeGreaterThan(0);
      expect(preview.refund).toBeLessThan(booking.total);

      const myBookings = await again.newPage();
      waitForHydrationOnLoad(myBookings);
      await myBookings.goto(`${prefix}/my-bookings`);
      const staying = myBookings.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
      await staying.getByTestId('booking-cancel').click();
      const refund = myBookings.getByTestId('cancel-refund');
      await expect.poll(() => refund.getAttribute('data-refund')).toBe(String(preview.refund));
      await myBookings.getByTestId('cancel-confirm').click();
      // A cancelled stay is listed under Past, with what came back.
      await staying.waitFor({ state: 'detached' });
      await myBookings.getByTestId('bookings-tab-past').click();
      await expect
        .poll(() => staying.getByTestId('booking-payment').getAttribute('data-payment-status'), { timeout: 15_000 })
        .toBe('partially_refunded');
      expect(stripe.refunds.at(-1)?.amount).toBe(preview.refund * 100);

      // The receipt says what was paid and what came back, to the shekel.
      await staying.getByTestId('booking-receipt').click();
      await myBookings.getByTestId('receipt').waitFor({ timeout: 20_000 });
      expect(await myBookings.getByTestId('receipt-total').textContent()).toContain(formatPrice(booking.total, language));
      expect(await myBookings.getByTestId('receipt-cancelled').textContent()).toContain(formatPrice(preview.refund, language));

      // The host's earnings moved by what the guest kept, less the platform's share of it.
      const hostAgain = await signedIn(hostEmail, locale);
      const earningsAfter = await getJson<HostEarnings>(hostAgain, '/api/host/earnings');
      const net = (earnings: HostEarnings) =>
        earnings.months.reduce((sum, month) => sum + month.earned - month.refunded + month.serviceFees, 0);
      expect(net(earningsAfter) - net(earningsBefore)).toBe(booking.total - preview.refund);
      // What the platform owes the host (less the fees the host owes for stays paid on arrival) moved by the host's part.
      const hostPart = (earnings: HostEarnings) => earnings.months.reduce((sum, month) => sum + month.earned - month.refunded, 0);
      const balance = (earnings: HostEarnings) => earnings.due - earnings.feesOwed;
      expect(balance(earningsAfter) - balance(earningsBefore)).toBe(hostPart(earningsAfter) - hostPart(earningsBefore));
      expect(hostPart(earningsAfter) - hostPart(earningsBefore)).toBeGreaterThan(0);
      await again.close();
      await hostAgain.close();
    }, 240_000);
  });
});
