import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { platformSettings, profiles } from '../../db/schema.ts';
import { createProperty, createReview, createUser } from '../../seed/factories.ts';
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

  it("never serves a signed-in viewer's page from it, nor keeps one", async () => {
    await createUser(apps.db, { email: 'cache-guest@example.com' });
    const session = await signIn(app, 'cache-guest@example.com');
    await injectAs(app, session, { method: 'PUT', url: `/api/saved/${listingId}` });
    const own = await injectAs(app, session, { method: 'GET', url: `/api/properties/${listingId}?lang=en` });
    expect(own.headers['x-result-cache']).toBeUndefined();
    expect((own.json() as ListingDetail).saved).toBe(true);
    expect((await page(app, listingId)).body.saved).toBe(false);
  });
});
