import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { areaOffsetMetres, formatBbox, type Bbox } from '../../../core/map-area.ts';
import { queryRows } from '../../db/database.ts';
import { platformSettings } from '../../db/schema.ts';
import { createPlace, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { searchCacheKey } from './search-cache-key.ts';
import { searchStatements } from './search-repository.ts';

/** Metres between two points (equirectangular: exact enough at a few hundred metres). */
function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const north = (a.latitude - b.latitude) * 111_320;
  const east = (a.longitude - b.longitude) * 111_320 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(north, east);
}

/** A box `metres` either side of a point. */
function boxAround(point: { latitude: number; longitude: number }, metres: number): Bbox {
  const lat = metres / 111_320;
  const lng = metres / (111_320 * Math.cos((point.latitude * Math.PI) / 180));
  return { west: point.longitude - lng, south: point.latitude - lat, east: point.longitude + lng, north: point.latitude + lat };
}

describe('map search (bbox)', () => {
  let t: TestContext;
  const pins = {
    north: { latitude: 32.8, longitude: 35.0 },
    south: { latitude: 29.56, longitude: 34.95 },
    northCheap: { latitude: 32.81, longitude: 35.01 },
  };
  const ids: Record<keyof typeof pins | 'unpinned' | 'rental', number> = { north: 0, south: 0, northCheap: 0, unpinned: 0, rental: 0 };

  async function search(query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
    return { status: response.statusCode, body: response.json() as SearchResponse & { error?: { code: string; message: string } } };
  }

  async function found(query: string): Promise<number[]> {
    const { status, body } = await search(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.results.map((card) => card.id).sort((a, b) => a - b);
  }

  beforeAll(async () => {
    t = await createTestContext();
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    const host = await createUser(t.db, { role: 'host' });
    const city = await createPlace(t.db, { nameEn: 'Map Town', nameHe: 'עיר המפה', latitude: 32.8, longitude: 35.0 });
    const hotel = (pin: { latitude: number; longitude: number }, price: number) =>
      createProperty(t.db, { hostId: host.id, placeId: city.id, pricePerNight: price, ...pin }).then((listing) => listing.id);
    ids.north = await hotel(pins.north, 900);
    ids.south = await hotel(pins.south, 900);
    ids.northCheap = await hotel(pins.northCheap, 200);
    // A listing without a pin (one made before coordinates, in a place without a centre) is never in a box.
    ids.unpinned = await createProperty(t.db, { hostId: host.id, placeId: city.id, latitude: null, longitude: null }).then((l) => l.id);
    ids.rental = await createProperty(t.db, { hostId: host.id, placeId: city.id, propertyType: 'rental', ...pins.north }).then((l) => l.id);
  });
  afterAll(() => t.close());

  const northBox = formatBbox({ west: 34.9, south: 32.7, east: 35.1, north: 32.9 });

  it('finds the listings whose approximate point is inside the box, with the other filters', async () => {
    expect(await found(`type=hotels&bbox=${northBox}`)).toEqual([ids.north, ids.northCheap].sort((a, b) => a - b));
    expect(await found(`type=hotels&bbox=34,29,35.5,30`)).toEqual([ids.south]);
    expect(await found(`type=hotels&bbox=${northBox}&maxPrice=500`)).toEqual([ids.northCheap]);
    expect(await found(`type=rentals&bbox=${northBox}`)).toEqual([ids.rental]);
    // Dates, as every search: the listings are open for the whole stay.
    expect(await found(`type=hotels&bbox=${northBox}&checkIn=${daysFromNow(10)}&checkOut=${daysFromNow(12)}`)).toHaveLength(2);
    // A place and a box together: both must hold.
    expect(await found(`type=hotels&bbox=34,29,35.5,30&location=Map%20Town`)).toEqual([ids.south]);
    expect(await found(`type=hotels&bbox=10,10,11,11`)).toEqual([]);
    // Without a box, the unpinned listing is found as before.
    expect(await found(`type=hotels`)).toContain(ids.unpinned);
  });

  it('shows only the approximate point: 150-450 m from the pin, the same on every search', async () => {
    const first = (await search(`type=hotels&bbox=${northBox}`)).body.results.find((card) => card.id === ids.north)!;
    const again = (await search(`type=hotels&bbox=${northBox}&sort=price_asc`)).body.results.find((card) => card.id === ids.north)!;
    expect(first.area).toEqual(again.area);
    const distance = metresBetween(first.area!, pins.north);
    expect(distance).toBeGreaterThanOrEqual(areaOffsetMetres.min - 2);
    expect(distance).toBeLessThanOrEqual(areaOffsetMetres.max + 2);
    // The answer carries no field with the pin.
    const text = JSON.stringify((await search(`type=hotels&bbox=${northBox}`)).body);
    expect(text).not.toContain(String(pins.north.latitude) + ',');
    expect(text).not.toMatch(/"latitude":32\.8[,}]/);
    // A box around the pin itself, smaller than the offset, does not find the listing: boxes
    // filter on the approximate point, so a series of boxes cannot close in on the address.
    expect(await found(`type=hotels&bbox=${formatBbox(boxAround(pins.north, 100))}`)).not.toContain(ids.north);
    expect(await found(`type=hotels&bbox=${formatBbox(boxAround(first.area!, 20))}`)).toContain(ids.north);
    // An unpinned listing's card has no point.
    const unpinned = (await search('type=hotels')).body.results.find((card) => card.id === ids.unpinned);
    expect(unpinned?.area).toBeNull();
  });

  it('refuses a bad box with a 400 naming bbox', async () => {
    for (const bad of ['1,2,3', 'a,b,c,d', '35,32,34,33', '34,33,35,32', '34,-91,35,33', '-181,1,2,3', '1,2,3,4,5', '']) {
      const { status, body } = await search(`type=hotels&bbox=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(body.error?.code).toBe('validation_failed');
      expect(body.error?.message, bad).toContain('bbox');
    }
  });

  it('caches each box apart', () => {
    const base = { type: 'hotel' as const, sort: 'rating' as const, page: 1, lang: 'en' as const };
    expect(searchCacheKey({ ...base, bbox: { west: 1, south: 2, east: 3, north: 4 } })).not.toBe(searchCacheKey(base));
    expect(searchCacheKey({ ...base, bbox: { west: 1, south: 2, east: 3, north: 4 } })).not.toBe(
      searchCacheKey({ ...base, bbox: { west: 1, south: 2, east: 3, north: 5 } }),
    );
  });

  it('keeps the pin when the offset is drawn, and draws a different offset per listing', async () => {
    const rows = await queryRows<{ area_bearing: number; area_distance: number }>(
      t.db,
      'select area_bearing, area_distance from properties where id = any($1::int[])',
      [[ids.north, ids.south, ids.northCheap]],
    );
    expect(new Set(rows.map((row) => `${row.area_bearing}:${row.area_distance}`)).size).toBe(3);
  });

  it('looks the box up through the area index', async () => {
    // Enough listings for the planner to prefer an index: 5,000 spread over the country.
    const host = await createUser(t.db, { role: 'host' });
    await t.db.execute(sql`
      insert into properties (host_id, property_type, status, title_en, title_he, place_id, city_id, price_per_night, latitude, longitude, published_at)
      select ${host.id}, 'hotel', 'approved', 'Spread ' || n, 'פיזור ' || n, p.id, p.id, 100 + n % 900,
        29.6 + (n % 100) * 0.036, 34.3 + (n / 100) * 0.03, now()
      from generate_series(1, 5000) n, (select id from places where name_en = 'Map Town') p`);
    await t.db.execute(sql`vacuum analyze properties`);
    const query = { type: 'hotel' as const, sort: 'rating' as const, page: 1, lang: 'en' as const };
    const small = searchStatements({ ...query, bbox: { west: 34.78, south: 32.05, east: 34.8, north: 32.1 } }, null).count;
    const rows = await queryRows<Record<string, string>>(t.db, `explain ${small.text}`, small.values);
    expect(rows.map((row) => Object.values(row)[0]).join('\n')).toContain('properties_search_area_idx');
  });
});
