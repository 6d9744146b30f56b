import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../core/contracts/listings.ts';
import { extendByMonth } from '../core/stay-change-pricing.ts';
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from '../server/db/database.ts';
import { createBooking } from '../server/seed/factories.ts';
import { users } from '../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { waitForHydrationOnLoad } from './browser.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { isoDay, listingsOf } from './stays.ts';

// Issue 37, item 6 (decision 058): a sublet guest in the last month of the stay extends it by a month
// from My Bookings on a 390 px phone, sees the price before sending; the host accepts on the hosting
// page; the booking shows the new dates and total. In English and in Hebrew. The stays are written
// into the test's own data folder while the server is stopped (a stay under way cannot be booked).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const writes = { 'x-requested-with': 'fetch' };

describe('extending a stay', () => {
  let server: BuiltServer | undefined;
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  let browser: Browser;
  const stays: Record<'en' | 'he', { id: string; checkOut: string; total: number; hostEmail: string }> = {} as never;

  const start = async () => {
    server = await startBuiltServer({
      name: 'stay-changes',
      port,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_SECONDS: '1',
      },
    });
  };
  const signedIn = async (email: string, locale: string, width = 1280): Promise<BrowserContext> => {
    const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width, height: 900 } });
    const response = await context.request.post('/api/auth/sign-in', { data: { email, password: 'Passw0rd!' }, headers: writes });
    expect(response.ok()).toBe(true);
    return context;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-e2e-change-'));
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    await start();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    const guest = await signedIn('guest@example.com', 'en-US');
    const sublets: ListingDetail[] = await listingsOf(guest, 'sublet');
    await guest.close();
    await server?.stop();
    // Two stays under way, 20 nights in and 10 to go, at sublets free for a month after them.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const [guestRow] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'guest@example.com'));
    const checkIn = isoDay(-20);
    const checkOut = isoDay(10);
    for (const listing of sublets) {
      const language = !stays.en ? 'en' : !stays.he ? 'he' : null;
      if (!language) break;
      const taken = await database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from bookings where property_id = ${listing.id} and status in ('pending', 'confirmed')
          and check_in < ${extendByMonth(checkOut)}::date and check_out > ${checkIn}::date`);
      // A listing whose rules take the longer stay (no Shabbat days to avoid, long enough a maximum).
      if (listing.keepsShabbat || listing.maxStayDays < 70) continue;
      if (taken.rows[0]!.n > 0 || (listing.availableUntil && listing.availableUntil < extendByMonth(checkOut))) continue;
      const booking = await createBooking(database.db, { propertyId: listing.id, guestId: guestRow!.id, checkIn, checkOut });
      const [host] = await database.db
        .execute<{ email: string }>(sql`select u.email from users u join properties p on p.host_id = u.id where p.id = ${listing.id}`)
        .then((result) => result.rows);
      stays[language] = { id: booking.id, checkOut, total: booking.total, hostEmail: host!.email };
    }
    await database.close();
    expect(Object.keys(stays)).toEqual(['en', 'he']);
    await start();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    { language: 'en' as const, prefix: '', locale: 'en-US' },
    { language: 'he' as const, prefix: '/he', locale: 'he-IL' },
  ])(
    'in $language: the guest extends by a month, the host accepts, the booking shows the new dates and total',
    async ({ language, prefix, locale }) => {
      const stay = stays[language];
      const newCheckOut = extendByMonth(stay.checkOut);
      const guest = await signedIn('guest@example.com', locale, 390);
      const page = await guest.newPage();
      waitForHydrationOnLoad(page);
      await page.goto(`${prefix}/my-bookings`);
      const card = page.locator(`[data-testid="booking-card"][data-id="${stay.id}"]`);
      await card.getByTestId('stay-change-extend').click({ timeout: 20_000 });
      const dialog = page.getByTestId('stay-change-dialog');
      expect(await dialog.getByTestId('stay-change-check-out').inputValue()).toBe(newCheckOut);
      // The price before sending: more than before.
      await dialog.getByTestId('stay-change-difference').waitFor({ timeout: 20_000 });
      const sent = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/api/bookings/${stay.id}/changes` && response.request().method() === 'POST',
      );
      await dialog.getByTestId('stay-change-send').click();
      const proposal = (await (await sent).json()) as { id: string; price: { total: number; difference: number } };
      expect(proposal.price.difference).toBeGreaterThan(0);
      await card.getByTestId('stay-change-open').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(os.tmpdir(), `stay-change-${language}.png`) });

      const host = await signedIn(stay.hostEmail, locale);
      const hosting = await host.newPage();
      waitForHydrationOnLoad(hosting);
      await hosting.goto(`${prefix}/host/bookings?tab=upcoming`);
      const hostCard = hosting.locator(`[data-testid="booking-card"][data-id="${stay.id}"]`);
      await hostCard.getByTestId('stay-change-accept').click({ timeout: 20_000 });
      await hostCard.getByTestId('stay-change-open').waitFor({ state: 'detached', timeout: 20_000 });

      await page.reload();
      await card.getByTestId('booking-total').waitFor({ timeout: 20_000 });
      const booking = (await (await guest.request.get(`/api/bookings?lang=${language}`)).json()) as {
        bookings: { id: string; checkOut: string; total: number }[];
      };
      expect(booking.bookings.find((b) => b.id === stay.id)).toMatchObject({ checkOut: newCheckOut, total: proposal.price.total });
      expect(await card.getAttribute('data-check-in')).toBeTruthy();
      expect(await card.getByTestId('booking-total').textContent()).toContain(
        new Intl.NumberFormat(language === 'he' ? 'he-IL' : 'en-US').format(proposal.price.total),
      );
      await guest.close();
      await host.close();
    },
  );
});
