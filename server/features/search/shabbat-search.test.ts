import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { createPlace, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/** The results' Shabbat-friendly filter (core/amenity-bits.ts, shabbatFriendlyAmenities). */
describe('Shabbat-friendly search', () => {
  let t: TestContext;
  let guest: string;
  let hostId: string;

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { role: 'host' })).id;
    await createUser(t.db, { email: 'guest@example.com' });
    guest = await signIn(t.app, 'guest@example.com');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds Shabbat-friendly listings: a Shabbat elevator or a kosher kitchen', async () => {
    const town = await createPlace(t.db, { nameEn: 'Shabbat Test Town', nameHe: 'עיירת שבת' });
    const make = (amenities: string[]) =>
      createProperty(t.db, { propertyType: 'sublet', hostId, placeId: town.id, amenities: ['free_wifi', ...amenities] });
    const elevator = await make(['shabbat_elevator']);
    const kosher = await make(['kosher_kitchen', 'kitchen']);
    await make(['elevator', 'kitchen']);
    const ids = async (query: string) => {
      const response = await injectAs(t.app, guest, {
        method: 'GET',
        url: `/api/search?type=sublet&location=Shabbat%20Test%20Town${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as SearchResponse).results.map((listing) => listing.id).sort((a, b) => a - b);
    };
    expect(await ids('&shabbatFriendly=true')).toEqual([elevator.id, kosher.id].sort((a, b) => a - b));
    expect(await ids('')).toHaveLength(3);
    const bad = await injectAs(t.app, guest, { method: 'GET', url: '/api/search?type=sublet&shabbatFriendly=yes' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'validation_failed']);
  });
});
