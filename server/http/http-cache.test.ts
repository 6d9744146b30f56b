import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '../db/schema.ts';
import { createPlace, createProperty, createPropertyPhoto, createUser } from '../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../test/test-app.ts';
import { cacheControlOf, matchesIfNoneMatch } from './http-cache.ts';

describe('HTTP caching of public answers', () => {
  let t: TestContext;
  let listingId: number;
  let member: string;
  beforeAll(async () => {
    t = await createTestContext();
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    const place = await createPlace(t.db, { nameEn: 'Cache Town', nameHe: 'עיר המטמון' });
    const host = await createUser(t.db, { role: 'host' });
    // Enough listings for a search answer well past the compression threshold.
    for (let i = 0; i < 12; i += 1) {
      // Hotels, which the searches below ask for.
      const listing = await createProperty(t.db, { hostId: host.id, placeId: place.id, cityId: place.id });
      await createPropertyPhoto(t.db, { propertyId: listing.id });
      listingId = listing.id;
    }
    const guest = await createUser(t.db);
    member = await signIn(t.app, guest.email);
  });
  afterAll(() => t.close());

  it.each([
    `/api/properties/:id?lang=en`,
    '/api/search?type=hotel&lang=en',
    '/api/listings/featured?lang=he',
    '/api/settings/public',
    '/api/help',
  ])('answers %s with an ETag and 304 when it still matches', async (template) => {
    const url = template.replace(':id', String(listingId));
    const first = await t.app.inject(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.vary).toContain('Cookie');
    expect(first.headers['cache-control']).toMatch(/^public, /);

    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const changed = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('lets shared caches keep a visitor’s listing but keeps a signed-in user’s private', async () => {
    const url = `/api/properties/${listingId}?lang=en`;
    const visitor = await t.app.inject(url);
    expect(visitor.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const signedIn = await injectAs(t.app, member, { method: 'GET', url });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toContain('Cookie');
    // Still revalidated cheaply in the user's own browser.
    const revalidated = await injectAs(t.app, member, {
      method: 'GET',
      url,
      headers: { 'if-none-match': signedIn.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never caches errors or routes that did not ask for it', async () => {
    const missing = await t.app.inject('/api/properties/999999?lang=en');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control'] ?? '').not.toContain('public');
    const personal = await injectAs(t.app, member, { method: 'GET', url: '/api/saved?lang=en' });
    expect(personal.headers.etag).toBeUndefined();
    expect(personal.headers['cache-control'] ?? '').not.toContain('public');
  });

  it.each([
    '/api/bookings?lang=en',
    '/api/host/bookings?lang=en',
    '/api/conversations?as=guest',
    '/api/messages/unread-count',
    '/api/saved?lang=en',
    '/api/profile/recommendations',
  ])('answers the signed-in %s with private, no-store, as every signed-in API answer that names no caching', async (url) => {
    const response = await injectAs(t.app, member, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers a signed-in booking thread, a refusal and a write with private, no-store too', async () => {
    const thread = await injectAs(t.app, member, { method: 'GET', url: '/api/bookings/00000000-0000-4000-8000-000000000000/messages' });
    expect(thread.statusCode).toBe(404);
    expect(thread.headers['cache-control']).toBe('private, no-store');
    const missing = await injectAs(t.app, member, { method: 'GET', url: '/api/properties/999999?lang=en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    const write = await injectAs(t.app, member, { method: 'PUT', url: `/api/saved/${listingId}` });
    expect(write.statusCode).toBe(200);
    expect(write.headers['cache-control']).toBe('private, no-store');
    // A route that names its own caching keeps it.
    expect((await injectAs(t.app, member, { method: 'GET', url: '/api/session' })).headers['cache-control']).toBe('no-store');
  });

  it('compresses a large JSON answer for a client that accepts it, and the ETag is the same', async () => {
    const url = '/api/search?type=hotel&lang=en';
    const plain = await t.app.inject(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const notModified = await t.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });
});

describe('cache rules', () => {
  it('builds Cache-Control from the rule and who asks', () => {
    expect(cacheControlOf({ maxAge: 30, staleWhileRevalidate: 300 }, false)).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(cacheControlOf({ maxAge: 0 }, false)).toBe('public, no-cache');
    expect(cacheControlOf({ maxAge: 30 }, true)).toBe('private, no-cache');
  });

  it('matches If-None-Match weakly, in a list, or *', () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
  });
});
