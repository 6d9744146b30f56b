import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { listingPriceRules } from '../../db/schema.ts';
import { createPlace, createProperty, createUser, daysFromNow, type Place } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { maxCountedResults, maxCountedTextResults } from '../../../core/search-params.ts';

/**
 * The search's words (issue 38, item 3; decision 048): titles and descriptions in both languages,
 * Hebrew words with their one-letter prefixes, typos by trigram similarity; listings matching more of
 * the words come first, and a listing matching none is left out.
 */
describe('text relevance', () => {
  let t: TestContext;
  let town: Place;
  let guest: string;
  const ids: Record<string, number> = {};

  async function found(query: string): Promise<number[]> {
    const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/search?location=Word%20Town&type=sublets&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SearchResponse).results.map((card) => card.id);
  }

  beforeAll(async () => {
    t = await createTestContext();
    const hostId = (await createUser(t.db, { role: 'host' })).id;
    await createUser(t.db, { email: 'words@example.com' });
    guest = await signIn(t.app, 'words@example.com');
    town = await createPlace(t.db, { nameEn: 'Word Town', nameHe: 'עיר המילים' });
    const listing = (key: string, fields: { titleEn?: string; titleHe?: string; descriptionEn?: string; descriptionHe?: string }) =>
      createProperty(t.db, { propertyType: 'sublet', hostId, placeId: town.id, titleEn: '', titleHe: '', ...fields }).then(
        (row) => (ids[key] = row.id),
      );
    await listing('balcony', { titleEn: 'Sunny flat with a balcony', descriptionEn: 'Quiet street, near the beach.' });
    await listing('garden', { titleEn: 'Garden apartment', descriptionEn: 'A garden and a balcony overlooking the sea.' });
    await listing('hebrew', { titleHe: 'דירה עם מרפסת', descriptionHe: 'בְּשכונה שקטה, קרוב לים.' });
    await listing('plain', { titleEn: 'Studio', descriptionEn: 'Close to the station.' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('matches words in titles and descriptions, and leaves out listings matching none', async () => {
    expect((await found('text=balcony')).sort()).toEqual([ids.balcony, ids.garden].sort());
    expect(await found('text=station')).toEqual([ids.plain]);
    expect(await found('text=volcano')).toEqual([]);
  });

  it('puts listings matching more of the words first', async () => {
    const order = await found('text=garden%20balcony');
    expect(order).toEqual([ids.garden, ids.balcony]);
    // The same with another sort: relevance first, the sort within.
    expect(await found('text=garden%20balcony&sort=newest')).toEqual([ids.garden, ids.balcony]);
  });

  it('matches a Hebrew word with a one-letter prefix, on either side, and ignores points', async () => {
    // "במרפסת" (with "in the") finds "מרפסת"; "שכונה" finds "בְּשכונה" (pointed, with a prefix).
    expect(await found(`text=${encodeURIComponent('במרפסת')}`)).toEqual([ids.hebrew]);
    expect(await found(`text=${encodeURIComponent('שכונה')}`)).toEqual([ids.hebrew]);
    expect(await found(`text=${encodeURIComponent('ולים')}`)).toEqual([ids.hebrew]);
  });

  it('still finds a word written with a typo, after exact matches', async () => {
    expect((await found('text=balconny')).sort()).toEqual([ids.balcony, ids.garden].sort());
    // A Hebrew typo: "שכונא" for "שכונה" (trigram similarity 0.5, through the lexicon).
    expect(await found(`text=${encodeURIComponent('שכונא')}`)).toEqual([ids.hebrew]);
    // A match through a typo's correction ranks after a match of a word as written.
    expect(await found('text=balconny%20garden')).toEqual([ids.garden, ids.balcony]);
    // An English stem: "balconies" is "balcony".
    expect((await found('text=balconies')).sort()).toEqual([ids.balcony, ids.garden].sort());
  });

  it('refuses a text over 200 characters with a 400', async () => {
    const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/search?text=${'a'.repeat(201)}` });
    expect([response.statusCode, response.json().error.code]).toEqual([400, 'validation_failed']);
  });
});

/**
 * A search with words counts to 200 (maxCountedTextResults, decision 059): its matches are read from
 * the table one by one, where a search without words counts to 1,000 inside covering indexes. Past
 * 200 the answer says "more than 200" (totalIsCapped) and its pages still come, in the sort's order.
 */
describe('the count of a search with words', () => {
  let t: TestContext;
  const matching = maxCountedTextResults + 1;
  const ids: number[] = [];
  let guest: string;

  const search = async (query: string): Promise<SearchResponse> => {
    const response = await injectAs(t.app, guest, { method: 'GET', url: `/api/search?location=Count%20Town&type=rentals&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResponse;
  };

  beforeAll(async () => {
    t = await createTestContext();
    const hostId = (await createUser(t.db, { role: 'host' })).id;
    await createUser(t.db, { email: 'counts@example.com' });
    guest = await signIn(t.app, 'counts@example.com');
    const town = await createPlace(t.db, { nameEn: 'Count Town', nameHe: 'עיר הספירה' });
    const listing = (titleEn: string, titleHe = '') =>
      createProperty(t.db, { propertyType: 'rental', hostId, placeId: town.id, titleEn, titleHe });
    // One more than the cap with the word, and one with it only in Hebrew.
    for (let batch = 0; batch < matching; batch += 25) {
      const rows = await Promise.all(
        Array.from({ length: Math.min(25, matching - batch) }, (_, i) => listing(`Cottage ${batch + i} with a hammock`)),
      );
      ids.push(...rows.map((row) => row.id));
    }
    await listing('Cottage on the hill', 'צימר עם ערסל');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('says "more than 200" past 200 matches, and counts a search without words to 1,000', async () => {
    const words = await search('text=hammock');
    expect(words).toMatchObject({ total: maxCountedTextResults, totalIsCapped: true, pageCount: Math.ceil(maxCountedTextResults / 12) });
    expect(maxCountedTextResults).toBeLessThan(maxCountedResults);
    // Without words the same town is counted exactly (it is under 1,000).
    expect(await search('')).toMatchObject({ total: matching + 1, totalIsCapped: false });
  });

  it("gives every page past the count in the sort's order, without repeats", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(matching / 12); page++) {
      const answer = await search(`text=hammock&sort=newest&page=${page}`);
      expect(answer.totalIsCapped).toBe(true);
      seen.push(...answer.results.map((card) => card.id));
    }
    expect(seen).toHaveLength(matching);
    expect(new Set(seen).size).toBe(matching);
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('sorts by price with a seasonal rule in the stay, past the count and within it', async () => {
    // A seasonal price makes the price sort's page a statement of its own (pageIds): the words' two-step
    // walk must not leave parameters it did not use (PostgreSQL refuses them).
    await t.db
      .insert(listingPriceRules)
      .values({ propertyId: ids[0]!, startDate: daysFromNow(40), endDate: daysFromNow(45), adjustPercent: -50 });
    const stay = `checkIn=${daysFromNow(40)}&checkOut=${daysFromNow(47)}`;
    const past = await search(`text=hammock&sort=price_asc&${stay}`);
    expect(past.totalIsCapped).toBe(true);
    expect(past.results[0]?.id).toBe(ids[0]);
    expect(await search(`text=17&sort=price_desc&${stay}`)).toMatchObject({ total: 1, totalIsCapped: false });
  });

  it('counts exactly at 200 or fewer matches, a Hebrew word with a prefix too', async () => {
    expect(await search('text=17')).toMatchObject({ total: 1, totalIsCapped: false, pageCount: 1 });
    expect(await search(`text=${encodeURIComponent('בערסל')}`)).toMatchObject({ total: 1, totalIsCapped: false });
  });
});
