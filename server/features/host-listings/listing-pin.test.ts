import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListing } from '../../../core/contracts/host-listings.ts';
import { createPlace, createUser, type Place } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe("a listing's pin", () => {
  let t: TestContext;
  let host: string;
  let city: Place;
  let other: Place;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    injectAs(t.app, host, { method, url, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'pin-host@example.com', role: 'host' });
    host = await signIn(t.app, 'pin-host@example.com');
    city = await createPlace(t.db, { nameEn: 'Pin City', nameHe: 'עיר הנעץ', latitude: 32.794, longitude: 34.9896 });
    other = await createPlace(t.db, { nameEn: 'Other City', nameHe: 'עיר אחרת', latitude: 31.2518, longitude: 34.7913 });
  });
  afterAll(() => t.close());

  it('starts at the place’s centre, keeps where the host puts it, and follows a new place', async () => {
    const created = (await call('POST', '/api/host/listings', { propertyType: 'sublet', placeId: city.id })).json() as HostListing;
    expect(created).toMatchObject({ latitude: 32.794, longitude: 34.9896 });

    const moved = await call('PATCH', `/api/host/listings/${created.id}`, { latitude: 32.8011, longitude: 34.9812 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('GET', `/api/host/listings/${created.id}`)).json()).toMatchObject({ latitude: 32.8011, longitude: 34.9812 });

    // Another place without a pin: the pin goes to that place's centre.
    const elsewhere = (
      await call('PATCH', `/api/host/listings/${created.id}`, { placeId: other.id, latitude: null, longitude: null })
    ).json();
    expect(elsewhere).toMatchObject({ latitude: 31.2518, longitude: 34.7913 });
  });

  it('refuses half a pin and a pin outside the country, with a 400', async () => {
    const created = (await call('POST', '/api/host/listings', { propertyType: 'rental', placeId: city.id })).json() as HostListing;
    for (const bad of [
      { latitude: 32.8 },
      { longitude: 34.9 },
      { latitude: 32.8, longitude: null },
      { latitude: 48.85, longitude: 2.35 },
    ]) {
      const response = await call('PATCH', `/api/host/listings/${created.id}`, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});
