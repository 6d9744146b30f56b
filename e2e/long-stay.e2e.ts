import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../core/contracts/admin.ts';
import type { StayAgreement } from '../core/contracts/agreements.ts';
import type { BookingView } from '../core/contracts/bookings.ts';
import type { PayoutsDue } from '../core/contracts/finance.ts';
import type { HostEarnings } from '../core/contracts/host-listings.ts';
import type { HeldDates, ListingDetail } from '../core/contracts/listings.ts';
import type { Receipt } from '../core/contracts/receipts.ts';
import { today as israelToday } from '../core/dates.ts';
import { formatPrice } from '../core/format.ts';
import { seasonMinStayRule } from '../core/price-rules.ts';
import { shabbatStayProblems } from '../core/shabbat-rules.ts';
import { freePort } from '../scripts/free-port.ts';
import { openDatabase } from '../server/db/database.ts';
import { startStripeStandIn, type CardBehaviour, type StripeStandIn } from '../server/test/stripe-stand-in.ts';
import { waitForHydrationOnLoad } from './browser.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { getJson, isoDay, listingsOf, openProperty } from './stays.ts';

/**
 * A long stay paid month by month end to end (issue 37, decision 054), on its own built server with
 * Stripe pointed at the stand-in (as payments.e2e.ts). In Chromium the guest books a three-month
 * sublet on its page and pays only the first month on the stand-in's hosted page; the host accepts.
 * The later months are charged by the booking jobs (JOBS_EVERY_SECONDS=2): to make a month due, the
 * test stops its server, moves that period's due day to today in the server's own PGlite folder and
 * starts it again, leaving the server's clock and code alone. One of the two months is refused by the
 * card: the guest gets the pay-now mail and a notice under the bell (decision 063), follows the notice
 * to My Bookings, where that month is marked, and pays it on a hosted page of its own. Then the guest extends the stay by a month (one more payment), both accept the
 * agreement, and the receipt, the ledger, the host's earnings and the admin's payouts agree to the
 * shekel. English pays with 4242… (the second month is declined: the card is blocked meanwhile);
 * Hebrew with 4000000000000341, saved but declined off-session (the first month is declined).
 */
const webhookSecret = 'whsec_e2estandin';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const writes = { 'x-requested-with': 'fetch' };

/** `day` plus whole calendar months (the stays here start before the 28th). */
function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1 + months, date));
  return moved.toISOString().slice(0, 10);
}

function listingTakes(listing: ListingDetail, stay: { checkIn: string; checkOut: string }): boolean {
  if (listing.keepsShabbat && shabbatStayProblems(listing, listing.city, stay).length) return false;
  return !seasonMinStayRule(listing.priceRules, stay.checkIn, stay.checkOut);
}

describe('a long stay paid month by month by card (the Stripe stand-in)', () => {
  let stripe: StripeStandIn;
  let server: BuiltServer | undefined;
  let dataDir: string;
  let port: number;
  let baseUrl: string;
  let browser: Browser;

  async function start() {
    server = await startBuiltServer({
      name: 'long-stay',
      port,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        PUBLIC_URL: baseUrl,
        SHUTDOWN_GRACE_SECONDS: '1',
        JOBS_EVERY_SECONDS: '2',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
  }
  async function stop() {
    await server?.stop();
  }
  /** Stops the server, runs `work` on its database, starts it again on the same folder and port. */
  async function withStoppedServer<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
    await stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return await work(database.db);
    } finally {
      await database.close();
      await start();
    }
  }

  async function signedIn(email: string, locale: string): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1280, height: 900 } });
    const response = await context.request.post('/api/auth/sign-in', { data: { email, password: 'Passw0rd!' }, headers: writes });
    expect(response.ok()).toBe(true);
    return context;
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-e2e-long-stay-'));
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
    { language: 'en' as const, prefix: '', locale: 'en-US', offset: 40, card: '4242 4242 4242 4242', declined: 2 },
    { language: 'he' as const, prefix: '/he', locale: 'he-IL', offset: 220, card: '4000 0000 0000 0341', declined: 1 },
  ])('in $language', ({ language, prefix, locale, offset, card, declined }) => {
    it('books three months paying the first, the job charges the next, a refused month is paid through the mail, an extension adds a payment, the agreement is accepted, and the money agrees', async () => {
      const guest = await signedIn('guest@example.com', locale);
      const admin = await signedIn('admin@example.com', locale);

      // A sublet free for four months (three booked, one more for the extension), asking a stay of at most three.
      let chosen: { listing: ListingDetail; checkIn: string; checkOut: string; extended: string } | undefined;
      search: for (const listing of await listingsOf(guest, 'sublet')) {
        if (listing.instantBooking || listing.minStayDays > 90) continue;
        const held = await getJson<HeldDates>(guest, `/api/properties/${listing.id}/held-dates`);
        for (let step = 0; step < 120; step += 1) {
          const checkIn = isoDay(offset + step);
          if (Number(checkIn.slice(8)) > 27) continue;
          const checkOut = addMonths(checkIn, 3);
          const extended = addMonths(checkIn, 4);
          if (listing.availableFrom && listing.availableFrom > checkIn) continue;
          if (listing.availableUntil && extended > listing.availableUntil) continue search;
          if (held.held.some((range) => range.checkIn < extended && range.checkOut > checkIn)) continue;
          if (!listingTakes(listing, { checkIn, checkOut }) || !listingTakes(listing, { checkIn, checkOut: extended })) continue;
          chosen = { listing, checkIn, checkOut, extended };
          break search;
        }
      }
      if (!chosen) throw new Error('no sublet is free for four months');
      const { listing, checkIn, checkOut, extended } = chosen;
      const hosts = await getJson<AdminUser[]>(admin, `/api/admin/users?role=host`);
      const hostEmail = hosts.find((user) => user.id === listing.host.id)?.email;
      if (!hostEmail) throw new Error(`the sublet's host ${listing.host.id} is not listed`);
      const host = await signedIn(hostEmail, locale);
      const earningsBefore = await getJson<HostEarnings>(host, '/api/host/earnings');
      const payoutsOf = async () =>
        (await getJson<PayoutsDue>(admin, '/api/admin/finance/payouts-due')).hosts.find((entry) => entry.hostId === listing.host.id);
      const payoutBefore = await payoutsOf();

      // The guest asks for the three months on the property page and pays the first month on the hosted page.
      const page = await guest.newPage();
      waitForHydrationOnLoad(page);
      await openProperty(page, `${prefix}/property/${listing.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="booking-action"]')?.disabled, null, {
        timeout: 15_000,
      });
      await page.getByTestId('booking-action').click();
      await page.waitForURL(`${stripe.url}/pay/*`, { timeout: 20_000 });
      const checkout = [...stripe.sessions.values()].at(-1)!;
      await page.getByLabel('Card number').fill(card);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${baseUrl}${prefix}/my-bookings?payment=success*`);

      const bookingNow = async () => {
        const mine = await getJson<{ bookings: BookingView[] }>(guest, `/api/bookings?lang=${language}`);
        const found = mine.bookings.find((row) => row.propertyId === listing.id && row.checkIn === checkIn);
        if (!found) throw new Error('the booking is not on My Bookings');
        return found;
      };
      let booking = await bookingNow();
      const schedule = () => booking.money!.schedule;
      // Three payments, a month each; the hosted page asked only the first.
      expect(schedule().map((payment) => payment.sequence)).toEqual([0, 1, 2]);
      expect(checkout.amount_total).toBe(schedule()[0]!.amount * 100);
      expect(schedule().reduce((sum, payment) => sum + payment.amount, 0)).toBe(booking.total);
      expect(schedule()[0]!.amount).toBeLessThan(booking.total);

      // The host accepts: the first month is captured, the others wait for their due days.
      const accepted = await host.request.post(`/api/bookings/${booking.id}/accept`, { headers: writes });
      expect(accepted.status()).toBe(200);
      booking = await bookingNow();
      expect(schedule().map((payment) => payment.status)).toEqual(['succeeded', 'scheduled', 'scheduled']);
      const savedCards = () =>
        [...stripe.savedCards.entries()].filter(([, saved]) => saved.customer === checkout.customer).map(([id]) => id);
      expect(savedCards().length).toBeGreaterThan(0);
      const cardsBehave = (behaviour: CardBehaviour) => savedCards().forEach((id) => stripe.setCardBehaviour(id, behaviour));

      // Months 1 and 2 fall due one after the other: the job charges each; the one `declined` is refused.
      for (const sequence of [1, 2]) {
        const period = schedule()[sequence]!;
        cardsBehave(sequence === declined ? 'declined' : 'succeeds');
        const day = israelToday();
        await withStoppedServer((db) =>
          db.execute(sql`update payments set due_on = ${day}, next_attempt_on = ${day} where id = ${period.id}`),
        );
        const settled = async () => {
          booking = await bookingNow();
          return schedule()[sequence]!.status;
        };
        if (sequence !== declined) {
          await expect.poll(settled, { timeout: 20_000 }).toBe('succeeded');
          const charged = [...stripe.intents.values()].filter((intent) => intent.metadata.paymentId === period.id);
          expect(charged.map((intent) => intent.amount_received)).toEqual([period.amount * 100]);
          continue;
        }
        await expect.poll(settled, { timeout: 20_000 }).toBe('failed');
        // The pay-now mail, once, with its link to My Bookings and this month.
        const payNowMails = async () => {
          const mails = await getJson<{ to: string; text: string }[]>(guest, '/api/dev/mailbox');
          return mails.filter((mail) => mail.to === 'guest@example.com' && mail.text.includes(`?pay=${period.id}`));
        };
        await expect.poll(async () => (await payNowMails()).length, { timeout: 20_000 }).toBe(1);
        const link = (await payNowMails())[0]!.text.match(/https?:\/\/\S+\?pay=[\w-]+/)?.[0];
        expect(link).toBeTruthy();
        cardsBehave('succeeds');

        // The same moment is a notice under the bell, in the page's language, leading where the mail does
        // (the mail is in the account's language, English for this guest).
        expect(new URL(link!).pathname.replace(/^\/he(?=\/)/, '') + new URL(link!).search).toBe(`/my-bookings?pay=${period.id}`);
        await page.goto(`${prefix}/my-bookings`);
        const bell = page.getByTestId('nav-notices');
        await expect.poll(async () => Number(await bell.getAttribute('data-unread')), { timeout: 20_000 }).toBeGreaterThan(0);
        await bell.click();
        const notice = page
          .getByTestId('notice-panel')
          .locator('[data-testid="notice"][data-kind="period_failed"][data-unread="true"]')
          .first();
        await notice.waitFor({ timeout: 20_000 });
        expect(await notice.getAttribute('data-unread')).toBe('true');
        expect(await notice.textContent()).toContain(language === 'he' ? 'התשלום נדחה' : 'Payment declined');
        expect(await notice.textContent()).toContain(formatPrice(period.amount, language));
        const unreadBefore = Number(await bell.getAttribute('data-unread'));
        await page.screenshot({ path: path.join(os.tmpdir(), `notices-${language}.png`) });

        // The guest follows it (it is read now): that month is marked on My Bookings, and they pay it on a hosted page of its own.
        await notice.click();
        await page.waitForURL(`${baseUrl}${prefix}/my-bookings?pay=${period.id}`);
        await expect.poll(async () => Number(await bell.getAttribute('data-unread')), { timeout: 20_000 }).toBe(unreadBefore - 1);
        const mine = page.locator(`[data-testid="booking-card"][data-id="${booking.id}"]`);
        const refused = mine.locator('[data-testid="schedule-payment"][data-status="failed"]');
        await refused.waitFor({ timeout: 20_000 });
        expect(await refused.getAttribute('data-target')).toBe('true');
        await refused.getByTestId('schedule-pay-now').click({ timeout: 20_000 });
        await page.waitForURL(`${stripe.url}/pay/*`, { timeout: 20_000 });
        expect([...stripe.sessions.values()].at(-1)!.amount_total).toBe(period.amount * 100);
        await page.getByLabel('Card number').fill('4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.waitForURL(`${baseUrl}${prefix}/my-bookings?payment=success*`);
        await expect.poll(settled, { timeout: 20_000 }).toBe('succeeded');
      }
      expect(schedule().map((payment) => payment.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);

      // The guest extends the stay by a month, the host accepts: one more payment, nothing charged yet.
      const proposed = await guest.request.post(`/api/bookings/${booking.id}/changes`, {
        data: { checkIn, checkOut: extended, guests: booking.guests },
        headers: writes,
      });
      expect(proposed.status()).toBe(201);
      const proposal = (await proposed.json()) as { id: string; price: { total: number } };
      const intentsBefore = stripe.intents.size;
      const acceptedChange = await host.request.post(`/api/stay-changes/${proposal.id}/accept`, { headers: writes });
      expect(acceptedChange.status()).toBe(200);
      booking = await bookingNow();
      expect(booking).toMatchObject({ checkOut: extended, total: proposal.price.total });
      expect(schedule().map((payment) => payment.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'scheduled']);
      expect(schedule().reduce((sum, payment) => sum + payment.amount, 0)).toBe(booking.total);
      expect(stripe.intents.size).toBe(intentsBefore);

      // The schedule on My Bookings, in the page's language.
      await page.goto(`${prefix}/my-bookings`);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'he' ? 'rtl' : 'ltr');
      const rows = page.locator(`[data-testid="booking-card"][data-id="${booking.id}"] [data-testid="schedule-payment"]`);
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(4);
      expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
        'scheduled',
      ]);
      for (const [index, payment] of schedule().entries())
        expect(await rows.nth(index).textContent()).toContain(formatPrice(payment.amount, language));
      // The card line says what was paid so far (three months), not the whole stay.
      const paidSoFar = schedule().reduce((sum, payment) => sum + (payment.status === 'succeeded' ? payment.amount : 0), 0);
      const paymentLine = page.locator(`[data-testid="booking-card"][data-id="${booking.id}"] [data-testid="booking-payment"]`);
      expect(await paymentLine.textContent()).toContain(formatPrice(paidSoFar, language));
      expect(await paymentLine.textContent()).not.toContain(formatPrice(booking.total, language));
      await page.screenshot({ path: path.join(os.tmpdir(), `long-stay-${language}.png`), fullPage: true });

      // Both accept the agreement of the stay as it is now.
      for (const party of [guest, host]) {
        const agreement = await getJson<StayAgreement>(party, `/api/bookings/${booking.id}/agreement`);
        expect(agreement.canAccept).toBe(true);
        const sha256 = agreement.texts[language].sha256;
        const response = await party.request.post(`/api/bookings/${booking.id}/agreement/accept`, { data: { sha256 }, headers: writes });
        expect(response.status()).toBe(200);
      }
      const agreement = await getJson<StayAgreement>(guest, `/api/bookings/${booking.id}/agreement`);
      expect(agreement.acceptances.guest).not.toBeNull();
      expect(agreement.acceptances.host).not.toBeNull();

      // The receipt lists the four payments, the three paid numbered.
      const receipt = await getJson<Receipt>(guest, `/api/bookings/${booking.id}/receipt?lang=${language}`);
      expect(receipt.total).toBe(booking.total);
      expect(receipt.periods.map((period) => [period.sequence, period.amount, period.status])).toEqual(
        schedule().map((payment) => [payment.sequence, payment.amount, payment.status]),
      );
      expect(receipt.periods.slice(0, 3).every((period) => period.receiptNumber !== null && period.paidAt !== null)).toBe(true);
      expect(receipt.periods[3]!.receiptNumber).toBeNull();
      const paid = receipt.periods.filter((period) => period.status === 'succeeded').reduce((sum, period) => sum + period.amount, 0);
      // What the card gave for this stay, to the shekel (the refused charge took nothing).
      const received = [...stripe.intents.values()]
        .filter((intent) => intent.metadata.bookingId === booking.id)
        .reduce((sum, intent) => sum + intent.amount_received, 0);
      expect(received).toBe(paid * 100);

      // The ledger: every booking sums to zero, and this one's provider balance is what was paid.
      const books = await withStoppedServer(async (db) => {
        const unbalanced = await db.execute<{ booking_id: string; total: number }>(sql`
          select x.booking_id, sum(e.amount)::int as total from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
          where x.booking_id is not null group by x.booking_id having sum(e.amount) <> 0`);
        const [provider] = (
          await db.execute<{ total: number }>(sql`
          select coalesce(sum(e.amount), 0)::int as total from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
          where x.booking_id = ${booking.id} and e.account = 'provider_balance'`)
        ).rows;
        const shares = (
          await db.execute<{ status: string; share: number }>(sql`
          select status, (amount - coalesce(service_fee, 0))::int as share from payments
          where booking_id = ${booking.id} and kind = 'period' and status <> 'cancelled' order by sequence`)
        ).rows;
        return { unbalanced: unbalanced.rows, provider: Number(provider?.total ?? 0), shares };
      });
      expect(books.unbalanced).toEqual([]);
      expect(Math.abs(books.provider)).toBe(paid);

      // The host's earnings: the paid months' share waits until each month starts, the rest is scheduled.
      const paidShare = books.shares.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + Number(row.share), 0);
      const scheduledShare = books.shares.filter((row) => row.status !== 'succeeded').reduce((sum, row) => sum + Number(row.share), 0);
      const earningsAfter = await getJson<HostEarnings>(host, '/api/host/earnings');
      expect(earningsAfter.waiting - earningsBefore.waiting).toBe(paidShare);
      expect(earningsAfter.scheduled - earningsBefore.scheduled).toBe(scheduledShare);
      expect(earningsAfter.due).toBe(earningsBefore.due);
      // The admin's payouts say the same of this host: owed the paid months' share, none of it payable yet.
      const payoutAfter = await payoutsOf();
      expect((payoutAfter?.payable ?? 0) - (payoutBefore?.payable ?? 0)).toBe(paidShare);
      expect(payoutAfter?.due ?? 0).toBe(earningsAfter.due);
      expect(payoutAfter?.feesOwed ?? 0).toBe(payoutBefore?.feesOwed ?? 0);

      await guest.close();
      await host.close();
      await admin.close();
    }, 400_000);
  });
});
