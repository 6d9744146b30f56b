import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { createPlace, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/** Accessibility features are amenities (core/constants.ts accessibilityFeatures): the amenities filter finds them, for homes and hotels. */
describe('accessibility search', () => {
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

  const ids = async (type: string, query: string) => {
    const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/search?type=${type}&location=Access%20Town${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SearchResponse).results.map((listing) => listing.id).sort((a, b) => a - b);
  };

  it('narrows results to places with every accessibility feature asked for', async () => {
    const town = await createPlace(t.db, { nameEn: 'Access Town', nameHe: 'עיירה נגישה' });
    const make = (propertyType: 'sublet' | 'hotel', amenities: string[]) =>
      createProperty(t.db, { propertyType, hostId, placeId: town.id, amenities: ['free_wifi', ...amenities] });
    const stepFree = await make('sublet', ['step_free_entrance', 'elevator', 'wide_doorways']);
    const full = await make('sublet', ['step_free_entrance', 'elevator', 'wide_doorways', 'accessible_bathroom', 'accessible_parking']);
    await make('sublet', ['elevator', 'kitchen']);
    const hotel = await make('hotel', ['elevator', 'accessible_bathroom']);

    expect(await ids('sublet', '')).toHaveLength(3);
    expect(await ids('sublet', '&amenities=step_free_entrance')).toEqual([stepFree.id, full.id].sort((a, b) => a - b));
    expect(await ids('sublet', '&amenities=step_free_entrance,accessible_bathroom,accessible_parking')).toEqual([full.id]);
    expect(await ids('hotel', '&amenities=elevator,accessible_bathroom')).toEqual([hotel.id]);
    expect(await ids('hotel', '&amenities=accessible_parking')).toEqual([]);
  });
});
