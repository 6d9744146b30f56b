import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { ListingCard, SearchResponse } from '../../../core/contracts/search.ts';
import { quoteStay } from '../../../core/quote.ts';
import { listingPriceRules, platformSettings } from '../../db/schema.ts';
import { createPlace, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/** Result cards with dates carry the stay's total, priced as the property page and the booking price it. */
describe('search: the total of the stay on each card', () => {
  let t: TestContext;
  let guest: string;
  const ids: Record<string, number> = {};

  const get = async <T>(url: string): Promise<T> => {
    const response = await injectAs(t.app, guest, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const cards = async (query: string) => (await get<SearchResponse>(`/api/search?location=Fee%20Town&${query}`)).results;
  const card = (results: ListingCard[], name: string) => results.find((result) => result.id === ids[name])!;

  /** The property page's quote of the same stay and party. */
  async function pageTotal(name: string, stay: { checkIn: string; checkOut: string; guests?: number; rooms?: number }) {
    const detail = await get<ListingDetail>(`/api/properties/${ids[name]}?lang=en`);
    const { fees, priceRules, serviceFeeRate, type, pricePerNight, pricePerWeek, pricePerMonth } = detail;
    return quoteStay({ propertyType: type, pricePerNight, pricePerWeek, pricePerMonth, ...fees }, stay, {
      rules: priceRules,
      serviceFeeRate,
    }).total;
  }

  beforeAll(async () => {
    t = await createTestContext();
    await t.db.insert(platformSettings).values({ key: 'commission_rates', value: { hotel: 0.15, rental: 0.12, sublet: 0.08 } });
    const town = await createPlace(t.db, { nameEn: 'Fee Town', nameHe: 'עיר העמלות' });
    const host = await createUser(t.db, { role: 'host' });
    const open = { hostId: host.id, placeId: town.id, availableFrom: null, availableUntil: null, minStayDays: 1, maxStayDays: 365 };
    ids.rental = (
      await createProperty(t.db, {
        ...open,
        propertyType: 'rental',
        pricePerWeek: 3500,
        maxGuests: 6,
        cleaningFee: 300,
        securityDeposit: 2000,
        weeklyDiscountPercent: 10,
        monthlyDiscountPercent: 20,
        extraGuestFee: 50,
        guestsIncluded: 2,
      })
    ).id;
    ids.plainRental = (await createProperty(t.db, { ...open, propertyType: 'rental', pricePerWeek: 2000, maxGuests: 6 })).id;
    ids.hotel = (await createProperty(t.db, { ...open, propertyType: 'hotel', pricePerNight: 500, roomCount: 5, cleaningFee: 80 })).id;
    // A seasonal rule over part of the searched stay.
    await t.db
      .insert(listingPriceRules)
      .values({ propertyId: ids.rental, startDate: daysFromNow(32), endDate: daysFromNow(34), adjustPercent: 50 });
    await createUser(t.db, { email: 'fee-guest@example.com' });
    guest = await signIn(t.app, 'fee-guest@example.com');
  });
  afterAll(() => t.close());

  it('has no total without dates', async () => {
    for (const result of await cards('type=rental')) expect(result.stayTotal).toBeNull();
  });

  it("prices each card's stay with the listing's fees, rules and the platform's rate, for the party searched", async () => {
    const stay = { checkIn: daysFromNow(30), checkOut: daysFromNow(40) };
    const results = await cards(`type=rental&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=4`);
    expect(card(results, 'rental').stayTotal).toBe(await pageTotal('rental', { ...stay, guests: 4 }));
    expect(card(results, 'plainRental').stayTotal).toBe(await pageTotal('plainRental', { ...stay, guests: 4 }));
    // 2 weeks × 3,500 + 2 nights at +50 % (250 a night) = 7,500, −10 % = 6,750; 2 extra guests × 10 nights × 50
    // = 1,000; cleaning 300: 8,050, and 12 % service fee 966. The deposit is never in it.
    expect(card(results, 'rental').stayTotal).toBe(9016);

    const hotelStay = { checkIn: daysFromNow(30), checkOut: daysFromNow(33) };
    const hotels = await cards(`type=hotel&checkIn=${hotelStay.checkIn}&checkOut=${hotelStay.checkOut}&rooms=2&guests=2`);
    // 3 nights × 500 × 2 rooms + cleaning 80 = 3,080, and 15 %.
    expect(card(hotels, 'hotel').stayTotal).toBe(3542);
    expect(card(hotels, 'hotel').stayTotal).toBe(await pageTotal('hotel', { ...hotelStay, rooms: 2, guests: 2 }));
  });

  it("prices a flexible sublet's shifted stay with the rules of the nights it moved onto", async () => {
    // Free only from day 35: a month from day 30 fits when moved five days later, onto a rule's nights
    // that the asked month does not touch.
    const sublet = await createProperty(t.db, {
      hostId: (await createUser(t.db, { role: 'host' })).id,
      placeId: (await createPlace(t.db, { nameEn: 'Shift Town', nameHe: 'עיר ההזזה' })).id,
      propertyType: 'sublet',
      pricePerMonth: 6000,
      availableFrom: daysFromNow(35),
      availableUntil: null,
      minStayDays: 1,
      maxStayDays: 365,
    });
    ids.sublet = sublet.id;
    await t.db
      .insert(listingPriceRules)
      .values({ propertyId: sublet.id, startDate: daysFromNow(61), endDate: daysFromNow(64), price: 9000 });
    const asked = { checkIn: daysFromNow(30), checkOut: daysFromNow(60) };
    const results = (
      await get<SearchResponse>(
        `/api/search?location=Shift%20Town&type=sublet&flexible=true&checkIn=${asked.checkIn}&checkOut=${asked.checkOut}`,
      )
    ).results;
    const shifted = { checkIn: daysFromNow(35), checkOut: daysFromNow(65) };
    expect(card(results, 'sublet').stay).toEqual(shifted);
    const withoutRules = quoteStay({ propertyType: 'sublet', pricePerNight: null, pricePerWeek: null, pricePerMonth: 6000 }, shifted).total;
    expect(card(results, 'sublet').stayTotal).toBe(await pageTotal('sublet', shifted));
    expect(card(results, 'sublet').stayTotal).toBeGreaterThan(withoutRules);
  });

  it('leaves the featured cards without a total', async () => {
    const featured = await get<{ listings: ListingCard[] }>('/api/listings/featured?lang=en');
    for (const listing of featured.listings) expect(listing.stayTotal).toBeNull();
  });
});
