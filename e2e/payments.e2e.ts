import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedBooking } from '../core/contracts/bookings.ts';
import type { CancellationPreview } from '../core/contracts/money.ts';
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from '../server/db/database.ts';
import { startStripeStandIn, type StripeStandIn } from '../server/test/stripe-stand-in.ts';
import { isoDay } from './stays.ts';

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
  let server: ChildProcess | undefined;
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  let browser: Browser;

  async function start() {
    server = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_SECONDS: '1',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the payments server did not start');
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  async function stop() {
    const running = server;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.on('exit', resolve);
      running.kill('SIGTERM');
    });
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
    it('pays on the hosted page, the host accepts, the guest cancels after the grace and gets the policy’s refund', async () => {
      const guest = await signedIn('guest@example.com', locale);
      const host = await signedIn('host@example.com', locale);
      // One of the demo host's homes for a stay of two months: a sublet, or a rental (any stay of 28
      // nights or more follows the long-stay policy; the demo host's homes are rentals).
      const listings = (await (await host.request.get('/api/host/listings')).json()) as {
        listings: { id: number; propertyType: string; status: string }[];
      };
      const sublets = listings.listings.filter((listing) => listing.propertyType !== 'hotel' && listing.status === 'approved');
      let booking: CreatedBooking | undefined;
      const failures: string[] = [];
      for (const sublet of sublets) {
        for (const shift of [0, 70, 140]) {
          const response = await guest.request.post(`/api/bookings?lang=${language}`, {
            data: { propertyId: sublet.id, checkIn: isoDay(offset + shift), checkOut: isoDay(offset + shift + 60) },
            headers: { 'x-requested-with': 'fetch' },
          });
          if (response.ok()) {
            booking = (await response.json()) as CreatedBooking;
            break;
          }
          failures.push(`${sublet.id}: ${response.status()} ${await response.text()}`);
        }
        if (booking) break;
      }
      if (!booking) throw new Error(`no sublet could be booked: ${failures.join('\n')}`);
      expect(booking.checkoutUrl).toContain(`${stripe.url}/pay/`);

      // The stand-in's hosted page: card number, Pay, back to My Bookings.
      const page = await guest.newPage();
      await page.goto(booking.checkoutUrl!);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${baseUrl}${prefix}/my-bookings?payment=success*`);
      await expect.poll(() => page.getByTestId('payment-returned').getAttribute('data-result')).toBe('success');
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
      await myBookings.goto(`${prefix}/my-bookings`);
      const stay = myBookings.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
      await stay.getByTestId('booking-cancel').click();
      const refund = myBookings.getByTestId('cancel-refund');
      await expect.poll(() => refund.getAttribute('data-refund')).toBe(String(preview.refund));
      await myBookings.getByTestId('cancel-confirm').click();
      // A cancelled stay is listed under Past, with what came back.
      await stay.waitFor({ state: 'detached' });
      await myBookings.getByTestId('bookings-tab-past').click();
      await expect
        .poll(() => stay.getByTestId('booking-payment').getAttribute('data-payment-status'), { timeout: 15_000 })
        .toBe('partially_refunded');
      expect(stripe.refunds.at(-1)?.amount).toBe(preview.refund * 100);
      await again.close();
      await host.close();
    }, 240_000);
  });
});
