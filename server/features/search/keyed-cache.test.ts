import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { listingBlocks, platformSettings, properties, propertyPhotos } from '../../db/schema.ts';
import { createUser, daysFromNow } from '../../seed/factories.ts';
import { createSubletTown } from '../../test/sublet-town.ts';
import { createAppsOnOneDatabase, eventually, injectAs, signIn } from '../../test/test-app.ts';

/**
 * Invalidation that follows the data (docs/decisions/065-keyed-cache.md), on two instances of the
 * app on one database, each with its own cache in memory and, with TEST_REDIS_URL, sharing one in
 * Redis: after each kind of write, both instances answer afresh what the write changed (never a
 * stale answer once they have read the change), and keep answering from the cache what it did not
 * change: another city's searches and listing pages.
 */

type Apps = Awaited<ReturnType<typeof createAppsOnOneDatabase>>;

async function get<T>(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return { cache: response.headers['x-search-cache'] ?? response.headers['x-result-cache'], body: response.json() as T };
}

/**
 * The answer once `app` serves it from its cache, after `app` has read every change committed before
 * (a hit alone could be an answer kept under versions an earlier write is about to move on).
 */
async function kept<T>(app: FastifyInstance, url: string): Promise<T> {
  await app.resultCache.caughtUp(10_000);
  const found = await eventually(async () => {
    const answer = await get<T>(app, url);
    return answer.cache === 'hit' ? answer : undefined;
  }, 10_000);
  return found.body;
}

/**
 * `app` shows the change (`shows`) once it has read it, and keeps the new answer. With Redis the
 * other instance may have computed it first: then it is a hit of the new answer.
 */
async function afresh<T>(app: FastifyInstance, url: string, shows: (body: T) => boolean) {
  await eventually(async () => shows((await get<T>(app, url)).body));
  // The answer that first showed it may have been computed before this instance's next look at the
  // log (about 100 ms), and kept under the versions it read then: the repeat that follows the look is
  // computed once more. So the kept new answer is waited for, not expected at the first repeat.
  await eventually(async () => {
    const again = await get<T>(app, url);
    return again.cache === 'hit' && shows(again.body);
  }, 10_000);
}

const ids = (body: SearchResponse) => body.results.map((card) => card.id).sort((a, b) => a - b);
const card = (body: SearchResponse, id: number) => body.results.find((found) => found.id === id);

/** A city with two sublets at ₪6,000 a month. */
const seedCity = (apps: Apps, name: string) => createSubletTown(apps.db, name, { pricePerMonth: 6000 });

const variants = [
  { name: 'each instance caching in its own memory', env: {} as Record<string, string> },
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'both instances sharing Redis',
          env: { REDIS_URL: process.env.TEST_REDIS_URL, SEARCH_CACHE_KEY_PREFIX: `test-${randomUUID()}:` },
        },
      ]
    : []),
];

describe.each(variants)('the result cache on two instances, $name', ({ env }) => {
  let apps: Apps;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let eilat: Awaited<ReturnType<typeof seedCity>>;
  let haifa: Awaited<ReturnType<typeof seedCity>>;
  const stay = `checkIn=${daysFromNow(20)}&checkOut=${daysFromNow(50)}`;
  const eilatSearch = (extra = '') => `/api/search?type=sublet&location=Keyed%20Eilat${extra}`;
  const haifaSearch = `/api/search?type=sublet&location=Keyed%20Haifa&${stay}`;
  const page = (id: number) => `/api/properties/${id}?lang=en`;

  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
    a = await apps.appWith({ env: { SEARCH_CACHE_SECONDS: '30', ...env } });
    b = await apps.appWith({ env: { SEARCH_CACHE_SECONDS: '30', ...env } });
    await apps.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    eilat = await seedCity(apps, 'Keyed Eilat');
    haifa = await seedCity(apps, 'Keyed Haifa');
  });
  afterAll(() => apps.close());

  /**
   * Haifa's search and one of its pages, kept on both instances before a write to Eilat, and still
   * answered from the cache after it, with the same bodies.
   */
  async function keepHaifa() {
    const kept0 = [
      await kept<SearchResponse>(a, haifaSearch),
      await kept<SearchResponse>(b, haifaSearch),
      await kept<ListingDetail>(a, page(haifa.first.id)),
      await kept<ListingDetail>(b, page(haifa.first.id)),
    ];
    expect(ids(kept0[0] as SearchResponse)).toEqual(haifa.ids);
    return async function stillKept() {
      const now = [
        await get<SearchResponse>(a, haifaSearch),
        await get<SearchResponse>(b, haifaSearch),
        await get<ListingDetail>(a, page(haifa.first.id)),
        await get<ListingDetail>(b, page(haifa.first.id)),
      ];
      expect(now.map((answer) => answer.cache)).toEqual(['hit', 'hit', 'hit', 'hit']);
      expect(now.map((answer) => answer.body)).toEqual(kept0);
    };
  }

  it('after a listing edit: its searches and its page, on both instances', async () => {
    await kept(a, eilatSearch());
    await kept(b, eilatSearch());
    await kept(b, page(eilat.first.id));
    const haifaKept = await keepHaifa();
    await apps.db.update(properties).set({ pricePerMonth: 6500 }).where(eq(properties.id, eilat.first.id));
    for (const app of [a, b]) {
      await afresh<SearchResponse>(app, eilatSearch(), (body) => card(body, eilat.first.id)?.price === 6500);
      await afresh<ListingDetail>(app, page(eilat.first.id), (body) => body.pricePerMonth === 6500);
    }
    await haifaKept();
  });

  it('after a booking requested on one instance: the searches over its dates, on the other at once with Redis', async () => {
    const dated = eilatSearch(`&${stay}`);
    expect(ids(await kept<SearchResponse>(a, dated))).toEqual(eilat.ids);
    await kept(b, dated);
    // Eilat's searches without dates do not show free nights: they stay too.
    const undated = [await kept<SearchResponse>(a, eilatSearch()), await kept<SearchResponse>(b, eilatSearch())];
    const haifaKept = await keepHaifa();
    await createUser(apps.db, { email: `keyed-guest-${randomUUID()}@example.com` }).then(async (guest) => {
      const session = await signIn(a, guest.email);
      const booked = await injectAs(a, session, {
        method: 'POST',
        url: '/api/bookings',
        payload: { propertyId: eilat.first.id, checkIn: daysFromNow(30), checkOut: daysFromNow(35) },
      });
      expect(booked.statusCode, booked.body).toBe(201);
    });
    // The booking was answered once its own instance had read the change: the writer's next search
    // there is fresh at once, and with Redis (versions shared) on the other instance too.
    const own = await get<SearchResponse>(a, dated);
    expect([own.cache, ids(own.body)]).toEqual(['miss', [eilat.second.id]]);
    if (env.REDIS_URL) expect(ids((await get<SearchResponse>(b, dated)).body)).toEqual([eilat.second.id]);
    await afresh<SearchResponse>(b, dated, (body) => JSON.stringify(ids(body)) === JSON.stringify([eilat.second.id]));
    await haifaKept();
    const undatedNow = [await get<SearchResponse>(a, eilatSearch()), await get<SearchResponse>(b, eilatSearch())];
    expect(undatedNow.map((answer) => [answer.cache, answer.body])).toEqual(undated.map((body) => ['hit', body]));
  });

  it("after a host's blocked dates: the searches over them", async () => {
    const dated = eilatSearch(`&checkIn=${daysFromNow(100)}&checkOut=${daysFromNow(130)}`);
    expect(ids(await kept<SearchResponse>(a, dated))).toEqual(eilat.ids);
    await kept(b, dated);
    const haifaKept = await keepHaifa();
    await apps.db.insert(listingBlocks).values({ propertyId: eilat.second.id, startDate: daysFromNow(110), endDate: daysFromNow(111) });
    for (const app of [a, b])
      await afresh<SearchResponse>(app, dated, (body) => JSON.stringify(ids(body)) === JSON.stringify([eilat.first.id]));
    await haifaKept();
  });

  it('after a new cover photo: the cards and the page', async () => {
    await kept(a, eilatSearch());
    await kept(b, page(eilat.second.id));
    const haifaKept = await keepHaifa();
    const storageKey = 'public/seed/kitchen-1.svg';
    await apps.db.insert(propertyPhotos).values({ propertyId: eilat.second.id, storageKey, position: 0, width: 1200, height: 800 });
    for (const app of [a, b]) {
      await afresh<SearchResponse>(app, eilatSearch(), (body) => card(body, eilat.second.id)?.photoUrl?.includes('kitchen-1') === true);
      await afresh<ListingDetail>(app, page(eilat.second.id), (body) => body.photos.some((photo) => photo.url.includes('kitchen-1')));
    }
    await haifaKept();
  });

  it("after a place's verification: the verified-places filter, the badge and the page", async () => {
    const verifiedOnly = eilatSearch('&verifiedPlace=true');
    expect(ids(await kept<SearchResponse>(a, verifiedOnly))).toEqual([]);
    await kept(b, verifiedOnly);
    await kept(a, page(eilat.first.id));
    const haifaKept = await keepHaifa();
    await apps.db.update(properties).set({ placeVerification: 'verified' }).where(eq(properties.id, eilat.first.id));
    for (const app of [a, b]) {
      await afresh<SearchResponse>(app, verifiedOnly, (body) => JSON.stringify(ids(body)) === JSON.stringify([eilat.first.id]));
      await afresh<ListingDetail>(app, page(eilat.first.id), (body) => body.verifiedPlace);
    }
    await haifaKept();
  });

  it('after a change to everything (the commission rates): every answer', async () => {
    const haifaDated = await kept<SearchResponse>(b, haifaSearch);
    const before = card(haifaDated, haifa.first.id)!.stayTotal;
    await apps.db
      .insert(platformSettings)
      .values({ key: 'commission_rates', value: { sublet: 0.25 } })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: { sublet: 0.25 } } });
    for (const app of [a, b]) await afresh<SearchResponse>(app, haifaSearch, (body) => card(body, haifa.first.id)!.stayTotal !== before);
  });
});
