import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteStay } from '../../../core/quote.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { PriceRules } from '../../../core/contracts/price-rules.ts';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { today } from '../../../core/dates.ts';
import { holidayPresetRange } from '../../../core/hebrew-calendar.ts';
import { priceRuleLimits } from '../../../core/price-rules.ts';
import { platformSettings } from '../../db/schema.ts';
import { createPlace, createPriceRule, createProperty, createUser, daysFromNow, type Property } from '../../seed/factories.ts';
import { createAppsOnOneDatabase, eventually, injectAs, signIn } from '../../test/test-app.ts';

describe('seasonal price rules', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  let app: FastifyInstance;
  let host: string;
  let otherHost: string;
  let guest: string;
  let hotel: Property;
  let town: string;

  const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    injectAs(app, cookie, { method, url, ...(payload ? { payload } : {}) });
  const rulesUrl = (id: number) => `/api/host/listings/${id}/price-rules`;
  const search = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/search?type=hotel&location=${town}&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return { cache: response.headers['x-search-cache'], body: response.json() as SearchResponse };
  };

  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
    app = await apps.appWith({ env: { SEARCH_CACHE_SECONDS: '30' } });
    await apps.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    const owner = await createUser(apps.db, { email: 'rules-host@example.com', role: 'host' });
    await createUser(apps.db, { email: 'rules-other@example.com', role: 'host' });
    await createUser(apps.db, { email: 'rules-guest@example.com' });
    host = await signIn(app, 'rules-host@example.com');
    otherHost = await signIn(app, 'rules-other@example.com');
    guest = await signIn(app, 'rules-guest@example.com');
    town = 'Rulesville';
    const place = await createPlace(apps.db, { nameEn: town, nameHe: 'עיר הכללים' });
    hotel = await createProperty(apps.db, {
      hostId: owner.id,
      placeId: place.id,
      pricePerNight: 500,
      availableFrom: null,
      availableUntil: null,
      maxStayDays: 60,
    });
  });
  afterAll(() => apps.close());

  it('adds, lists and removes a host’s rules; a preset takes its next season’s dates', async () => {
    const added = await call(host, 'POST', rulesUrl(hotel.id), { preset: 'passover', adjustPercent: 30 });
    expect(added.statusCode, added.body).toBe(201);
    const passover = holidayPresetRange('passover', today());
    expect((added.json() as PriceRules).rules).toEqual([
      { id: expect.any(Number), ...passover, preset: 'passover', adjustPercent: 30, price: null, minNights: null },
    ]);
    const second = await call(host, 'POST', rulesUrl(hotel.id), { startDate: daysFromNow(20), endDate: daysFromNow(25), minNights: 3 });
    expect(second.statusCode, second.body).toBe(201);
    const listed = (await call(host, 'GET', rulesUrl(hotel.id))).json() as PriceRules;
    expect(listed.rules.map((rule) => rule.startDate)).toEqual([daysFromNow(20), passover.startDate]);

    const removed = await call(host, 'DELETE', `${rulesUrl(hotel.id)}/${listed.rules[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as PriceRules).rules).toHaveLength(1);
    expect((await call(host, 'DELETE', `${rulesUrl(hotel.id)}/${listed.rules[0]!.id}`)).json()).toMatchObject({
      error: { code: 'price_rule_not_found' },
    });
  });

  it('answers another host, a guest and a visitor as if the listing did not exist', async () => {
    for (const cookie of [otherHost, guest]) {
      expect((await call(cookie, 'GET', rulesUrl(hotel.id))).statusCode).toBe(404);
      expect((await call(cookie, 'POST', rulesUrl(hotel.id), { preset: 'sukkot', minNights: 2 })).statusCode).toBe(404);
      expect((await call(cookie, 'DELETE', `${rulesUrl(hotel.id)}/1`)).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: rulesUrl(hotel.id) })).statusCode).toBe(401);
  });

  it('refuses bad rules with a clear 400 or 409', async () => {
    const refused = async (body: object, status: number, code: string) => {
      const response = await call(host, 'POST', rulesUrl(hotel.id), body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
    };
    await refused({ startDate: daysFromNow(40), endDate: daysFromNow(40), adjustPercent: 10 }, 400, 'price_rule_dates');
    // Days outside the date horizon (yesterday to two years ahead, core/dates.ts) are refused by the contract.
    await refused({ startDate: daysFromNow(-10), endDate: daysFromNow(-2), adjustPercent: 10 }, 400, 'validation_failed');
    await refused({ startDate: daysFromNow(700), endDate: daysFromNow(740), adjustPercent: 10 }, 400, 'validation_failed');
    await refused({ startDate: daysFromNow(40), endDate: daysFromNow(45) }, 400, 'price_rule_empty');
    await refused({ startDate: daysFromNow(40), endDate: daysFromNow(45), adjustPercent: 10, price: 700 }, 400, 'validation_failed');
    await refused({ startDate: daysFromNow(40), endDate: daysFromNow(45), adjustPercent: 301 }, 400, 'validation_failed');
    await refused({ preset: 'passover', startDate: daysFromNow(40), endDate: daysFromNow(45), price: 700 }, 400, 'validation_failed');
    await refused({ preset: 'purim', price: 700 }, 400, 'validation_failed');
    // Passover already has a rule (the first test).
    await refused({ preset: 'passover', price: 900 }, 409, 'price_rule_overlap');
  });

  it('refuses more than 50 current rules', async () => {
    const listing = await createProperty(apps.db, { hostId: hotel.hostId });
    for (let index = 0; index < priceRuleLimits.maxRules; index++) {
      await createPriceRule(apps.db, { propertyId: listing.id, startDate: daysFromNow(100 + index), endDate: daysFromNow(101 + index) });
    }
    const response = await call(host, 'POST', rulesUrl(listing.id), { startDate: daysFromNow(300), endDate: daysFromNow(302), price: 600 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'too_many_price_rules' } });
  });

  it('prices a booking over a rule as the listing page’s quote does, and stores that price', async () => {
    const listing = await createProperty(apps.db, { hostId: hotel.hostId, pricePerNight: 400, availableFrom: null, availableUntil: null });
    await call(host, 'POST', rulesUrl(listing.id), { startDate: daysFromNow(32), endDate: daysFromNow(40), adjustPercent: 50 });
    const page = (await injectAs(app, guest, { method: 'GET', url: `/api/properties/${listing.id}?lang=en` })).json() as ListingDetail;
    expect(page.priceRules).toEqual([
      { startDate: daysFromNow(32), endDate: daysFromNow(40), preset: null, adjustPercent: 50, price: null, minNights: null },
    ]);
    const stay = { checkIn: daysFromNow(30), checkOut: daysFromNow(34) };
    const quote = quoteStay(
      { ...page, ...page.fees, propertyType: page.type },
      { ...stay, rooms: 2 },
      { rules: page.priceRules, serviceFeeRate: page.serviceFeeRate },
    );
    // 4 nights × 2 rooms × 400, and 2 of the nights 50 % dearer: + 2 × 2 × 200; a hotel's fee is 12 %.
    expect(quote).toMatchObject({ subtotal: 4000, serviceFee: 480, total: 4480 });
    const booked = await injectAs(app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listing.id, ...stay, rooms: 2, guests: 2 },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ subtotal: quote.subtotal, serviceFee: quote.serviceFee, total: quote.total });
  });

  it('refuses a stay shorter than a season’s minimum that touches it', async () => {
    const listing = await createProperty(apps.db, { hostId: hotel.hostId, availableFrom: null, availableUntil: null });
    await call(host, 'POST', rulesUrl(listing.id), { startDate: daysFromNow(50), endDate: daysFromNow(55), minNights: 3 });
    const book = (checkIn: number, checkOut: number, as = guest) =>
      injectAs(app, as, {
        method: 'POST',
        url: '/api/bookings',
        payload: { propertyId: listing.id, checkIn: daysFromNow(checkIn), checkOut: daysFromNow(checkOut), rooms: 1, guests: 1 },
      });
    const short = await book(54, 56);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { code: 'season_stay_too_short' } });
    // Leaving on the season's first day does not touch it. (An unverified guest's stay is a request,
    // and one request at a time per place: the second stay is another guest's.)
    expect((await book(48, 50)).statusCode).toBe(201);
    const other = await createUser(apps.db);
    const second = await book(53, 56, await signIn(app, other.email));
    expect(second.statusCode, second.body).toBe(201);
  });

  it('filters, sorts and shows search results by the price for the dates, and a new rule ends cached searches', async () => {
    const ruled = await createProperty(apps.db, {
      hostId: hotel.hostId,
      placeId: hotel.placeId,
      pricePerNight: 300,
      availableFrom: null,
      availableUntil: null,
    });
    const plain = await createProperty(apps.db, {
      hostId: hotel.hostId,
      placeId: hotel.placeId,
      pricePerNight: 450,
      availableFrom: null,
      availableUntil: null,
    });
    const dates = `checkIn=${daysFromNow(70)}&checkOut=${daysFromNow(72)}`;
    const cheap = `${dates}&maxPrice=400&sort=price_asc`;
    const idsOf = (body: SearchResponse) => body.results.map((card) => card.id);
    expect(idsOf((await search(cheap)).body)).toContain(ruled.id);
    await eventually(async () => (await search(cheap)).cache === 'hit');

    // 300 a night, doubled for one of the two nights: 450 on average.
    await call(host, 'POST', rulesUrl(ruled.id), { startDate: daysFromNow(71), endDate: daysFromNow(75), adjustPercent: 100 });
    const fresh = await eventually(async () => {
      const answer = await search(cheap);
      return answer.cache === 'miss' && !idsOf(answer.body).includes(ruled.id) ? answer : undefined;
    });
    expect(idsOf(fresh.body)).not.toContain(plain.id);

    const dear = (await search(`${dates}&minPrice=440&maxPrice=460&sort=price_desc`)).body;
    expect(dear.results.find((card) => card.id === ruled.id)?.price).toBe(450);
    // Without dates, or on other dates, its own price counts.
    expect(idsOf((await search('maxPrice=400')).body)).toContain(ruled.id);
    expect(idsOf((await search(`checkIn=${daysFromNow(80)}&checkOut=${daysFromNow(82)}&maxPrice=400`)).body)).toContain(ruled.id);

    const sorted = (await search(`${dates}&sort=price_asc`)).body.results.filter((card) => [ruled.id, plain.id].includes(card.id));
    expect(sorted.map((card) => [card.id, card.price])).toEqual([
      [ruled.id, 450],
      [plain.id, 450],
    ]);
    // A page past the end counts on its own: the seasonal prices it does not filter by are left out
    // of its parameters (PostgreSQL refuses one it cannot type), and the total still comes back.
    const pastTheEnd = (await search(`${dates}&sort=price_asc&page=50`)).body;
    expect(pastTheEnd.results).toEqual([]);
    expect(pastTheEnd.total).toBeGreaterThanOrEqual(2);
  });

  it('ends the cached listing page when a rule changes', async () => {
    const read = async () => {
      const response = await app.inject({ method: 'GET', url: `/api/properties/${hotel.id}?lang=en` });
      return { cache: response.headers['x-result-cache'], body: response.json() as ListingDetail };
    };
    await read();
    await eventually(async () => (await read()).cache === 'hit');
    const before = (await read()).body.priceRules.length;
    await call(host, 'POST', rulesUrl(hotel.id), { startDate: daysFromNow(90), endDate: daysFromNow(95), price: 800 });
    await eventually(async () => (await read()).body.priceRules.length === before + 1);
  });
});
