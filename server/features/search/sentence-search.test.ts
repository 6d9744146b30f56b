import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { platformSettings } from '../../db/schema.ts';
import { createPlace, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

/** The sentence search over HTTP (issue 38): GET /api/search/interpret and GET /api/search?q=, when live. */
describe('sentence search', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const found = async (q: string, extra = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SearchResponse).results.map((card) => card.id).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    t = await createTestContext();
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    // Places named as the gazetteer names them: the interpreter reads the gazetteer, the search the places table.
    const eilat = await createPlace(t.db, { nameEn: 'Eilat', nameHe: 'אילת' });
    const haifa = await createPlace(t.db, { nameEn: 'Haifa', nameHe: 'חיפה' });
    const host = await createUser(t.db, { role: 'host' });
    const listing = (name: string, overrides: Parameters<typeof createProperty>[1]) =>
      createProperty(t.db, { hostId: host.id, ...overrides }).then((property) => (ids[name] = property.id));
    await listing('cheapPool', {
      propertyType: 'hotel',
      placeId: eilat.id,
      pricePerNight: 400,
      amenities: ['swimming_pool'],
      roomCount: 5,
    });
    await listing('cheap', { propertyType: 'hotel', placeId: eilat.id, pricePerNight: 450, amenities: [], roomCount: 5 });
    await listing('dear', { propertyType: 'hotel', placeId: eilat.id, pricePerNight: 900, amenities: ['swimming_pool'], roomCount: 5 });
    await listing('haifaHotel', { propertyType: 'hotel', placeId: haifa.id, pricePerNight: 300, roomCount: 5 });
    await listing('jacuzziHotel', {
      propertyType: 'hotel',
      placeId: haifa.id,
      pricePerNight: 350,
      roomCount: 5,
      titleEn: 'Carmel spa rooms',
      descriptionEn: 'Every room has its own jacuzzi.',
    });
    await listing('haifaSublet', { propertyType: 'sublet', placeId: haifa.id, pricePerMonth: 5000, bedrooms: 2, amenities: ['balcony'] });
  });
  afterAll(() => t?.close());

  it('reads a sentence into the fields of a search and the words left over', async () => {
    const { status, body } = await get(
      `/api/search/interpret?lang=he&q=${encodeURIComponent('מלון באילת לשני מבוגרים וילד בן 6 בחנוכה עד 600 ללילה עם בריכה שקטה')}`,
    );
    expect(status).toBe(200);
    expect(body.query).toMatchObject({
      type: 'hotel',
      location: 'אילת',
      guests: 3,
      children: [6],
      maxPrice: 600,
      amenities: ['swimming_pool'],
    });
    expect(body.query).toHaveProperty('checkIn');
    expect(body.unmatched).toEqual(['שקטה']);
  });

  it('reads a budget in the price unit of the page’s type when the sentence names none', async () => {
    const { body } = await get(`/api/search/interpret?type=sublets&q=${encodeURIComponent('in Haifa under 200 a night')}`);
    expect(body.query).toEqual({ location: 'Haifa', maxPrice: 6000 });
  });

  it('searches with a sentence as with the structured search it reads', async () => {
    expect(await found('hotel in Eilat under 500 shekels a night')).toEqual([ids.cheapPool!, ids.cheap!].sort((a, b) => a - b));
    expect(await found('hotel in Eilat under 500 with a pool')).toEqual([ids.cheapPool!]);
    expect(await found('מלון באילת עם בריכה', '&lang=he')).toEqual([ids.cheapPool!, ids.dear!].sort((a, b) => a - b));
    expect(await found('2 bedroom apartment in Haifa with a balcony')).toEqual([ids.haifaSublet!]);
    // The page's type is the default; the sentence's own type wins.
    expect(await found('in Haifa', '&type=hotels')).toEqual([ids.haifaHotel!, ids.jacuzziHotel!].sort((a, b) => a - b));
    // Words the reading leaves over are looked for in the listings' own text (decision 048).
    expect(await found('hotel in Haifa with a jacuzzi')).toEqual([ids.jacuzziHotel!]);
    expect(await found('sublet in Haifa', '&type=hotels')).toEqual([ids.haifaSublet!]);
  });

  it('refuses a sentence over 300 characters with 400 query_too_long, on both routes', async () => {
    const long = encodeURIComponent('hotel in Eilat '.repeat(30));
    for (const url of [`/api/search/interpret?q=${long}`, `/api/search?q=${long}`]) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect((body.error as { code: string }).code).toBe('query_too_long');
    }
  });

  it('answers bad input with 400, never 500', async () => {
    for (const url of [
      '/api/search/interpret',
      '/api/search/interpret?q=x&lang=fr',
      '/api/search/interpret?q=x&type=castle',
      `/api/search/interpret?q=${'x'.repeat(5000)}`,
      `/api/search?q=${'%E2%82%AA'.repeat(400)}`,
    ]) {
      expect((await get(url)).status, url).toBe(400);
    }
    for (const q of ['₪₪₪', '---', '"', '0 kids', '29.2', 'over 900 under 300', 'ב-', 'flexible', 'hotel for 40 adults and 30 kids']) {
      const response = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
  });
});
