import { describe, expect, it } from 'vitest';
import { addDaysIso, today } from '../../../core/dates.ts';
import { searchQuerySchema, type SearchQuery } from '../../../core/search-query-schema.ts';
import { searchCacheKey, searchDependencies } from './search-cache-key.ts';

type Raw = Record<string, string>;

// Within the date horizon (core/dates.ts): from yesterday to two years ahead.
const day = (offset: number) => addDaysIso(today(), offset);
const dates = { checkIn: day(60), checkOut: day(67) };

/**
 * For every field of the API query: two valid queries that differ in that field alone. Typed over
 * every field, so a new filter does not compile until it is given here; the first test also reads
 * the schema's shape at run time.
 */
const variants: { [K in keyof SearchQuery]-?: [Raw, Raw] } = {
  type: [{ type: 'sublets' }, { type: 'rentals' }],
  location: [{ location: 'Haifa' }, { location: 'Eilat' }],
  checkIn: [{ checkIn: day(60) }, { checkIn: day(61) }],
  checkOut: [{ checkOut: day(67) }, { checkOut: day(68) }],
  minPrice: [{ minPrice: '100' }, { minPrice: '200' }],
  maxPrice: [{ maxPrice: '900' }, { maxPrice: '800' }],
  stars: [
    { type: 'hotels', stars: '4' },
    { type: 'hotels', stars: '4,5' },
  ],
  amenities: [{ amenities: 'free_wifi' }, { amenities: 'free_wifi,parking' }],
  petFriendly: [{ petFriendly: 'false' }, { petFriendly: 'true' }],
  verifiedPlace: [{ verifiedPlace: 'false' }, { verifiedPlace: 'true' }],
  swapAvailable: [{ swapAvailable: 'false' }, { swapAvailable: 'true' }],
  shabbatFriendly: [{ shabbatFriendly: 'false' }, { shabbatFriendly: 'true' }],
  rooms: [
    { type: 'hotels', rooms: '1' },
    { type: 'hotels', rooms: '2' },
  ],
  guests: [{ guests: '2' }, { guests: '3' }],
  children: [
    { type: 'hotels', guests: '4', children: '4,9' },
    { type: 'hotels', guests: '4', children: '4,1' },
  ],
  bedrooms: [{ bedrooms: '1' }, { bedrooms: '2' }],
  flexible: [
    { ...dates, flexible: 'false' },
    { ...dates, flexible: 'true' },
  ],
  bbox: [{ bbox: '34.7,32,34.9,32.2' }, { bbox: '34.7,32,34.9,32.3' }],
  text: [{ text: 'balcony' }, { text: 'מרפסת' }],
  sort: [{ sort: 'rating' }, { sort: 'newest' }],
  page: [{ page: '1' }, { page: '2' }],
  lang: [{ lang: 'en' }, { lang: 'he' }],
};

const parse = (raw: Raw) => searchQuerySchema.parse(raw);

describe('the search cache key', () => {
  it('changes with every field of the query', () => {
    const fields = Object.keys(searchQuerySchema.shape) as (keyof SearchQuery)[];
    expect(fields.length).toBeGreaterThan(10);
    expect(Object.keys(variants).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      const [before, after] = variants[field].map(parse) as [SearchQuery, SearchQuery];
      // The two queries differ in this field alone.
      expect(before[field], field).not.toEqual(after[field]);
      expect({ ...before, [field]: undefined }, field).toEqual({ ...after, [field]: undefined });
      expect(searchCacheKey(after), field).not.toBe(searchCacheKey(before));
    }
  });

  it('is the same for equivalent queries: lists in any order, the location in any case and spacing', () => {
    const same = (a: Raw, b: Raw) => expect(searchCacheKey(parse(a)), JSON.stringify(b)).toBe(searchCacheKey(parse(b)));
    same({ type: 'hotels', stars: '4,5,3' }, { type: 'hotels', stars: '5,3,4' });
    same({ type: 'hotels', amenities: 'spa,gym' }, { type: 'hotels', amenities: 'gym,spa' });
    same({ type: 'hotels', guests: '5', children: '4,9,1' }, { type: 'hotels', guests: '5', children: '1,9,4' });
    same({ location: 'Tel Aviv' }, { location: '  tel AVIV ' });
    same({ location: '' }, {});
    same({ type: 'sublets' }, { type: 'sublet' });
    same({}, { sort: 'rating', page: '1', lang: 'en' });
    same({ text: 'Sea view' }, { text: ' sea,  VIEW ' });
  });

  it('keeps distinct searches apart', () => {
    expect(searchCacheKey(parse({ location: 'Haifa' }))).not.toBe(searchCacheKey(parse({ location: 'Haifa Bay' })));
  });
});

describe('what a search depends on', () => {
  const places = { cityIds: [7], neighbourhoodIds: [71] };
  const keysOf = (raw: Raw, match: typeof places | null) => searchDependencies(parse(raw), match);

  it("is its places' listings, their free nights only with dates, and the lexicon only with words", () => {
    expect(keysOf({ type: 'rentals', location: 'Eilat' }, places)).toEqual(['all', 'area:rental:7', 'area:rental:71']);
    expect(keysOf({ type: 'rentals', location: 'Eilat', ...dates }, places)).toEqual([
      'all',
      'area:rental:7',
      'area:rental:71',
      'nights:rental:7',
      'nights:rental:71',
    ]);
    expect(keysOf({ type: 'hotels', location: 'Eilat', text: 'sea view' }, places)).toEqual([
      'all',
      'area:hotel:7',
      'area:hotel:71',
      'words',
    ]);
    // A place that matches nothing: no listing, whatever changes but the gazetteer.
    expect(keysOf({ location: 'Atlantis' }, { cityIds: [], neighbourhoodIds: [] })).toEqual(['all']);
  });

  it('is the whole type without a place, or past 32 places', () => {
    expect(keysOf({ type: 'sublets' }, null)).toEqual(['all', 'type:sublet']);
    expect(keysOf({ type: 'sublets', ...dates }, null)).toEqual(['all', 'type:sublet', 'nights:sublet']);
    const region = { cityIds: Array.from({ length: 33 }, (_, i) => i + 1), neighbourhoodIds: [] };
    expect(keysOf({ type: 'sublets', location: 'Galilee' }, region)).toEqual(['all', 'type:sublet']);
  });
});
