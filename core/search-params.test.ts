import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIsoDate } from './dates.ts';
import { searchFormErrors } from './search-form-rules.ts';
import {
  appliedFilterCount,
  clearedResultsFilters,
  effectivePriceRange,
  extractCity,
  parseResultsFilters,
  propertyTypeOfParam,
  resultsFields,
  resultsFiltersToParams,
} from './search-params.ts';
import { searchQuerySchema } from './search-query-schema.ts';

// The links below are dated 2030: read them on 1 June 2029, when 2030 is inside the date horizon
// (core/dates.ts), which the results URL and the API's search both keep to.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2029-06-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('search parameters', () => {
  it('names the same fields in a /results URL as in the API query (the API adds the language)', () => {
    expect([...resultsFields].sort()).toEqual(
      Object.keys(searchQuerySchema.shape)
        .filter((field) => field !== 'lang')
        .sort(),
    );
  });

  it('reads plural and singular types, sublets otherwise', () => {
    expect(propertyTypeOfParam('hotels')).toBe('hotel');
    expect(propertyTypeOfParam('Hotel')).toBe('hotel');
    expect(propertyTypeOfParam('rentals')).toBe('rental');
    expect(propertyTypeOfParam('castle')).toBe('sublet');
    expect(propertyTypeOfParam(null)).toBe('sublet');
  });

  it('extracts the city of a location text as the spec says', () => {
    expect(extractCity('Tel Aviv - Jaffa')).toBe('Tel Aviv');
    expect(extractCity('Florentin, Tel Aviv')).toBe('Tel Aviv');
    expect(extractCity('A, B, Haifa')).toBe('Haifa');
    expect(extractCity(' Eilat ')).toBe('Eilat');
  });

  it('knows real calendar days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-1-05')).toBe(false);
  });

  it('filters on price only inside the slider', () => {
    expect(effectivePriceRange('hotel', 100, 1000)).toEqual({ min: undefined, max: undefined });
    expect(effectivePriceRange('hotel', 150, 1000)).toEqual({ min: 150, max: undefined });
    expect(effectivePriceRange('sublet', 0, 14500)).toEqual({ min: undefined, max: 14500 });
  });

  it('reads a shared link leniently and writes the same search back the same way', () => {
    const filters = parseResultsFilters(
      new URLSearchParams(
        'type=hotels&location=+Haifa+&checkIn=2030-01-10&checkOut=2030-01-05&stars=5,2,9,2&amenities=spa,jacuzzi&petFriendly=true&swapAvailable=true&page=0&sort=bogus',
      ),
    );
    expect(filters).toMatchObject({
      type: 'hotel',
      location: 'Haifa',
      checkIn: '2030-01-10',
      checkOut: '',
      stars: [2, 5],
      amenities: ['spa'],
      petFriendly: true,
      page: 1,
      sort: 'rating',
    });
    const params = resultsFiltersToParams(filters);
    // Swap is not a hotel filter; defaults are left out.
    expect(params.toString()).toBe('type=hotel&location=Haifa&checkIn=2030-01-10&stars=2%2C5&amenities=spa&petFriendly=true');
    expect(resultsFiltersToParams(parseResultsFilters(params)).toString()).toBe(params.toString());
    expect(resultsFiltersToParams({ ...clearedResultsFilters('rental'), minPrice: 500, maxPrice: 5000 }).toString()).toBe('type=rental');
    // Shabbat-friendly is a filter of every type, written only when asked for.
    const shabbat = parseResultsFilters(new URLSearchParams('type=sublets&shabbatFriendly=true'));
    expect(shabbat.shabbatFriendly).toBe(true);
    expect(resultsFiltersToParams(shabbat).toString()).toBe('type=sublet&shabbatFriendly=true');
    expect(parseResultsFilters(new URLSearchParams('type=sublets&shabbatFriendly=yes')).shabbatFriendly).toBe(false);
  });

  it('every canonical results query is a valid API query', () => {
    const params = resultsFiltersToParams({
      ...clearedResultsFilters('hotel'),
      location: 'תל אביב',
      checkIn: '2030-01-01',
      checkOut: '2030-01-03',
      minPrice: 200,
      stars: [3, 4],
      amenities: ['spa', 'parking'],
      rooms: 2,
      guests: 3,
      shabbatFriendly: true,
      sort: 'price_desc',
      page: 3,
    });
    const parsed = searchQuerySchema.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({
      type: 'hotel',
      stars: [3, 4],
      amenities: ['spa', 'parking'],
      minPrice: 200,
      shabbatFriendly: true,
      page: 3,
      lang: 'en',
    });
  });
});

describe('filters of every type', () => {
  it('reads and writes home amenities, bedrooms and guests for sublets and rentals', () => {
    const filters = parseResultsFilters(
      new URLSearchParams('type=rentals&amenities=washer,spa,crib&bedrooms=2&guests=3&children=4&rooms=2'),
    );
    expect(filters).toMatchObject({ type: 'rental', amenities: ['washer', 'crib'], bedrooms: 2, guests: 3, children: [] });
    expect(resultsFiltersToParams(filters).toString()).toBe('type=rental&amenities=washer%2Ccrib&guests=3&bedrooms=2');
    expect(parseResultsFilters(new URLSearchParams('type=sublets&bedrooms=9')).bedrooms).toBeUndefined();
    expect(appliedFilterCount(filters)).toBe(4);
  });

  it('carries a hotel party with children and their ages', () => {
    const filters = parseResultsFilters(new URLSearchParams('type=hotels&rooms=1&guests=4&children=4,9&bedrooms=2'));
    expect(filters).toMatchObject({ rooms: 1, guests: 4, children: [4, 9], bedrooms: 2 });
    const params = resultsFiltersToParams(filters);
    expect(params.toString()).toBe('type=hotel&rooms=1&guests=4&children=4%2C9');
    expect(searchQuerySchema.parse(Object.fromEntries(params))).toMatchObject({ guests: 4, children: [4, 9] });
    // A party has an adult; bad ages are dropped.
    expect(parseResultsFilters(new URLSearchParams('type=hotels&guests=2&children=4,9'))).toMatchObject({ guests: 3 });
    expect(parseResultsFilters(new URLSearchParams('type=hotels&guests=2&children=4,19')).children).toEqual([]);
    expect(appliedFilterCount(filters)).toBe(1);
  });

  it('writes flexible dates only for sublets with dates', () => {
    const flexible = parseResultsFilters(new URLSearchParams('type=sublets&checkIn=2030-01-01&checkOut=2030-02-01&flexible=true'));
    expect(resultsFiltersToParams(flexible).get('flexible')).toBe('true');
    expect(searchQuerySchema.parse(Object.fromEntries(resultsFiltersToParams(flexible)))).toMatchObject({ flexible: true });
    expect(resultsFiltersToParams({ ...flexible, checkOut: '' }).get('flexible')).toBeNull();
    expect(resultsFiltersToParams({ ...flexible, type: 'rental' }).get('flexible')).toBeNull();
    expect(appliedFilterCount(flexible)).toBe(1);
    expect(appliedFilterCount(clearedResultsFilters('sublet'))).toBe(0);
  });
});

describe('home search validation', () => {
  const today = '2030-06-15';
  it('lists every problem in the spec order, with the hotel wording for hotels', () => {
    expect(searchFormErrors({ type: 'sublet', location: ' ', checkIn: '', checkOut: '' }, today)).toEqual([
      'location_required',
      'check_in_required',
      'check_out_required',
    ]);
    expect(searchFormErrors({ type: 'hotel', location: '', checkIn: '', checkOut: '' }, today)[0]).toBe('destination_required');
    expect(searchFormErrors({ type: 'hotel', location: 'Eilat', checkIn: '2030-06-10', checkOut: '2030-06-10' }, today)).toEqual([
      'check_out_not_after_check_in',
      'check_in_in_past',
    ]);
    expect(searchFormErrors({ type: 'rental', location: 'Eilat', checkIn: '2030-06-15', checkOut: '2030-06-16' }, today)).toEqual([]);
  });
});
