import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import { addDaysIso, today } from '../core/dates.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from '../server/db/database.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { freeStay, getJson, listingsOf } from './stays.ts';

/*
 * Move-in protection (issue 37, item 5; decision 056), on a phone (390 px) in English and Hebrew:
 * the guest reports a problem on the first day of a confirmed stay, the host answers on their
 * booking, an admin decides in the admin's queue (English: release; Hebrew: refund everything and
 * end the stay). The stay is moved to start today in the test's own data folder, never the code's clock.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const writes = { 'x-requested-with': 'fetch' };

describe('move-in protection', () => {
  let server: BuiltServer | undefined;
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  let browser: Browser;
  const used = new Set<number>();

  const start = async () => {
    server = await startBuiltServer({
      name: 'move-in',
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
  async function signedIn(email: string, locale: string, width = 390): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width, height: 844 } });
    const response = await context.request.post('/api/auth/sign-in', { data: { email, password: 'Passw0rd!' }, headers: writes });
    expect(response.ok()).toBe(true);
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-e2e-move-in-'));
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    await start();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    { language: 'en' as const, prefix: '', locale: 'en-US', texts: en, decision: 'release' as const },
    { language: 'he' as const, prefix: '/he', locale: 'he-IL', texts: he, decision: 'refund_all_and_end' as const },
  ])('in $language', ({ prefix, locale, texts, decision }) => {
    it('the guest reports on move-in day, the host answers, an admin decides', async () => {
      const setup = await signedIn('guest@example.com', locale);
      // A sublet nobody holds today and in the next weeks, so its stay can be moved to start today.
      const day = today();
      let chosen: { listing: ListingDetail; stay: { checkIn: string; checkOut: string } } | undefined;
      for (const listing of await listingsOf(setup.context, 'sublet')) {
        if (used.has(listing.id)) continue;
        const held = await getJson<HeldDates>(setup.context, `/api/properties/${listing.id}/held-dates`);
        const stay = freeStay(listing, held, 200);
        const length = stay ? Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000) : 0;
        const soonFree = held.held.every((range) => range.checkOut <= day || range.checkIn >= addDaysIso(day, length));
        if (stay && soonFree) {
          chosen = { listing, stay };
          break;
        }
      }
      expect(chosen, 'a free sublet').toBeDefined();
      used.add(chosen!.listing.id);
      const requested = await setup.context.request.post('/api/bookings', {
        data: { propertyId: chosen!.listing.id, ...chosen!.stay },
        headers: writes,
      });
      expect(requested.status(), await requested.text()).toBe(201);
      const booking = (await requested.json()) as BookingView;
      await setup.context.close();

      // The host accepts (unless it was booked instantly), then the stay is moved to start today at midnight.
      await server!.stop();
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      const length = Math.round((Date.parse(chosen!.stay.checkOut) - Date.parse(chosen!.stay.checkIn)) / 86_400_000);
      await database.db.execute(
        sql`update bookings set status = 'confirmed', check_in = ${day}, check_out = ${addDaysIso(day, length)} where id = ${booking.id}`,
      );
      await database.db.execute(sql`update properties set check_in_time = '00:00' where id = ${chosen!.listing.id}`);
      const [{ email: host }] = (
        await database.db.execute<{ email: string }>(
          sql`select u.email from users u join properties p on p.host_id = u.id where p.id = ${chosen!.listing.id}`,
        )
      ).rows as [{ email: string }];
      await database.close();
      await start();

      // The guest: the button on the booking, the form with a reason, text and a photo.
      const guest = await signedIn('guest@example.com', locale);
      await guest.page.goto(`${prefix}/my-bookings`);
      const card = guest.page.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
      await card.getByTestId('move-in-report-button').waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('move-in-report-button').textContent()).toBe(texts.moveIn.reportButton);
      await card.getByTestId('move-in-report-button').click();
      await card.locator('input[value="could_not_get_in"]').check();
      await card.getByTestId('move-in-description').fill(`The door code does not work (${locale}) and nobody answers the phone.`);
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP8z4APMOGVZRqpEgA/8QEPCkLK3gAAAABJRU5ErkJggg==',
        'base64',
      );
      await card.getByTestId('move-in-photos').setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: png });
      await card.getByTestId('move-in-send').click();
      await card.getByTestId('move-in-report').waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('move-in-status').textContent()).toBe(texts.moveIn.statusOpen);
      expect(await card.locator('[data-testid="move-in-report"] img').count()).toBe(1);
      expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await guest.page.screenshot({ path: path.join(os.tmpdir(), `move-in-guest-${locale}.png`), fullPage: false });

      // The host answers on their booking.
      const hosting = await signedIn(host, locale);
      await hosting.page.goto(`${prefix}/host/bookings?tab=upcoming`);
      const hostCard = hosting.page.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
      await hostCard.getByTestId('move-in-answer-text').waitFor({ timeout: 20_000 });
      await hostCard.getByTestId('move-in-answer-text').fill('The code is 2580; I am sorry for the wait.');
      await hostCard.getByTestId('move-in-answer-send').click();
      await hostCard.getByTestId('move-in-answer').waitFor({ timeout: 20_000 });
      expect(await hosting.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // An admin decides in the queue.
      const admin = await signedIn('admin@example.com', locale, 1280);
      await admin.page.goto(`${prefix}/admin?tab=moveIn`);
      const row = admin.page.getByTestId('admin-move-in-report').filter({ hasText: `The door code does not work (${locale})` });
      await row.waitFor({ timeout: 20_000 });
      admin.page.on('dialog', (dialog) => void dialog.accept());
      await row.getByTestId(decision === 'release' ? 'move-in-release' : 'move-in-refund-all').click();
      await row.getByTestId('move-in-decided').waitFor({ timeout: 20_000 });
      expect(await row.getByTestId('move-in-decided').textContent()).toContain(texts.moveIn.decisions[decision]);

      const after = await getJson<BookingView>(guest.context, `/api/bookings?lang=en`).then((list) =>
        (list as unknown as { bookings: BookingView[] }).bookings.find((b) => b.id === booking.id)!,
      );
      expect(after.status).toBe(decision === 'release' ? 'confirmed' : 'cancelled');
      const mails = await getJson<{ to: string; subject: string }[]>(guest.context, '/api/dev/mailbox');
      expect(
        mails.filter((mail) => mail.to === 'guest@example.com' && /move-in|כניסה|דיווח/i.test(mail.subject)).length,
      ).toBeGreaterThanOrEqual(3);
      for (const context of [guest.context, hosting.context, admin.context]) await context.close();
    });
  });
});
