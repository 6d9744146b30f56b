import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { listingBlocks, platformSettings, properties } from '../../db/schema.ts';
import { createBooking, createPriceRule, createUser, daysFromNow } from '../../seed/factories.ts';
import { createSubletTown } from '../../test/sublet-town.ts';
import { createAppsOnOneDatabase, eventually, injectAs, signIn } from '../../test/test-app.ts';

async function search(app: FastifyInstance, query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { cache: response.headers['x-search-cache'], type: response.headers['content-type'], body: response.json() as SearchResponse };
}

const idsOf = (body: SearchResponse) => body.results.map((listing) => listing.id).sort((a, b) => a - b);

/** The next search is computed afresh (not from the cache) and finds exactly `expected`. */
async function freshly(app: FastifyInstance, query: string, expected: number[]) {
  await eventually(async () => {
    const { cache, body } = await search(app, query);
    return cache === 'miss' && JSON.stringify(idsOf(body)) === JSON.stringify(expected);
  });
}

/**
 * A repeat of the search is answered from the cache. Writes made beside the app (the factories) reach
 * the instance on its next look at the change log, about 100 ms later (decision 065), and an answer
 * computed before that look is kept under the versions it read: so wait for the hit, up to 10 s on a
 * loaded machine, rather than expect it from the second try.
 */
async function kept(app: FastifyInstance, query: string) {
  await app.resultCache.caughtUp(10_000);
  await eventually(async () => (await search(app, query)).cache === 'hit', 10_000);
}

/** A town with two sublets open all year, on a live site. */
async function seedTown(db: Awaited<ReturnType<typeof createAppsOnOneDatabase>>['db'], town: string) {
  await db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' }).onConflictDoNothing();
  return createSubletTown(db, town);
}

describe('search result cache', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  let app: FastifyInstance;
  let town: Awaited<ReturnType<typeof seedTown>>;
  const stay = `checkIn=${daysFromNow(20)}&checkOut=${daysFromNow(50)}`;

  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
    app = await apps.appWith({ env: { SEARCH_CACHE_SECONDS: '30' } });
    town = await seedTown(apps.db, 'Cache Town');
  });
  afterAll(() => apps.close());

  it('answers an identical search from the cache with the same body, however the query is written', async () => {
    const first = await search(app, 'type=sublet&location=Cache%20Town&lang=he');
    expect(first.cache).toBe('miss');
    expect(idsOf(first.body)).toEqual(town.ids);
    // The seed's own writes may still be on their way to this instance (each one moves the key on);
    // once they are in, a repeat is answered from the cache.
    await kept(app, 'type=sublet&location=Cache%20Town&lang=he');
    const again = await search(app, 'type=sublet&location=Cache%20Town&lang=he');
    expect(again).toEqual({ cache: 'hit', type: first.type, body: first.body });
    expect((await search(app, 'type=sublets&location=%20cache%20town&lang=he')).cache).toBe('hit');
    // Another language is another answer.
    expect((await search(app, 'type=sublet&location=Cache%20Town&lang=en')).cache).toBe('miss');
  });

  it('asks the database once for identical searches that arrive together', async () => {
    const query = 'type=sublet&location=Cache%20Town&lang=en&guests=1';
    const answers = await Promise.all(Array.from({ length: 5 }, () => search(app, query)));
    expect(answers.map((answer) => answer.cache).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'miss']);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  });

  it('searches afresh after a booking, whoever makes it', async () => {
    const query = `type=sublet&location=Cache%20Town&${stay}`;
    await kept(app, query);
    await createUser(apps.db, { email: 'cache-guest@example.com' });
    const guest = await signIn(app, 'cache-guest@example.com');
    const booked = await injectAs(app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: town.first.id, checkIn: daysFromNow(30), checkOut: daysFromNow(35) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await freshly(app, query, [town.second.id]);
    await kept(app, query);

    // A booking written by anything else (a job, an admin with psql) is noticed the same way.
    const guestId = (await createUser(apps.db)).id;
    await createBooking(apps.db, {
      propertyId: town.second.id,
      guestId,
      checkIn: daysFromNow(40),
      checkOut: daysFromNow(41),
      status: 'confirmed',
    });
    await freshly(app, query, []);
  });

  it('searches afresh after a listing changes or its host blocks dates', async () => {
    const query = 'type=sublet&location=Cache%20Town&sort=newest';
    await kept(app, query);
    await apps.db.update(properties).set({ status: 'paused' }).where(eq(properties.id, town.second.id));
    await freshly(app, query, [town.first.id]);

    const blocked = `type=sublet&location=Cache%20Town&checkIn=${daysFromNow(100)}&checkOut=${daysFromNow(110)}`;
    await kept(app, blocked);
    await apps.db.insert(listingBlocks).values({ propertyId: town.first.id, startDate: daysFromNow(105), endDate: daysFromNow(106) });
    await freshly(app, blocked, []);
  });

  it("searches afresh after the admin's commission rates change: cards with dates carry totals priced at them", async () => {
    const query = `type=sublet&location=Cache%20Town&checkIn=${daysFromNow(200)}&checkOut=${daysFromNow(230)}`;
    const before = (await search(app, query)).body.results[0]!.stayTotal;
    await kept(app, query);
    await apps.db
      .insert(platformSettings)
      .values({ key: 'commission_rates', value: { sublet: 0.2 } })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: { sublet: 0.2 } } });
    await eventually(async () => {
      const { cache, body } = await search(app, query);
      return cache === 'miss' && body.results[0]!.stayTotal !== before;
    });
  });

  it('prices stays afresh after a seasonal rule changes, in every search over those dates', async () => {
    // The seasonal prices of a stay are kept for all searches over its dates until the next change
    // (ResultCache.remember): two searches share them, and a new rule reaches both.
    const dates = `checkIn=${daysFromNow(300)}&checkOut=${daysFromNow(330)}`;
    const cheapestFirst = `type=sublet&location=Cache%20Town&${dates}&sort=price_asc`;
    const dearestFirst = `type=sublet&location=Cache%20Town&${dates}&sort=price_desc`;
    const pricesOf = (body: SearchResponse) => Object.fromEntries(body.results.map((card) => [card.id, card.price]));
    const before = pricesOf((await search(app, cheapestFirst)).body);
    expect(pricesOf((await search(app, dearestFirst)).body)).toEqual(before);
    expect(before[town.first.id]).toBeGreaterThan(0);

    await createPriceRule(apps.db, {
      propertyId: town.first.id,
      startDate: daysFromNow(290),
      endDate: daysFromNow(340),
      adjustPercent: 50,
    });
    for (const query of [cheapestFirst, dearestFirst]) {
      await eventually(async () => {
        const { cache, body } = await search(app, query);
        return cache === 'miss' && pricesOf(body)[town.first.id]! > before[town.first.id]!;
      });
    }
    // The other listing has no rule: its price stays.
    expect(pricesOf((await search(app, dearestFirst)).body)[town.second.id]).toBe(before[town.second.id]);
  });

  it('is off with SEARCH_CACHE_SECONDS=0', async () => {
    const off = await apps.appWith({ env: { SEARCH_CACHE_SECONDS: '0' } });
    await search(off, 'type=sublet');
    expect((await search(off, 'type=sublet')).cache).toBe('miss');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('search result cache in Redis, shared by two instances', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let town: Awaited<ReturnType<typeof seedTown>>;

  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
    // A key prefix of its own: other tests and helpers use the same Redis.
    const env = { SEARCH_CACHE_SECONDS: '30', REDIS_URL: process.env.TEST_REDIS_URL!, SEARCH_CACHE_KEY_PREFIX: `test-${randomUUID()}:` };
    a = await apps.appWith({ env });
    b = await apps.appWith({ env });
    town = await seedTown(apps.db, 'Shared Town');
  });
  afterAll(() => apps.close());

  it('serves on one instance what the other computed, and a change on one reaches searches on the other', async () => {
    const query = `type=sublet&location=Shared%20Town&checkIn=${daysFromNow(20)}&checkOut=${daysFromNow(50)}`;
    // Both start on a generation of their own; the first change puts them on the same one.
    await apps.db.update(properties).set({ status: 'approved' }).where(eq(properties.id, town.first.id));
    await freshly(a, query, town.ids);
    await eventually(async () => (await search(b, query)).cache === 'hit');

    await createUser(apps.db, { email: 'shared-guest@example.com' });
    const guest = await signIn(a, 'shared-guest@example.com');
    const booked = await injectAs(a, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: town.first.id, checkIn: daysFromNow(30), checkOut: daysFromNow(35) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await freshly(b, query, [town.second.id]);
    // a hears of the booking on its own listening connection, a moment after b may have: until then it
    // is on an older generation (the guest's sign-up and sign-in also moved it), so wait for the hit.
    await eventually(async () => {
      const { cache, body } = await search(a, query);
      return cache === 'hit' && JSON.stringify(idsOf(body)) === JSON.stringify([town.second.id]);
    });
  });
});
