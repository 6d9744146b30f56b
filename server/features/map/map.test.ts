import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapBase, MapLand } from '../../../core/contracts/map.ts';
import { platformSettings } from '../../db/schema.ts';
import { createPlace } from '../../seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

describe('the base map', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    await createPlace(t.db, { nameEn: 'Map Town', nameHe: 'עיר המפה', latitude: 32.1, longitude: 34.9, popularity: 5 });
  });
  afterAll(() => t.close());

  it('labels the gazetteer places in the language asked for when no style is configured', async () => {
    const english = (await t.app.inject({ url: '/api/map/base?lang=en' })).json() as MapBase;
    expect(english.styleUrl).toBeNull();
    expect(english.places).toContainEqual(expect.objectContaining({ name: 'Map Town', latitude: 32.1, longitude: 34.9 }));
    const hebrew = (await t.app.inject({ url: '/api/map/base?lang=he' })).json() as MapBase;
    expect(hebrew.places.map((place) => place.name)).toContain('עיר המפה');
    expect((await t.app.inject({ url: '/api/map/base?lang=fr' })).statusCode).toBe(400);
  });

  it("serves Natural Earth's land around Israel from shipped data, cached for a day", async () => {
    const response = await t.app.inject({ url: '/api/map/land' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=86400');
    const land = response.json() as MapLand;
    const names = land.features.map((country) => country.properties.name);
    expect(names).toEqual(expect.arrayContaining(['Israel', 'Jordan', 'Egypt', 'Lebanon']));
    // Only the region: no polygon of a far country (the United States, France overseas) is sent.
    expect(names).not.toContain('United States of America');
    const israel = land.features.find((country) => country.properties.name === 'Israel')!;
    const points = israel.geometry.coordinates.flat(2);
    expect(points.length).toBeGreaterThan(200);
    // Tel Aviv's coast and Eilat are inside the outline's box.
    const longitudes = points.map((point) => point[0]!);
    const latitudes = points.map((point) => point[1]!);
    expect(Math.min(...latitudes)).toBeLessThan(29.6);
    expect(Math.max(...latitudes)).toBeGreaterThan(33);
    expect(Math.min(...longitudes)).toBeLessThan(34.5);
  });
});

describe('the base map with MAP_STYLE_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { MAP_STYLE_URL: 'https://tiles.example.com/styles/streets/style.json' } });
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
  });
  afterAll(() => t.close());

  it('hands the configured style to the web app, and lets the page reach its origin', async () => {
    const response = await t.app.inject({ url: '/api/map/base' });
    expect(response.json()).toMatchObject({ styleUrl: 'https://tiles.example.com/styles/streets/style.json' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.example\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.com/);
  });
});
