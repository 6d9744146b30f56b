import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ListingCard } from '../../../core/contracts/search.ts';
import { listingBlocks, platformSettings, properties } from '../../db/schema.ts';
import { createBooking, createProperty, createPropertyPhoto, createReview, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('listings', () => {
  let t: TestContext;
  let guest: string;
  let hostId: string;

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host', firstName: 'Noa' })).id;
    await createUser(t.db, { email: 'guest@example.com' });
    guest = await signIn(t.app, 'guest@example.com');
  });
  afterAll(() => t.close());

  it('is for signed-in users before launch', async () => {
    const listing = await createProperty(t.db, { hostId });
    expect((await t.app.inject({ method: 'GET', url: `/api/properties/${listing.id}` })).statusCode).toBe(401);
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}` })).statusCode).toBe(200);
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    expect((await t.app.inject({ method: 'GET', url: `/api/properties/${listing.id}` })).statusCode).toBe(200);
  });

  it('shows a listing with its photos, host card and reviews, in the asked language', async () => {
    const listing = await createProperty(t.db, { propertyType: 'sublet', hostId, titleEn: 'Sea view loft', titleHe: 'לופט מול הים' });
    await createPropertyPhoto(t.db, { propertyId: listing.id, position: 0 });
    await createReview(t.db, { propertyId: listing.id, rating: 4, body: 'Lovely' });
    await createReview(t.db, { propertyId: listing.id, rating: 5, body: 'Perfect' });
    const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}?lang=he` });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: listing.id,
      type: 'sublet',
      title: 'לופט מול הים',
      pricePerMonth: 6000,
      reviewCount: 2,
      ratingAverage: 4.5,
      saved: false,
    });
    expect(detail.photos[0].url).toMatch(/^\/api\/media\/public\//);
    expect(detail.host).toMatchObject({ id: hostId, firstName: 'Noa', reviewCount: 2, ratingAverage: 4.5, superHost: false });
    expect(detail.reviews.map((review: { body: string }) => review.body).sort()).toEqual(['Lovely', 'Perfect']);
  });

  it('lists the photos in their order and the ten latest reviews, newest first, with their dates', async () => {
    const listing = await createProperty(t.db, { hostId });
    for (const position of [2, 0, 1]) {
      await createPropertyPhoto(t.db, { propertyId: listing.id, position, altEn: `photo ${position}` });
    }
    for (let day = 1; day <= 12; day++) {
      await createReview(t.db, { propertyId: listing.id, body: `review ${day}`, createdAt: new Date(Date.UTC(2026, 0, day, 9)) });
    }
    const detail = (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}` })).json();
    expect(detail.photos.map((photo: { alt: string }) => photo.alt)).toEqual(['photo 0', 'photo 1', 'photo 2']);
    expect(detail.photos[0]).toMatchObject({ width: 1200, height: 800 });
    expect(detail.reviews.map((review: { body: string }) => review.body)).toEqual(Array.from({ length: 10 }, (_, i) => `review ${12 - i}`));
    expect(detail.reviews[0].createdAt).toBe('2026-01-12T09:00:00.000Z');
    expect(detail.reviewCount).toBe(12);
  });

  it('marks a host as super-host from real figures, and withdraws it after a host cancellation', async () => {
    const starId = (await createUser(t.db, { email: 'star-host@example.com', role: 'host', firstName: 'Tal' })).id;
    const listing = await createProperty(t.db, { hostId: starId, minStayDays: 2 });
    const hostCard = async () => (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}` })).json().host;
    // Three five-star reviews, each of a completed stay: rating and reviews are there, not yet the stays.
    for (let i = 0; i < 3; i++) await createReview(t.db, { propertyId: listing.id, rating: 5 });
    expect(await hostCard()).toMatchObject({ reviewCount: 3, ratingAverage: 5, superHost: false });
    // Seven more stays, each a request the host answered within two hours (a response rate of 100 %).
    for (let i = 0; i < 7; i++) {
      const requested = new Date(Date.now() - (310 - i * 20) * 86_400_000);
      await createBooking(t.db, {
        propertyId: listing.id,
        status: 'completed',
        checkIn: daysFromNow(-300 + i * 20),
        checkOut: daysFromNow(-295 + i * 20),
        createdAt: requested,
        decidedAt: new Date(requested.getTime() + 2 * 3_600_000),
        expiresAt: new Date(requested.getTime() + 24 * 3_600_000),
      });
    }
    expect(await hostCard()).toMatchObject({ superHost: true, responseRate: 100, responseTimeHours: 2 });

    await createBooking(t.db, {
      propertyId: listing.id,
      status: 'cancelled',
      cancelledBy: starId,
      checkIn: daysFromNow(40),
      checkOut: daysFromNow(45),
    });
    expect((await hostCard()).superHost).toBe(false);
  });

  it('hides listings that are not approved, and answers bad ids with 400', async () => {
    const draft = await createProperty(t.db, { hostId, status: 'draft', publishedAt: null });
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${draft.id}` })).json().error.code).toBe(
      'listing_not_found',
    );
    expect((await injectAs(t.app, guest, { method: 'GET', url: '/api/properties/999999' })).statusCode).toBe(404);
    expect((await injectAs(t.app, guest, { method: 'GET', url: '/api/properties/abc' })).statusCode).toBe(400);
    expect((await injectAs(t.app, guest, { method: 'GET', url: '/api/properties/99999999999' })).statusCode).toBe(400);
  });

  it('answers 410 listing_removed for a listing once published and now paused or suspended, 404 for one never published', async () => {
    const paused = await createProperty(t.db, { hostId, status: 'paused', publishedAt: new Date('2026-01-01T00:00:00Z') });
    const suspended = await createProperty(t.db, { hostId, status: 'suspended', publishedAt: new Date('2026-01-01T00:00:00Z') });
    const rejected = await createProperty(t.db, { hostId, status: 'rejected', publishedAt: null });
    for (const removed of [paused, suspended]) {
      const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${removed.id}?lang=he` });
      expect(response.statusCode).toBe(410);
      expect(response.json().error.code).toBe('listing_removed');
    }
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${rejected.id}` })).statusCode).toBe(404);
  });

  it('lists held stays of a home and full nights of a hotel', async () => {
    const home = await createProperty(t.db, { propertyType: 'rental', hostId });
    await createBooking(t.db, { propertyId: home.id, checkIn: daysFromNow(10), checkOut: daysFromNow(20), status: 'pending' });
    await createBooking(t.db, { propertyId: home.id, checkIn: daysFromNow(30), checkOut: daysFromNow(40), status: 'cancelled' });
    await createBooking(t.db, { propertyId: home.id, checkIn: daysFromNow(-20), checkOut: daysFromNow(-10), status: 'completed' });
    const held = await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${home.id}/held-dates` });
    expect(held.json()).toEqual({ held: [{ checkIn: daysFromNow(10), checkOut: daysFromNow(20) }] });

    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 2 });
    await createBooking(t.db, { propertyId: hotel.id, checkIn: daysFromNow(5), checkOut: daysFromNow(8), rooms: 1 });
    await createBooking(t.db, { propertyId: hotel.id, checkIn: daysFromNow(7), checkOut: daysFromNow(9), rooms: 1 });
    const full = await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${hotel.id}/held-dates` });
    expect(full.json()).toEqual({ held: [{ checkIn: daysFromNow(7), checkOut: daysFromNow(8) }] });
  });

  it('holds blocked nights, pending and confirmed stays, and hotel nights without the rooms asked for', async () => {
    const heldOf = async (id: number, query = '') =>
      (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${id}/held-dates${query}` })).json().held;
    const home = await createProperty(t.db, { propertyType: 'sublet', hostId });
    await createBooking(t.db, { propertyId: home.id, checkIn: daysFromNow(10), checkOut: daysFromNow(12), status: 'pending' });
    await createBooking(t.db, { propertyId: home.id, checkIn: daysFromNow(12), checkOut: daysFromNow(14), status: 'confirmed' });
    // A request nobody answered in time holds nothing, even before the scheduled job marks it expired.
    await createBooking(t.db, {
      propertyId: home.id,
      checkIn: daysFromNow(30),
      checkOut: daysFromNow(32),
      status: 'pending',
      expiresAt: new Date(Date.now() - 1000),
    });
    await t.db.insert(listingBlocks).values({ propertyId: home.id, startDate: daysFromNow(20), endDate: daysFromNow(22) });
    expect(await heldOf(home.id)).toEqual([
      { checkIn: daysFromNow(10), checkOut: daysFromNow(14) },
      { checkIn: daysFromNow(20), checkOut: daysFromNow(22) },
    ]);

    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, roomCount: 3 });
    await createBooking(t.db, { propertyId: hotel.id, checkIn: daysFromNow(5), checkOut: daysFromNow(7), rooms: 2, status: 'confirmed' });
    await createBooking(t.db, { propertyId: hotel.id, checkIn: daysFromNow(6), checkOut: daysFromNow(8), rooms: 1, status: 'pending' });
    await t.db.insert(listingBlocks).values({ propertyId: hotel.id, startDate: daysFromNow(15), endDate: daysFromNow(16) });
    expect(await heldOf(hotel.id)).toEqual([
      { checkIn: daysFromNow(6), checkOut: daysFromNow(7) },
      { checkIn: daysFromNow(15), checkOut: daysFromNow(16) },
    ]);
    expect(await heldOf(hotel.id, '?rooms=2')).toEqual([
      { checkIn: daysFromNow(5), checkOut: daysFromNow(7) },
      { checkIn: daysFromNow(15), checkOut: daysFromNow(16) },
    ]);
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${hotel.id}/held-dates?rooms=0` })).statusCode).toBe(400);
  });

  it('saves and unsaves listings for the signed-in user only', async () => {
    const listing = await createProperty(t.db, { hostId });
    const put = () => injectAs(t.app, guest, { method: 'PUT', url: `/api/saved/${listing.id}` });
    expect((await put()).json()).toEqual({ saved: true });
    expect((await put()).json()).toEqual({ saved: true });
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}` })).json().saved).toBe(true);
    expect(
      (await injectAs(t.app, guest, { method: 'GET', url: '/api/saved' })).json().listings.map((card: { id: number }) => card.id),
    ).toEqual([listing.id]);
    expect((await injectAs(t.app, guest, { method: 'DELETE', url: `/api/saved/${listing.id}` })).json()).toEqual({ saved: false });
    expect((await injectAs(t.app, guest, { method: 'GET', url: '/api/saved' })).json()).toEqual({ listings: [] });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/saved/${listing.id}`, headers: { 'x-requested-with': 'fetch' } })).statusCode,
    ).toBe(401);
    expect((await injectAs(t.app, guest, { method: 'PUT', url: '/api/saved/999999' })).statusCode).toBe(404);
  });

  it('lists saved listings as cards in the asked language, latest saved first, approved ones only', async () => {
    const saver = await createUser(t.db, { email: 'saver@example.com' });
    const other = await createUser(t.db, { email: 'other-saver@example.com' });
    const saverCookie = await signIn(t.app, saver.email);
    const otherCookie = await signIn(t.app, other.email);
    const hotel = await createProperty(t.db, { hostId, titleEn: 'Harbour Hotel', titleHe: 'מלון הנמל', starRating: 5, pricePerNight: 720 });
    await createPropertyPhoto(t.db, { propertyId: hotel.id, position: 0 });
    const sublet = await createProperty(t.db, { propertyType: 'sublet', hostId });
    const paused = await createProperty(t.db, { propertyType: 'rental', hostId });
    const othersOnly = await createProperty(t.db, { hostId });

    const save = (cookie: string, id: number) => injectAs(t.app, cookie, { method: 'PUT', url: `/api/saved/${id}` });
    for (const id of [hotel.id, paused.id, sublet.id]) expect((await save(saverCookie, id)).statusCode).toBe(200);
    expect((await save(otherCookie, othersOnly.id)).statusCode).toBe(200);
    // Saved while approved, then taken down by its host: kept, but not shown.
    await t.db.update(properties).set({ status: 'paused' }).where(eq(properties.id, paused.id));

    const list = async (cookie: string, lang = 'en') => {
      const response = await injectAs(t.app, cookie, { method: 'GET', url: `/api/saved?lang=${lang}` });
      expect(response.statusCode).toBe(200);
      return response.json().listings as ListingCard[];
    };
    const cards = await list(saverCookie);
    expect(cards.map((card) => card.id)).toEqual([sublet.id, hotel.id]);
    expect(cards[1]).toMatchObject({
      id: hotel.id,
      type: 'hotel',
      title: 'Harbour Hotel',
      starRating: 5,
      price: 720,
      ratingAverage: null,
      reviewCount: 0,
    });
    expect(cards[1]!.photoUrl).toMatch(/^\/api\/media\/public\//);
    expect(cards[1]!.location).toMatch(/^Test City/);
    expect(cards[0]).toMatchObject({ type: 'sublet', price: 6000, durationMonths: 6, photoUrl: null });
    expect((await list(saverCookie, 'he'))[1]).toMatchObject({ title: 'מלון הנמל', location: expect.stringMatching(/^עיר בדיקה/) });

    // Another user's saves are never part of the list, in either direction.
    expect((await list(otherCookie)).map((card) => card.id)).toEqual([othersOnly.id]);

    // Approved again, it is back in its place.
    await t.db.update(properties).set({ status: 'approved' }).where(eq(properties.id, paused.id));
    expect((await list(saverCookie)).map((card) => card.id)).toEqual([sublet.id, paused.id, hotel.id]);
  });

  it("shows a home's street address only to its host, admins and the guest of a confirmed stay; a hotel's to everyone", async () => {
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' }).onConflictDoNothing();
    const home = await createProperty(t.db, { propertyType: 'rental', hostId, address: '12 Secret Lane' });
    const addressFor = async (cookie: string | null) =>
      (cookie
        ? await injectAs(t.app, cookie, { method: 'GET', url: `/api/properties/${home.id}` })
        : await t.app.inject({ method: 'GET', url: `/api/properties/${home.id}` })
      ).json().address;
    const stranger = (await createUser(t.db, { email: 'addr-stranger@example.com' })).id;
    const pendingGuest = (await createUser(t.db, { email: 'addr-pending@example.com' })).id;
    const confirmedGuest = (await createUser(t.db, { email: 'addr-confirmed@example.com' })).id;
    await createUser(t.db, { email: 'addr-admin@example.com', role: 'admin' });
    await createBooking(t.db, {
      propertyId: home.id,
      guestId: pendingGuest,
      status: 'pending',
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(20),
    });
    await createBooking(t.db, {
      propertyId: home.id,
      guestId: confirmedGuest,
      status: 'confirmed',
      checkIn: daysFromNow(40),
      checkOut: daysFromNow(50),
    });
    await createBooking(t.db, {
      propertyId: home.id,
      guestId: stranger,
      status: 'cancelled',
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(70),
    });

    expect(await addressFor(null)).toBeNull();
    expect(await addressFor(await signIn(t.app, 'addr-stranger@example.com'))).toBeNull();
    expect(await addressFor(await signIn(t.app, 'addr-pending@example.com'))).toBeNull();
    expect(await addressFor(await signIn(t.app, 'addr-confirmed@example.com'))).toBe('12 Secret Lane');
    expect(await addressFor(await signIn(t.app, 'host@example.com'))).toBe('12 Secret Lane');
    expect(await addressFor(await signIn(t.app, 'addr-admin@example.com'))).toBe('12 Secret Lane');

    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, address: '1 Hotel Row', addressHe: 'שדרות המלון 1' });
    const hotelAddress = async (lang: string) =>
      (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${hotel.id}?lang=${lang}` })).json().address;
    expect(await hotelAddress('en')).toBe('1 Hotel Row');
    // A Hebrew page gets the Hebrew address (issue 41, item 5); a listing without one keeps its own.
    expect(await hotelAddress('he')).toBe('שדרות המלון 1');
    expect((await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${home.id}?lang=he` })).json().address).toBeNull();
    const homeAddressHe = (
      await injectAs(t.app, await signIn(t.app, 'host@example.com'), { method: 'GET', url: `/api/properties/${home.id}?lang=he` })
    ).json().address;
    expect(homeAddressHe).toBe('12 Secret Lane');
  });

  it('answers visitors asking for saved listings with 401, and bad languages with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/saved' })).statusCode).toBe(401);
    expect((await injectAs(t.app, guest, { method: 'GET', url: '/api/saved?lang=fr' })).statusCode).toBe(400);
  });
});
