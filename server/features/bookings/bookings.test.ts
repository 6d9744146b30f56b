import { subletMonths } from '../../../core/quote.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRateLimits, maxPendingRequestsPerGuest } from '../../../core/booking-rules.ts';
import { addDaysIso, today } from '../../../core/dates.ts';
import { bookings, listingBlocks, listingPriceRules, outgoingMail, users } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { clearOfWindowEdge, createTestContext, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { runBookingJobs } from './use-cases/run-booking-jobs.ts';

// Hotels book at once for a verified guest (instant booking, the factories' default for hotels).
const verified = { profile: { idVerificationStatus: 'verified' as const } };

describe('bookings', () => {
  let t: TestContext;
  let guest: string;
  let otherGuest: string;
  let host: string;
  let stranger: string;
  let hostId: string;

  // Each request from its own address, so the per-IP rate limit only meets the test written for it.
  let requests = 0;
  const book = (cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/bookings',
      payload: body,
      headers,
      remoteAddress: `10.9.${Math.floor(++requests / 250)}.${requests % 250}`,
    });
  const act = (cookie: string, id: string, action: string) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/${action}` });

  /** A home open from tomorrow for a year, any stay from 1 to 365 days. */
  const home = (type: 'sublet' | 'rental' = 'sublet', overrides: Parameters<typeof createProperty>[1] = {}) =>
    createProperty(t.db, {
      propertyType: type,
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
      ...overrides,
    });

  /** A new signed-in guest: each account may only make so many booking attempts an hour. */
  let guestCount = 0;
  const newGuest = async () => {
    const email = `guest-${++guestCount}@example.com`;
    await createUser(t.db, { email, ...verified });
    return signIn(t.app, email);
  };

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host' })).id;
    await createUser(t.db, { email: 'guest@example.com', ...verified });
    await createUser(t.db, { email: 'other@example.com', ...verified });
    await createUser(t.db, { email: 'stranger@example.com', ...verified });
    host = await signIn(t.app, 'host@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    otherGuest = await signIn(t.app, 'other@example.com');
    stranger = await signIn(t.app, 'stranger@example.com');
  });
  afterAll(() => t.close());

  it('refuses with 400 stay_total_too_high a total beyond ₪999,999 (₪1,000,000 a night × 8 rooms × 365 nights), never a 500', async () => {
    const palace = await createProperty(t.db, {
      propertyType: 'hotel',
      hostId,
      pricePerNight: 500,
      roomCount: 8,
      maxGuests: 4,
      maxStayDays: 365,
      availableFrom: null,
      availableUntil: null,
    });
    await t.db
      .insert(listingPriceRules)
      .values({ propertyId: palace.id, startDate: daysFromNow(1), endDate: daysFromNow(500), price: 1_000_000 });
    const guestOfPalace = await newGuest();
    const year = await book(guestOfPalace, { propertyId: palace.id, checkIn: daysFromNow(10), checkOut: daysFromNow(375), rooms: 8 });
    expect([year.statusCode, year.json().error.code]).toEqual([400, 'stay_total_too_high']);
    // One night of one room: ₪1,000,000 and the fee, still beyond what a stay may cost.
    const night = await book(guestOfPalace, { propertyId: palace.id, checkIn: daysFromNow(10), checkOut: daysFromNow(11) });
    expect([night.statusCode, night.json().error.code]).toEqual([400, 'stay_total_too_high']);
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, palace.id))).toEqual([]);
  });

  it('prices each type on the server: nights × rooms, months by 30 days, weeks by 7, the fee at the commission for the type, rounded', async () => {
    const hotel = await createProperty(t.db, {
      propertyType: 'hotel',
      hostId,
      pricePerNight: 455,
      roomCount: 5,
      availableFrom: null,
      availableUntil: null,
    });
    const hotelStay = await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(10), checkOut: daysFromNow(13), rooms: 2 });
    expect(hotelStay.statusCode).toBe(201);
    // 3 nights × 2 rooms × 455 = 2730; a hotel's fee is 12 % (defaultCommissionRates): 328.
    expect(hotelStay.json()).toMatchObject({
      status: 'confirmed',
      rooms: 2,
      subtotal: 2730,
      serviceFee: 328,
      total: 3058,
      expiresAt: null,
    });

    const sublet = await home('sublet', { pricePerMonth: 6005 });
    const subletStay = await book(guest, { propertyId: sublet.id, checkIn: daysFromNow(5), checkOut: daysFromNow(50) });
    // 45 days: a month from check-in and the rest of the next by its nights (issue 37 item 9); a sublet's fee is 8 %.
    const months = subletMonths(daysFromNow(5), daysFromNow(50), 45);
    expect(months).toBeGreaterThan(1.4);
    expect(months).toBeLessThan(1.55);
    const subletSubtotal = Math.round(months * 6005);
    expect(subletStay.json()).toMatchObject({
      status: 'pending',
      subtotal: subletSubtotal,
      serviceFee: Math.round(subletSubtotal * 0.08),
      total: subletSubtotal + Math.round(subletSubtotal * 0.08),
    });
    // Under 28 nights a sublet still pays its whole month.
    const shortSublet = await home('sublet', { pricePerMonth: 6005 });
    const shortStay = await book(guest, { propertyId: shortSublet.id, checkIn: daysFromNow(5), checkOut: daysFromNow(25) });
    expect(shortStay.json()).toMatchObject({ subtotal: 6005, serviceFee: 480, total: 6485 });
    expect(Date.parse(subletStay.json().expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const rental = await home('rental', { pricePerWeek: 2500 });
    const rentalStay = await book(guest, {
      propertyId: rental.id,
      checkIn: daysFromNow(5),
      checkOut: daysFromNow(15),
      leaseOption: '1 month',
    });
    // 10 days → 2 weeks.
    expect(rentalStay.json()).toMatchObject({ status: 'pending', subtotal: 5000, serviceFee: 500, total: 5500, leaseOption: '1 month' });
  });

  it('checks the stay on the server', async () => {
    const listing = await home('sublet', { minStayDays: 30, maxStayDays: 90, availableUntil: daysFromNow(200), maxGuests: 3 });
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 2, maxGuests: 2 });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ propertyId: listing.id, checkIn: daysFromNow(40), checkOut: daysFromNow(40) }, 400, 'check_out_not_after_check_in'],
      // Yesterday in Israel is inside the date horizon and named by the stay rules; before it, the contract refuses.
      [{ propertyId: listing.id, checkIn: addDaysIso(today(), -1), checkOut: daysFromNow(40) }, 400, 'check_in_in_past'],
      [{ propertyId: listing.id, checkIn: daysFromNow(-3), checkOut: daysFromNow(40) }, 400, 'validation_failed'],
      [{ propertyId: listing.id, checkIn: daysFromNow(150), checkOut: daysFromNow(210) }, 400, 'outside_availability'],
      [{ propertyId: listing.id, checkIn: daysFromNow(5), checkOut: daysFromNow(20) }, 400, 'stay_too_short'],
      [{ propertyId: listing.id, checkIn: daysFromNow(5), checkOut: daysFromNow(120) }, 400, 'stay_too_long'],
      [{ propertyId: hotel.id, checkIn: daysFromNow(5), checkOut: daysFromNow(7), rooms: 3 }, 400, 'too_many_rooms'],
      // A home takes its maxGuests; a hotel maxGuests per room.
      [{ propertyId: listing.id, checkIn: daysFromNow(5), checkOut: daysFromNow(40), guests: 4 }, 400, 'too_many_guests'],
      [{ propertyId: hotel.id, checkIn: daysFromNow(5), checkOut: daysFromNow(7), rooms: 1, guests: 3 }, 400, 'too_many_guests'],
      [{ propertyId: 999_999, checkIn: daysFromNow(5), checkOut: daysFromNow(40) }, 404, 'listing_not_found'],
      [{ propertyId: listing.id, checkIn: '2030-02-30', checkOut: daysFromNow(40) }, 400, 'validation_failed'],
      [{ propertyId: listing.id, checkIn: daysFromNow(5) }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const response = await book(guest, body);
      expect([response.statusCode, response.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(
      (await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(5), checkOut: daysFromNow(7), rooms: 2, guests: 4 })).statusCode,
    ).toBe(201);
    expect((await book(host, { propertyId: listing.id, checkIn: daysFromNow(5), checkOut: daysFromNow(40) })).json().error.code).toBe(
      'own_listing',
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'x-requested-with': 'fetch' },
      payload: { propertyId: listing.id, checkIn: daysFromNow(5), checkOut: daysFromNow(40) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never double-books a home: overlaps get 409, a stay may start on the check-out day of another', async () => {
    const listing = await home();
    const first = await book(guest, { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(30) });
    expect(first.statusCode).toBe(201);
    for (const [checkIn, checkOut] of [
      [19, 21],
      [29, 31],
      [22, 25],
      [10, 40],
      [20, 30],
    ] as const) {
      const clash = await book(otherGuest, { propertyId: listing.id, checkIn: daysFromNow(checkIn), checkOut: daysFromNow(checkOut) });
      expect([clash.statusCode, clash.json().error.code, clash.json().error.message]).toEqual([
        409,
        'dates_unavailable',
        'These dates are no longer available',
      ]);
    }
    expect((await book(otherGuest, { propertyId: listing.id, checkIn: daysFromNow(30), checkOut: daysFromNow(35) })).statusCode).toBe(201);
    expect((await book(await newGuest(), { propertyId: listing.id, checkIn: daysFromNow(15), checkOut: daysFromNow(20) })).statusCode).toBe(
      201,
    );
    // Declined or cancelled requests free their dates.
    expect((await act(host, first.json().id, 'decline')).json().status).toBe('declined');
    expect((await book(await newGuest(), { propertyId: listing.id, checkIn: daysFromNow(22), checkOut: daysFromNow(25) })).statusCode).toBe(
      201,
    );
  });

  it('counts hotel rooms night by night', async () => {
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 2, availableFrom: null, availableUntil: null });
    expect((await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(10), checkOut: daysFromNow(12) })).statusCode).toBe(201);
    expect((await book(otherGuest, { propertyId: hotel.id, checkIn: daysFromNow(11), checkOut: daysFromNow(14) })).statusCode).toBe(201);
    // Night 11 has both rooms taken.
    expect((await book(stranger, { propertyId: hotel.id, checkIn: daysFromNow(9), checkOut: daysFromNow(12) })).statusCode).toBe(409);
    expect((await book(stranger, { propertyId: hotel.id, checkIn: daysFromNow(12), checkOut: daysFromNow(13), rooms: 2 })).statusCode).toBe(
      409,
    );
    expect((await book(stranger, { propertyId: hotel.id, checkIn: daysFromNow(12), checkOut: daysFromNow(13) })).statusCode).toBe(201);
    expect((await book(stranger, { propertyId: hotel.id, checkIn: daysFromNow(14), checkOut: daysFromNow(15), rooms: 2 })).statusCode).toBe(
      201,
    );
  });

  it('refuses nights a host blocked, at homes and hotels, and counts pending and confirmed rooms alike', async () => {
    const guest = await newGuest();
    const listing = await home();
    await t.db.insert(listingBlocks).values({ propertyId: listing.id, startDate: daysFromNow(60), endDate: daysFromNow(62) });
    const blocked = await book(guest, { propertyId: listing.id, checkIn: daysFromNow(55), checkOut: daysFromNow(61) });
    expect([blocked.statusCode, blocked.json().error.code]).toEqual([409, 'dates_unavailable']);
    expect((await book(guest, { propertyId: listing.id, checkIn: daysFromNow(62), checkOut: daysFromNow(64) })).statusCode).toBe(201);

    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 3, availableFrom: null, availableUntil: null });
    const [someone] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'stranger@example.com'));
    await createBooking(t.db, {
      propertyId: hotel.id,
      guestId: someone!.id,
      checkIn: daysFromNow(70),
      checkOut: daysFromNow(72),
      rooms: 1,
      status: 'pending',
      exclusive: false,
    });
    await createBooking(t.db, {
      propertyId: hotel.id,
      guestId: someone!.id,
      checkIn: daysFromNow(71),
      checkOut: daysFromNow(73),
      rooms: 1,
      status: 'confirmed',
      exclusive: false,
    });
    await t.db.insert(listingBlocks).values({ propertyId: hotel.id, startDate: daysFromNow(80), endDate: daysFromNow(81) });
    expect((await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(79), checkOut: daysFromNow(81) })).statusCode).toBe(409);
    // Night 71 has one room left of three.
    expect((await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(70), checkOut: daysFromNow(72), rooms: 2 })).statusCode).toBe(
      409,
    );
    expect((await book(guest, { propertyId: hotel.id, checkIn: daysFromNow(72), checkOut: daysFromNow(74), rooms: 2 })).statusCode).toBe(
      201,
    );
    expect(
      (await book(await newGuest(), { propertyId: hotel.id, checkIn: daysFromNow(70), checkOut: daysFromNow(72), rooms: 1 })).statusCode,
    ).toBe(201);
  });

  it('answers a retried request with the same booking (Idempotency-Key)', async () => {
    const guest = await newGuest();
    const listing = await home();
    const body = { propertyId: listing.id, checkIn: daysFromNow(40), checkOut: daysFromNow(45) };
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await book(guest, body, headers);
    const again = await book(guest, body, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    const other = await book(guest, { ...body, checkOut: daysFromNow(46) }, headers);
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'idempotency_key_reused']);
    // Keys belong to their guest: another guest's same key is a new request (here refused: the dates are held).
    expect((await book(otherGuest, body, headers)).statusCode).toBe(409);
  });

  it('lets only the host answer, the two of them cancel, and nobody else see the booking', async () => {
    const listing = await home();
    const request = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(60), checkOut: daysFromNow(70) })).json();
    expect((await act(guest, request.id, 'accept')).statusCode).toBe(403);
    expect((await act(stranger, request.id, 'accept')).statusCode).toBe(404);
    expect((await act(stranger, request.id, 'cancel')).statusCode).toBe(404);
    const accepted = await act(host, request.id, 'accept');
    expect(accepted.json().status).toBe('confirmed');
    // Guest and host hear of each change, in their own language.
    const mails = await t.db.select({ to: outgoingMail.toAddress, subject: outgoingMail.subject }).from(outgoingMail);
    const about = mails.filter((mail) => mail.subject.endsWith(': Test sublet apartment'));
    expect(about).toEqual(
      expect.arrayContaining([
        { to: 'host@example.com', subject: 'New booking request: Test sublet apartment' },
        { to: 'guest@example.com', subject: 'Request sent: Test sublet apartment' },
        { to: 'guest@example.com', subject: 'Booking confirmed: Test sublet apartment' },
      ]),
    );
    expect((await act(host, request.id, 'accept')).json().error.code).toBe('booking_state_changed');
    expect((await act(host, request.id, 'decline')).statusCode).toBe(409);

    const mine = (await injectAs(t.app, guest, { method: 'GET', url: '/api/bookings' })).json().bookings;
    expect(mine.find((b: { id: string }) => b.id === request.id)).toMatchObject({
      propertyTitle: 'Test sublet apartment',
      location: expect.stringMatching(/^Test City/),
      hostFirstName: expect.any(String),
      status: 'confirmed',
    });
    const hebrew = (await injectAs(t.app, guest, { method: 'GET', url: '/api/bookings?lang=he' })).json().bookings;
    expect(hebrew.find((b: { id: string }) => b.id === request.id).propertyTitle).toBe('דירת סאבלט לבדיקה');
    const theirs = (await injectAs(t.app, stranger, { method: 'GET', url: '/api/bookings' })).json().bookings;
    expect(theirs.map((b: { id: string }) => b.id)).not.toContain(request.id);
    const incoming = (await injectAs(t.app, host, { method: 'GET', url: '/api/host/bookings' })).json().bookings;
    expect(incoming.find((b: { id: string }) => b.id === request.id)).toMatchObject({ status: 'confirmed' });

    expect((await act(guest, request.id, 'cancel')).json().status).toBe('cancelled');
    expect((await act(host, request.id, 'cancel')).statusCode).toBe(409);
    expect((await act(guest, 'not-a-uuid', 'cancel')).statusCode).toBe(400);
  });

  it('expires unanswered requests after 24 hours (freeing the dates) and completes stays after check-out', async () => {
    const guest = await newGuest();
    const listing = await home();
    const request = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(80), checkOut: daysFromNow(90) })).json();
    // A late answer finds the request gone.
    await t.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, request.id));
    expect((await act(host, request.id, 'accept')).statusCode).toBe(409);
    // Its dates are free again even before the job runs.
    expect((await book(otherGuest, { propertyId: listing.id, checkIn: daysFromNow(80), checkOut: daysFromNow(90) })).statusCode).toBe(201);
    const [expired] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, request.id));
    expect(expired?.status).toBe('expired');

    const stay = (await book(guest, { propertyId: listing.id, checkIn: daysFromNow(100), checkOut: daysFromNow(102) })).json();
    await act(host, stay.id, 'accept');
    await runBookingJobs(t.db, new Date(Date.now() + 103 * 86_400_000));
    const [completed] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, stay.id));
    expect(completed?.status).toBe('completed');
  });

  it('lets a guest wait on at most 5 requests, one per place; answered, cancelled and expired ones free a slot', async () => {
    await createUser(t.db, { email: 'squatter@example.com', ...verified });
    const squatter = await signIn(t.app, 'squatter@example.com');
    const homes = await Promise.all(Array.from({ length: 7 }, () => home()));
    const request = (listingId: number, from = 200) =>
      book(squatter, { propertyId: listingId, checkIn: daysFromNow(from), checkOut: daysFromNow(from + 5) });
    const first = await request(homes[0]!.id);
    expect(first.statusCode).toBe(201);
    const again = await request(homes[0]!.id, 220);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'pending_request_exists']);
    for (const listing of homes.slice(1, 5)) expect((await request(listing.id)).statusCode).toBe(201);
    const sixth = await request(homes[5]!.id);
    expect([sixth.statusCode, sixth.json().error.code]).toEqual([409, 'too_many_pending_requests']);
    // An instant booking (a hotel's, the guest being verified) holds no request: no limit on it here.
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 2, availableFrom: null, availableUntil: null });
    expect((await book(squatter, { propertyId: hotel.id, checkIn: daysFromNow(200), checkOut: daysFromNow(201) })).statusCode).toBe(201);
    // A cancelled request frees its slot, and so does one past its deadline.
    expect((await act(squatter, first.json().id, 'cancel')).statusCode).toBe(200);
    expect((await request(homes[5]!.id)).statusCode).toBe(201);
    const [squatterRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'squatter@example.com'));
    await t.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(bookings.guestId, squatterRow!.id), eq(bookings.propertyId, homes[1]!.id)));
    // ...at the same place too.
    expect((await request(homes[1]!.id, 230)).statusCode).toBe(201);
    expect((await request(homes[6]!.id)).json().error.code).toBe('too_many_pending_requests');
  });

  it('books at once where the host turned instant booking on, for a verified guest only; otherwise sends a request', async () => {
    await createUser(t.db, { email: 'unverified@example.com' });
    const unverified = await signIn(t.app, 'unverified@example.com');
    const verifiedGuest = await newGuest();
    for (const type of ['sublet', 'rental'] as const) {
      const instant = await home(type, { instantBooking: true });
      const stay = { propertyId: instant.id, checkIn: daysFromNow(40), checkOut: daysFromNow(70) };
      // An unverified guest still asks: the host has not let strangers in unchecked.
      const asked = await book(unverified, stay);
      expect([asked.statusCode, asked.json().status, asked.json().expiresAt === null]).toEqual([201, 'pending', false]);
      expect((await act(unverified, asked.json().id, 'cancel')).statusCode).toBe(200);
      const booked = await book(verifiedGuest, stay);
      expect([booked.statusCode, booked.json().status, booked.json().expiresAt]).toEqual([201, 'confirmed', null]);
      // The dates are taken at once: nobody else may request them.
      expect((await book(otherGuest, stay)).json().error.code).toBe('dates_unavailable');
    }
    // Without instant booking even a verified guest's stay is a request, at a hotel too.
    const askFirst = await home('sublet');
    const hotel = await createProperty(t.db, {
      propertyType: 'hotel',
      hostId,
      instantBooking: false,
      roomCount: 3,
      availableFrom: null,
      availableUntil: null,
    });
    expect(
      (await book(verifiedGuest, { propertyId: askFirst.id, checkIn: daysFromNow(40), checkOut: daysFromNow(70) })).json().status,
    ).toBe('pending');
    expect((await book(verifiedGuest, { propertyId: hotel.id, checkIn: daysFromNow(40), checkOut: daysFromNow(42) })).json().status).toBe(
      'pending',
    );
    // The host is told it is booked, not asked.
    const [mail] = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, 'host@example.com'));
    expect(mail).toBeDefined();
    // The property page says which will happen.
    const page = (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${askFirst.id}` })).json();
    expect(page.instantBooking).toBe(false);
  });

  it('lets only one of many verified guests book the same instant dates at once', async () => {
    const listing = await home('sublet', { instantBooking: true });
    const guests = await Promise.all(Array.from({ length: 6 }, () => newGuest()));
    const answers = await Promise.all(
      guests.map((cookie) => book(cookie, { propertyId: listing.id, checkIn: daysFromNow(100), checkOut: daysFromNow(130) })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(bookings).where(eq(bookings.propertyId, listing.id));
    expect(rows.map((row) => row.status)).toEqual(['confirmed']);
  });

  it('rate-limits booking attempts per account and per IP address, refused attempts included', async () => {
    await clearOfWindowEdge(bookingRateLimits.perAccount.windowMs);
    await createUser(t.db, { email: 'script@example.com' });
    const script = await signIn(t.app, 'script@example.com');
    const listing = await home();
    const attempt = (cookie: string, remoteAddress: string) =>
      injectAs(t.app, cookie, {
        method: 'POST',
        url: '/api/bookings',
        remoteAddress,
        payload: { propertyId: listing.id, checkIn: daysFromNow(5), checkOut: daysFromNow(3) },
      });
    for (let i = 0; i < bookingRateLimits.perAccount.limit; i++) expect((await attempt(script, `10.1.0.${i}`)).statusCode).toBe(400);
    const limited = await attempt(script, '10.1.1.1');
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'too_many_booking_requests']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const accounts = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        await createUser(t.db, { email: `shared-ip-${i}@example.com` });
        return signIn(t.app, `shared-ip-${i}@example.com`);
      }),
    );
    for (let i = 0; i < bookingRateLimits.perIp.limit; i++) expect((await attempt(accounts[i % 3]!, '10.2.0.1')).statusCode).toBe(400);
    const fromSameIp = await attempt(accounts[0]!, '10.2.0.1');
    expect([fromSameIp.statusCode, fromSameIp.json().error.code]).toEqual([429, 'too_many_booking_requests']);
    expect((await attempt(accounts[0]!, '10.2.0.2')).statusCode).toBe(400);
  });

  it.runIf(testDriver === 'postgres')('holds the pending limits under simultaneous requests by one guest', async () => {
    await createUser(t.db, { email: 'racer@example.com' });
    const racer = await signIn(t.app, 'racer@example.com');
    const homes = await Promise.all(Array.from({ length: 10 }, () => home()));
    const responses = await Promise.all(
      homes.map((listing, i) =>
        injectAs(t.app, racer, {
          method: 'POST',
          url: '/api/bookings',
          remoteAddress: `10.3.0.${i}`,
          payload: { propertyId: listing.id, checkIn: daysFromNow(100), checkOut: daysFromNow(110) },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxPendingRequestsPerGuest);
    expect(responses.filter((response) => response.statusCode === 409).map((response) => response.json().error.code)).toEqual(
      Array(10 - maxPendingRequestsPerGuest).fill('too_many_pending_requests'),
    );
    // Five at one place, different dates: one request.
    const [racerRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'racer@example.com'));
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.guestId, racerRow!.id));
    const one = await home();
    const same = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        injectAs(t.app, racer, {
          method: 'POST',
          url: '/api/bookings',
          remoteAddress: `10.4.0.${i}`,
          payload: { propertyId: one.id, checkIn: daysFromNow(100 + i * 10), checkOut: daysFromNow(105 + i * 10) },
        }),
      ),
    );
    expect(same.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.guestId, racerRow!.id), eq(bookings.status, 'pending'))),
    ).toHaveLength(1);
  });

  it.runIf(testDriver === 'postgres')(
    'gives exactly one of 50 simultaneous requests for the same dates, 409 to the rest, never a 5xx',
    async () => {
      const listing = await home();
      const guests = [await newGuest(), await newGuest(), await newGuest()];
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          book(guests[i % guests.length]!, {
            propertyId: listing.id,
            checkIn: daysFromNow(120 + (i % 3)),
            checkOut: daysFromNow(130 + (i % 4)),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      const held = await t.db.select().from(bookings).where(eq(bookings.propertyId, listing.id));
      expect(held).toHaveLength(1);
    },
  );

  it.runIf(testDriver === 'postgres')('fills a hotel exactly to its room count under simultaneous requests', async () => {
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 3, availableFrom: null, availableUntil: null });
    const guests = [await newGuest(), await newGuest(), await newGuest()];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        book(guests[i % 3]!, { propertyId: hotel.id, checkIn: daysFromNow(50), checkOut: daysFromNow(52) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(27);
  });
});
