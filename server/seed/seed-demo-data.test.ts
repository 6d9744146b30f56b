import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { hostFigures, listingArrivalInfo, places, platformSettings, profiles, properties, propertyPhotos, users } from '../db/schema.ts';
import { isSuperHost } from '../../core/super-host.ts';
import { listingFeesSchema } from '../../core/contracts/listings.ts';
import { createLocalStorage, type Storage } from '../storage/storage.ts';
import { verifyPassword } from '../features/auth/passwords.ts';
import { createTestContext, injectAs, openTestDatabase, signIn, type TestContext } from '../test/test-app.ts';
import { createBooking, createPlace, createProperty, createPropertyPhoto, createReview, createUser } from './factories.ts';
import { generatePhotoArt } from './photo-art.ts';
import { seedDemoData } from './seed-demo-data.ts';
import { unbalancedBookings } from '../features/payments/ledger-repository.ts';

const hebrewLetter = /[\u05d0-\u05ea]/;
/** db.execute answers { rows } on both drivers; the shared Database type leaves it unknown. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('seedDemoData', { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  let storage: Storage;
  let storageDir: string;
  let result: { places: number; listings: number; users: number };

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'lina-seed-'));
    storage = createLocalStorage(storageDir);
    // An in-memory PGlite, or a fresh PostgreSQL database when the suite runs with TEST_DB=postgres.
    ({ database: handle, drop } = await openTestDatabase());
    // The seed's speed (npm start on a fresh clone) is not asserted here: timed tests fail on a loaded
    // machine; the e2e set-up prints how long a fresh server with demo data took to be ready.
    result = await seedDemoData(handle.db, storage, new Date('2025-06-01T10:00:00Z'));
  }, 120_000);

  afterAll(async () => {
    await drop?.();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it('inserts the gazetteer with names in both languages', async () => {
    const rows = await handle.db.select().from(places);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(result.places).toBe(rows.length);
    for (const place of rows) {
      expect(place.nameEn.trim()).not.toBe('');
      expect(place.nameHe).toMatch(hebrewLetter);
    }
    const bySlug = new Map(rows.map((p) => [p.slug, p]));
    expect(bySlug.get('tel-aviv')?.nameHe).toBe('תל אביב');
    expect(bySlug.get('florentin')?.parentId).toBe(bySlug.get('tel-aviv')?.id);
    expect(bySlug.get('tel-aviv')?.parentId).toBe(bySlug.get('tel-aviv-district')?.id);
  });

  it('inserts hundreds of approved listings of all three types with bilingual titles', async () => {
    const rows = await handle.db.select().from(properties);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(result.listings).toBe(rows.length);
    const types = new Set(rows.map((r) => r.propertyType));
    expect([...types].sort()).toEqual(['hotel', 'rental', 'sublet']);
    for (const r of rows) {
      expect(r.status).toBe('approved');
      expect(r.titleEn.trim()).not.toBe('');
      expect(r.titleHe).toMatch(hebrewLetter);
      expect(r.descriptionHe).toMatch(hebrewLetter);
      // A Hebrew street address, street then number ('דיזנגוף 12, תל אביב'), every street translated (issue 41, item 5).
      expect(r.addressHe).toMatch(/^[^A-Za-z]+ \d+, [^A-Za-z]+$/);
      if (r.propertyType === 'hotel') {
        expect(r.pricePerNight).toBeGreaterThanOrEqual(250);
        expect(r.swapAvailable).toBe(false);
      }
      if (r.propertyType === 'sublet') expect(r.pricePerMonth).toBeGreaterThanOrEqual(3000);
      if (r.propertyType === 'rental') expect(r.pricePerWeek).toBeGreaterThanOrEqual(1200);
      expect(r.houseRules.includes('pets_allowed')).toBe(r.petFriendly);
    }
  });

  it('gives the listings fees and policies as hosts set them, within what a host may set', async () => {
    const rows = await handle.db.select().from(properties);
    const of = (type: string) => rows.filter((row) => row.propertyType === type);
    for (const row of rows) {
      expect(listingFeesSchema.safeParse(row).success, `listing ${row.id}`).toBe(true);
      if (row.guestsIncluded !== null) expect(row.guestsIncluded).toBeLessThanOrEqual(row.maxGuests);
    }
    for (const hotel of of('hotel')) expect([hotel.cleaningFee, hotel.securityDeposit, hotel.extraGuestFee]).toEqual([0, 0, 0]);
    const rentals = of('rental');
    const share = (list: typeof rows, test: (row: (typeof rows)[number]) => boolean) => list.filter(test).length / list.length;
    expect(share(rentals, (row) => row.cleaningFee >= 150 && row.cleaningFee <= 400)).toBeGreaterThan(0.6);
    expect(share(rentals, (row) => row.securityDeposit >= 500 && row.securityDeposit <= 2000)).toBeGreaterThan(0.6);
    expect(share(rentals, (row) => row.weeklyDiscountPercent > 0)).toBeGreaterThan(0.1);
    expect(share(rentals, (row) => row.monthlyDiscountPercent > 0)).toBeGreaterThan(0.1);
    expect(share(rentals, (row) => row.extraGuestFee > 0 && row.guestsIncluded !== null)).toBeGreaterThan(0.05);
    expect(new Set(rows.filter((row) => row.propertyType !== 'sublet').map((row) => row.cancellationPolicy))).toEqual(
      new Set(['flexible', 'moderate', 'strict']),
    );
  });

  it('gives every listing arrival information in both languages (issue 41, item 1)', async () => {
    const rows = await handle.db.select().from(listingArrivalInfo);
    expect(rows).toHaveLength(result.listings);
    for (const row of rows) {
      expect(row.checkInInstructionsEn).toMatch(/^[A-Z]/);
      expect(row.checkInInstructionsHe).toMatch(/[\u0590-\u05FF]/);
      expect(row.houseManualEn).not.toBe('');
      expect(row.houseManualHe).toMatch(/[\u0590-\u05FF]/);
      expect(row.wifiName).not.toBe('');
      expect(row.wifiPassword).not.toBe('');
    }
  });

  it('gives every listing a photo that exists in storage', async () => {
    const photos = await handle.db.select().from(propertyPhotos);
    const covered = new Set(photos.map((p) => p.propertyId));
    const count = await handle.db.select({ n: sql<number>`count(*)::int` }).from(properties);
    expect(covered.size).toBe(count[0]!.n);
    const keys = new Set(photos.map((p) => p.storageKey));
    for (const key of keys) expect(await storage.exists(key), key).toBe(true);
  });

  it('creates the demo accounts with the right roles', async () => {
    const rows = await handle.db
      .select({
        email: users.email,
        role: users.role,
        hash: users.passwordHash,
        firstName: profiles.firstName,
        status: profiles.idVerificationStatus,
      })
      .from(users)
      .innerJoin(profiles, sql`${profiles.userId} = ${users.id}`);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('guest@example.com')).toMatchObject({ role: 'guest', firstName: 'Dana', status: 'unverified' });
    expect(byEmail.get('host@example.com')).toMatchObject({ role: 'host', firstName: 'Yossi', status: 'verified' });
    expect(byEmail.get('admin@example.com')).toMatchObject({ role: 'admin' });
    expect(await verifyPassword('Passw0rd!', byEmail.get('guest@example.com')!.hash)).toBe(true);
    const hosted = await handle.db.execute(
      sql`select count(*)::int as n from properties p join users u on u.id = p.host_id where u.email = 'host@example.com'`,
    );
    expect(Number(rowsOf<{ n: number }>(hosted)[0]!.n)).toBeGreaterThanOrEqual(8);
  });

  it('keeps ratings in line with the reviews', async () => {
    const mismatches = await handle.db.execute(sql`
      select p.id from properties p
      left join (select property_id, avg(rating) as average, count(*)::int as n from reviews
        where visible_at <= '2025-06-01T10:00:00Z' group by property_id) r
        on r.property_id = p.id
      where p.review_count <> coalesce(r.n, 0)
         or (r.n is null and p.rating_average is not null)
         or (r.n is not null and abs(p.rating_average - r.average) > 0.01)
    `);
    expect(rowsOf(mismatches)).toEqual([]);
    const reviewed = await handle.db.execute(sql`select count(*)::int as n from properties where review_count > 0`);
    expect(Number(rowsOf<{ n: number }>(reviewed)[0]!.n)).toBeGreaterThan(20);
  });

  it('has hosts who earn super-host from their seeded stays, requests and reviews, computed like anyone else', async () => {
    const rows = await handle.db.select().from(hostFigures);
    const superHosts = rows.filter((figures) => isSuperHost(figures));
    expect(superHosts.length).toBeGreaterThanOrEqual(3);
    // Not everyone: the title means something.
    expect(superHosts.length).toBeLessThan(rows.length / 2);
    for (const figures of superHosts) expect(figures.requestsAsked).toBeGreaterThanOrEqual(5);
    expect(rows.some((figures) => figures.responseMinutes !== null)).toBe(true);
  });

  it('publishes reviews by the two-way rule and leaves the demo guest recent stays nobody reviewed yet', async () => {
    const early = rowsOf(
      await handle.db.execute(sql`
        select r.id from reviews r join guest_reviews g on g.booking_id = r.booking_id
        where r.visible_at <> g.visible_at`),
    );
    expect(early).toEqual([]);
    const fromHosts = rowsOf<{ n: number }>(
      await handle.db.execute(sql`
        select count(*)::int as n from guest_reviews g join users u on u.id = g.guest_id
        where u.email = 'guest@example.com' and g.visible_at <= '2025-06-01T10:00:00Z'`),
    );
    expect(Number(fromHosts[0]!.n)).toBeGreaterThan(3);
    const open = rowsOf<{ n: number }>(
      await handle.db.execute(sql`
        select count(*)::int as n from bookings b join users u on u.id = b.guest_id
        join properties p on p.id = b.property_id join users h on h.id = p.host_id
        where u.email = 'guest@example.com' and h.email = 'host@example.com' and b.status = 'completed'
          and b.check_out >= '2025-05-25'
          and not exists (select 1 from reviews r where r.booking_id = b.id)
          and not exists (select 1 from guest_reviews g where g.booking_id = b.id)`),
    );
    expect(Number(open[0]!.n)).toBeGreaterThanOrEqual(3);
  });

  it('gives the demo host requests to answer, one with a question from the guest', async () => {
    const rows = rowsOf<{ status: string; expires_at: string | null; messages: number }>(
      await handle.db.execute(sql`
        select b.status, b.expires_at, (select count(*)::int from booking_messages m where m.booking_id = b.id) as messages
        from bookings b join properties p on p.id = b.property_id join users u on u.id = p.host_id
        where u.email = 'host@example.com' and b.check_in > '2025-06-01'`),
    );
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    expect(rows.reduce((sum, r) => sum + Number(r.messages), 0)).toBe(1);
    for (const r of rows.filter((row) => row.status === 'pending'))
      expect(new Date(r.expires_at!).getTime()).toBeGreaterThan(Date.parse('2025-06-01T10:00:00Z'));
  });

  it('numbers the receipts of confirmed and completed stays in the order they were confirmed, and books their fees', async () => {
    const stays = rowsOf<{
      id: string;
      receipt_number: number | null;
      service_fee: number;
      fee: number | null;
      host_id: string;
      tx_host: string | null;
    }>(
      await handle.db.execute(sql`select b.id, b.receipt_number, b.service_fee, p.host_id, t.host_id as tx_host,
          (select sum(e.amount)::int from ledger_entries e where e.transaction_id = t.id and e.account = 'host_owes_fees') as fee
        from bookings b join properties p on p.id = b.property_id left join ledger_transactions t on t.key = 'fee:' || b.id
        where b.status in ('confirmed', 'completed') order by coalesce(b.decided_at, b.created_at), b.id`),
    );
    expect(stays.length).toBeGreaterThan(100);
    const numbers = stays.map((stay) => stay.receipt_number);
    expect(numbers.every((n) => n !== null && n > 1000)).toBe(true);
    expect(numbers).toEqual([...numbers].sort((a, b) => a! - b!));
    expect(new Set(numbers).size).toBe(numbers.length);
    // Stays paid period by period (the demo's three long stays) book their money per period instead: below.
    const byPeriod = new Set(
      rowsOf<{ booking_id: string }>(await handle.db.execute(sql`select distinct booking_id from payments where kind = 'period'`)).map(
        (row) => row.booking_id,
      ),
    );
    expect(byPeriod.size).toBe(3);
    for (const stay of stays.filter((s) => !byPeriod.has(s.id))) expect([stay.fee, stay.tx_host]).toEqual([stay.service_fee, stay.host_id]);
    for (const id of byPeriod) expect(stays.find((stay) => stay.id === id)?.fee).toBeNull();
    // Each paid period has its own movement, keyed by its row, for the fee or capture it recorded.
    const paidPeriods = rowsOf<{ ledger_key: string | null; receipt_number: number | null; tx: string | null }>(
      await handle.db.execute(sql`select p.ledger_key, p.receipt_number, t.key as tx from payments p
        left join ledger_transactions t on t.key = p.ledger_key where p.kind = 'period' and p.status = 'succeeded'`),
    );
    expect(paidPeriods).toHaveLength(3);
    for (const period of paidPeriods) expect(period.tx).toBe(period.ledger_key);
    expect(await unbalancedBookings(handle.db)).toEqual([]);
    const [unbalanced] = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x`,
      ),
    );
    expect(unbalanced!.n).toBe(0);
  });

  it('stores the platform settings', async () => {
    const rows = await handle.db.select().from(platformSettings);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(byKey).toMatchObject({
      launch_mode: 'prelaunch',
      auto_approve_verified_hosts: false,
      commission_rates: { hotel: 0.12, sublet: 0.08, rental: 0.1 },
    });
  });

  it('has factories that make valid rows', async () => {
    const host = await createUser(handle.db, { role: 'host' });
    const city = await createPlace(handle.db);
    const neighbourhood = await createPlace(handle.db, { kind: 'neighbourhood', parentId: city.id });
    const sublet = await createProperty(handle.db, { propertyType: 'sublet', hostId: host.id, placeId: neighbourhood.id });
    expect(sublet.cityId).toBe(city.id);
    expect(sublet.pricePerMonth).toBeGreaterThan(0);
    await createPropertyPhoto(handle.db, { propertyId: sublet.id });
    const booking = await createBooking(handle.db, { propertyId: sublet.id });
    expect(booking.subtotal).toBe(sublet.pricePerMonth);
    // A sublet's service fee is the default commission for sublets, 8 %.
    expect(booking.total).toBe(booking.subtotal + Math.round(booking.subtotal * 0.08));
    expect(booking.quote).toMatchObject({ subtotal: booking.subtotal, total: booking.total });
    expect(booking.receiptNumber).toBeGreaterThan(1000);
    await createReview(handle.db, { propertyId: sublet.id, rating: 4 });
    const [after] = await handle.db
      .select()
      .from(properties)
      .where(sql`${properties.id} = ${sublet.id}`);
    expect(after).toMatchObject({ reviewCount: 1, ratingAverage: 4 });
  });
});

/**
 * Issue 37 item 12: whatever day a fresh `npm start` seeds, the demo shows the long-stay and
 * move-in situations, seen through the API as the demo's people see them.
 */
describe('demo long stays and move-in report, seeded today', { timeout: 120_000 }, () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    await seedDemoData(t.db, t.storage);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  const scheduleOf = async (email: string) => {
    const response = await injectAs(t.app, await signIn(t.app, email), { method: 'GET', url: '/api/bookings' });
    expect(response.statusCode).toBe(200);
    const { bookings } = response.json<{
      bookings: {
        id: string;
        status: string;
        money: { paymentMethod: string; schedule: { sequence: number; status: string; provider: string }[] };
      }[];
    }>();
    return bookings.filter((booking) => booking.money.schedule.length > 0);
  };

  it('gives the demo guest an ongoing card sublet with a paid, a failed and upcoming periods', async () => {
    const [sublet, ...others] = await scheduleOf('guest@example.com');
    expect(others).toEqual([]);
    expect(sublet).toMatchObject({ status: 'confirmed', money: { paymentMethod: 'card' } });
    const statuses = sublet!.money.schedule.map((period) => period.status);
    expect(statuses).toEqual(['succeeded', 'failed', 'scheduled', 'scheduled']);
    expect(new Set(sublet!.money.schedule.map((period) => period.provider))).toEqual(new Set(['stripe']));
    const [failed] = rowsOf<{ failure_code: string; attempts: number; next_attempt_on: string | null }>(
      await t.db.execute(sql`select failure_code, attempts, next_attempt_on from payments where kind = 'period' and status = 'failed'`),
    );
    expect(failed).toMatchObject({ failure_code: 'card_declined', attempts: 1 });
  });

  it('has a rental paid to the host month by month with one period overdue', async () => {
    const [rental] = await scheduleOf('noam.friedman@example.com');
    expect(rental).toMatchObject({ status: 'confirmed', money: { paymentMethod: 'on_arrival' } });
    expect(rental!.money.schedule.map((period) => [period.status, period.provider])).toEqual([
      ['succeeded', 'direct'],
      ['overdue', 'direct'],
      ['scheduled', 'direct'],
      ['scheduled', 'direct'],
    ]);
  });

  it('shows the admin a host with a payout due and a move-in report waiting', async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const due = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/payouts-due' });
    expect(due.statusCode).toBe(200);
    const hosts = due.json<{ hosts: { email: string; due: number }[] }>().hosts;
    expect(hosts.filter((host) => host.due > 0).length).toBeGreaterThanOrEqual(1);
    const queue = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/move-in-reports' });
    expect(queue.statusCode).toBe(200);
    const open = queue
      .json<{ reports: { status: string; checkIn: string; bookingStatus: string }[] }>()
      .reports.filter((r) => r.status === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ bookingStatus: 'confirmed' });
    // The stay began within the last day (Israel's today, or yesterday late in the UTC evening).
    expect(Date.now() - Date.parse(`${open[0]!.checkIn}T00:00:00+03:00`)).toBeLessThan(2 * 86_400_000);
  });

  it("shows a host's paid first month of a sublet ahead as an upcoming payout, waiting, and its later months as scheduled", async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const upcoming = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/finance/upcoming-payouts' });
    expect(upcoming.statusCode).toBe(200);
    const payouts = upcoming.json<{ payouts: { email: string; sequence: number; state: string; amount: number; payableAt: string }[] }>()
      .payouts;
    // The sublet's first period; at the demo host's when one of theirs was free.
    const host = payouts.filter((payout) => payout.state === 'waiting');
    expect(host).toHaveLength(1);
    expect(host[0]).toMatchObject({ sequence: 0 });
    expect(host[0]!.amount).toBeGreaterThan(0);
    expect(Date.parse(host[0]!.payableAt)).toBeGreaterThan(Date.now() + 10 * 86_400_000);

    const earnings = await injectAs(t.app, await signIn(t.app, host[0]!.email), { method: 'GET', url: '/api/host/earnings' });
    expect(earnings.statusCode).toBe(200);
    const { waiting, scheduled } = earnings.json<{ waiting: number; scheduled: number }>();
    expect(waiting).toBeGreaterThanOrEqual(host[0]!.amount);
    // Its second and third months are the guest's to pay on their days.
    expect(scheduled).toBeGreaterThan(host[0]!.amount);
  });

  it("keeps every booking's ledger balanced", async () => {
    expect(await unbalancedBookings(t.db)).toEqual([]);
  });
});

describe('photo art', () => {
  it('makes 36 distinct standalone SVGs without scripts or external references', () => {
    const art = generatePhotoArt();
    expect(art.length).toBe(36);
    expect(new Set(art.map((a) => a.svg)).size).toBe(36);
    for (const a of art) {
      expect(a.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"')).toBe(true);
      expect(a.svg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
      expect(a.altHe).toMatch(hebrewLetter);
    }
  });
});
