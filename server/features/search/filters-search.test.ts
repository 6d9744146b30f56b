import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { createBooking, createPlace, createProperty, createUser, daysFromNow, type Place } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/**
 * The filters of every type (issue 17, item 3; docs/decisions/021-filters-and-party.md): home
 * amenities, bedrooms and guests for sublets and rentals; rooms, guests and children's ages for
 * hotels (infants take no place); flexible dates for sublets.
 */
describe('filters of every type', () => {
  let t: TestContext;
  let guest: string;
  let hostId: string;
  let town: Place;
  let requests = 0;

  async function search(query: string) {
    const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/search?location=Filter%20Town&${query}` });
    return { status: response.statusCode, body: response.json() as SearchResponse & { error?: { code: string; message: string } } };
  }

  async function found(query: string): Promise<number[]> {
    const { status, body } = await search(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.results.map((listing) => listing.id).sort((a, b) => a - b);
  }

  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { role: 'host', profile: { idVerificationStatus: 'verified' } })).id;
    await createUser(t.db, { email: 'guest@example.com' });
    guest = await signIn(t.app, 'guest@example.com');
    town = await createPlace(t.db, { nameEn: 'Filter Town', nameHe: 'עיר המסננים' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('filters sublets and rentals by home amenities, bedrooms, guests and price', async () => {
    const home = (propertyType: 'sublet' | 'rental', overrides: Parameters<typeof createProperty>[1]) =>
      createProperty(t.db, { propertyType, hostId, placeId: town.id, ...overrides });
    const studio = await home('sublet', { amenities: ['free_wifi', 'kitchen'], bedrooms: 1, maxGuests: 2, pricePerMonth: 4000 });
    const family = await home('sublet', { amenities: ['kitchen', 'washer', 'crib'], bedrooms: 3, maxGuests: 6, pricePerMonth: 9000 });
    const garden = await home('sublet', { amenities: ['garden', 'washer'], bedrooms: 2, maxGuests: 4, pricePerMonth: 6500 });
    const rental = await home('rental', { amenities: ['washer', 'safe_room'], bedrooms: 4, maxGuests: 8, pricePerWeek: 3000 });

    expect(await found('type=sublets&amenities=washer')).toEqual(sorted(family.id, garden.id));
    expect(await found('type=sublets&amenities=washer,crib')).toEqual([family.id]);
    expect(await found('type=sublets&bedrooms=2')).toEqual(sorted(family.id, garden.id));
    expect(await found('type=sublets&guests=5')).toEqual([family.id]);
    expect(await found('type=sublets&guests=3&maxPrice=7000')).toEqual([garden.id]);
    expect(await found('type=sublets&minPrice=5000&bedrooms=3')).toEqual([family.id]);
    expect(await found('type=sublets&guests=2')).toEqual(sorted(studio.id, family.id, garden.id));
    expect(await found('type=rentals&amenities=safe_room&bedrooms=4&guests=8')).toEqual([rental.id]);
    expect(await found('type=rentals&guests=9')).toEqual([]);
  });

  it('refuses bad filter values with a 400 naming them', async () => {
    const cases: [string, string][] = [
      ['type=sublets&amenities=spa', 'amenities'],
      ['type=hotels&amenities=crib', 'amenities'],
      ['type=sublets&amenities=jacuzzi', 'amenities'],
      ['type=sublets&bedrooms=0', 'bedrooms'],
      ['type=sublets&bedrooms=6', 'bedrooms'],
      ['type=sublets&bedrooms=two', 'bedrooms'],
      ['type=hotels&bedrooms=2', 'bedrooms'],
      ['type=sublets&guests=0', 'guests'],
      ['type=sublets&guests=1000', 'guests'],
      ['type=hotels&guests=3&children=18', 'children'],
      ['type=hotels&guests=3&children=-1', 'children'],
      ['type=hotels&guests=3&children=a', 'children'],
      ['type=sublets&guests=3&children=4', 'children'],
      ['type=hotels&guests=2&children=4,9', 'guests'],
      ['type=rentals&flexible=true&checkIn=2030-01-01&checkOut=2030-02-01', 'flexible'],
      ['type=sublets&flexible=true', 'flexible'],
      ['type=sublets&flexible=maybe&checkIn=2030-01-01&checkOut=2030-02-01', 'flexible'],
    ];
    for (const [query, parameter] of cases) {
      const { status, body } = await search(query);
      expect([query, status, body.error?.code]).toEqual([query, 400, 'validation_failed']);
      expect(body.error?.message, query).toContain(parameter);
    }
  });

  it('fits hotel parties by room: children count as guests, infants under two do not', async () => {
    const checkIn = daysFromNow(20);
    const checkOut = daysFromNow(22);
    const hotel = (title: string, maxGuests: number, roomCount = 10) =>
      createProperty(t.db, { propertyType: 'hotel', hostId, placeId: town.id, titleEn: title, maxGuests, roomCount });
    const double = await hotel('Double rooms', 2);
    const family = await hotel('Family rooms', 4);
    const single = await hotel('One family room', 4, 1);
    const dates = `type=hotels&checkIn=${checkIn}&checkOut=${checkOut}`;

    // 2 adults and 2 children aged 4 and 9: four places, in one room only the family rooms.
    expect(await found(`${dates}&guests=4&children=4,9`)).toEqual(sorted(family.id, single.id));
    // A baby of one takes no place: 2 adults, a 6-year-old and the baby fit a family room, not a double.
    expect(await found(`${dates}&guests=4&children=6,1`)).toEqual(sorted(family.id, single.id));
    // Two babies: two places, a double room will do.
    expect(await found(`${dates}&guests=4&children=0,1`)).toEqual(sorted(double.id, family.id, single.id));
    // Two rooms for four: two places a room; the hotel with one room has not two.
    expect(await found(`${dates}&rooms=2&guests=4&children=4,9`)).toEqual(sorted(double.id, family.id));
    // Guests without ages are all counted.
    expect(await found(`${dates}&guests=3`)).toEqual(sorted(family.id, single.id));
  });

  it('finds a sublet whose stay fits within a week of the asked start and says which start fits', async () => {
    const asked = { checkIn: daysFromNow(60), checkOut: daysFromNow(90) };
    const sublet = (title: string, overrides: Parameters<typeof createProperty>[1]) =>
      createProperty(t.db, { propertyType: 'sublet', hostId, placeId: town.id, titleEn: title, amenities: ['heating'], ...overrides });
    // Open on the asked dates.
    const exact = await sublet('Exact', { availableFrom: daysFromNow(50), availableUntil: daysFromNow(120) });
    // Opens five days late: fits from day 65 to 95.
    const late = await sublet('Late', { availableFrom: daysFromNow(65), availableUntil: daysFromNow(120) });
    // Must be left three days early: fits from day 57 to 87.
    const early = await sublet('Early', { availableFrom: daysFromNow(40), availableUntil: daysFromNow(87) });
    // Opens ten days late: beyond a week.
    const tooLate = await sublet('Too late', { availableFrom: daysFromNow(70), availableUntil: daysFromNow(120) });
    // Open, but booked over the asked dates and the next week: the first free start is after a stay ending on day 64.
    const booked = await sublet('Booked', { availableFrom: daysFromNow(30), availableUntil: daysFromNow(150) });
    await createBooking(t.db, { propertyId: booked.id, checkIn: daysFromNow(35), checkOut: daysFromNow(64) });

    const query = `type=sublets&amenities=heating&checkIn=${asked.checkIn}&checkOut=${asked.checkOut}`;
    expect(await found(query)).toEqual([exact.id]);
    const { body } = await search(`${query}&flexible=true`);
    const stays = Object.fromEntries(body.results.map((card) => [card.id, card.stay]));
    expect(
      Object.keys(stays)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(sorted(exact.id, late.id, early.id, booked.id));
    expect(stays[exact.id]).toEqual(asked);
    expect(stays[late.id]).toEqual({ checkIn: daysFromNow(65), checkOut: daysFromNow(95) });
    expect(stays[early.id]).toEqual({ checkIn: daysFromNow(57), checkOut: daysFromNow(87) });
    expect(stays[booked.id]).toEqual({ checkIn: daysFromNow(64), checkOut: daysFromNow(94) });
    expect(stays[tooLate.id]).toBeUndefined();
    // Without flexibility the cards carry no stay of their own.
    expect((await search(query)).body.results[0]?.stay).toBeUndefined();
  });

  it('books a hotel for two adults and two children, keeps the ages and checks capacity with them', async () => {
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId, placeId: town.id, maxGuests: 3, roomCount: 5 });
    const book = (body: Record<string, unknown>) =>
      injectAs(t.app, guest, {
        method: 'POST',
        url: '/api/bookings',
        payload: { propertyId: hotel.id, checkIn: daysFromNow(10), checkOut: daysFromNow(12), ...body },
        remoteAddress: `10.9.0.${++requests}`,
      });
    // Four people, one of them a baby: three places, one room of three is enough.
    const fits = await book({ guests: 4, children: [1, 7] });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json()).toMatchObject({ guests: 4, childAges: [1, 7], rooms: 1 });
    const mine = await injectAs(t.app, guest, { method: 'GET', url: '/api/bookings' });
    expect(mine.json().bookings.find((booking: { id: string }) => booking.id === fits.json().id)).toMatchObject({
      childAges: [1, 7],
    });
    // The same party with a four-year-old instead of the baby needs four places.
    const tooMany = await book({ guests: 4, children: [4, 7] });
    expect([tooMany.statusCode, tooMany.json().error.code]).toEqual([400, 'too_many_guests']);
    for (const bad of [
      { guests: 2, children: [4, 7] },
      { guests: 3, children: [18] },
      { guests: 3, children: [-1] },
      { guests: 3, children: '4' },
    ]) {
      const refused = await book(bad);
      expect([JSON.stringify(bad), refused.statusCode, refused.json().error.code]).toEqual([JSON.stringify(bad), 400, 'validation_failed']);
    }
  });
});
