import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { platformSettings, profiles } from '../../db/schema.ts';
import { createBooking, createProperty, createReview, createUser } from '../../seed/factories.ts';
import { createAppsOnOneDatabase, eventually, injectAs, signIn } from '../../test/test-app.ts';

async function page(app: FastifyInstance, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/properties/${id}?lang=en` });
  expect(response.statusCode, response.body).toBe(200);
  return { cache: response.headers['x-result-cache'], body: response.json() as ListingDetail };
}

describe("visitors' listing pages in the result cache", () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  let app: FastifyInstance;
  let hostId: string;
  let listingId: number;

  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
    app = await apps.appWith({ env: { SEARCH_CACHE_SECONDS: '30' } });
    await apps.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    hostId = (await createUser(apps.db, { email: 'cache-host@example.com', role: 'host', firstName: 'Noa' })).id;
    listingId = (await createProperty(apps.db, { hostId })).id;
  });
  afterAll(() => apps.close());

  it('answers a repeated visit from the cache with the same body', async () => {
    const first = await page(app, listingId);
    expect(first.cache).toBe('miss');
    // The first computation may itself write (the host's figures row), which starts a new generation
    // when its notification arrives; from then on the page stays cached.
    await eventually(async () => (await page(app, listingId)).cache === 'hit');
    const second = await page(app, listingId);
    expect(second.cache).toBe('hit');
    expect(second.body).toEqual(first.body);
  });

  it('shows a new review and a renamed host at once', async () => {
    await page(app, listingId);
    await createReview(apps.db, { propertyId: listingId, body: 'Fresh review' });
    await eventually(async () => {
      const { cache, body } = await page(app, listingId);
      return cache === 'miss' && body.reviews.some((review) => review.body === 'Fresh review');
    });
    await apps.db.update(profiles).set({ firstName: 'Dana' }).where(eq(profiles.userId, hostId));
    await eventually(async () => (await page(app, listingId)).body.host.firstName === 'Dana');
  });

  it('serves a signed-in viewer the shared page from it with their own saved flag and address, and keeps nothing of theirs', async () => {
    // A home: its street address is told only to its host, admins and a guest with a confirmed stay (issue 40).
    const homeId = (await createProperty(apps.db, { hostId, propertyType: 'sublet', address: '7 Bialik St' })).id;
    const guestId = (await createUser(apps.db, { email: 'cache-guest@example.com' })).id;
    const guest = await signIn(app, 'cache-guest@example.com');
    const host = await signIn(app, 'cache-host@example.com');
    await injectAs(app, guest, { method: 'PUT', url: `/api/saved/${homeId}` });
    const asMember = async (session: Awaited<ReturnType<typeof signIn>>) => {
      const response = await injectAs(app, session, { method: 'GET', url: `/api/properties/${homeId}?lang=en` });
      expect(response.statusCode, response.body).toBe(200);
      return { cache: response.headers['x-result-cache'], body: response.json() as ListingDetail };
    };
    // Once the shared page is kept, members are answered from it too.
    await page(app, homeId);
    await eventually(async () => (await page(app, homeId)).cache === 'hit');
    const guestView = await asMember(guest);
    expect(guestView.cache).toBe('hit');
    expect([guestView.body.saved, guestView.body.address]).toEqual([true, null]);
    const hostView = await asMember(host);
    expect(hostView.cache).toBe('hit');
    expect([hostView.body.saved, hostView.body.address]).toEqual([false, '7 Bialik St']);
    // The kept page is still every visitor's: nothing of either member went into it.
    const visitor = await page(app, homeId);
    expect([visitor.cache, visitor.body.saved, visitor.body.address]).toEqual(['hit', false, null]);
    const { saved: _saved, address: _address, ...rest } = hostView.body;
    const { saved: _s, address: _a, ...visitorRest } = visitor.body;
    expect(rest).toEqual(visitorRest);
    // A confirmed stay tells the guest the address, at once (the address is never kept).
    await createBooking(apps.db, { propertyId: homeId, guestId, status: 'confirmed' });
    expect((await asMember(guest)).body.address).toBe('7 Bialik St');
  });
});
