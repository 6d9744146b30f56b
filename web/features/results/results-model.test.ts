import { describe, expect, it } from 'vitest';
import { clearedResultsFilters, parseResultsFilters, type ResultsFilters } from '../../../core/search-params.ts';
import {
  carriedParams,
  filterKeyOf,
  formatSummaryDates,
  formatTotal,
  pageItems,
  searchQueryOf,
  shownLocation,
  shownRange,
  sliderValues,
  toggled,
  withPriceRange,
} from './results-model.ts';

const hotel = (patch: Partial<ResultsFilters> = {}): ResultsFilters => ({ ...clearedResultsFilters('hotel'), ...patch });

describe('shownLocation', () => {
  it("names the searched place in the page's language, and a draft being edited as typed", () => {
    expect(shownLocation('Haifa', 'Haifa', 'חיפה')).toBe('חיפה');
    expect(shownLocation('Haifa', 'Haifa', null)).toBe('Haifa');
    expect(shownLocation('Hai', 'Haifa', 'חיפה')).toBe('Hai');
    expect(shownLocation('', '', null)).toBe('');
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the current page with a neighbour each side', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('always shows seven buttons once there are more than seven pages, and never hides one page behind a gap', () => {
    for (let current = 1; current <= 30; current += 1) {
      const items = pageItems(current, 30);
      expect(items).toHaveLength(7);
      expect(items).toContain(current);
      items.forEach((item, index) => {
        if (item !== 'gap') return;
        const before = items[index - 1] as number;
        const after = items[index + 1] as number;
        expect(after - before).toBeGreaterThan(2);
      });
    }
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(99, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
});

describe('slider values and price range', () => {
  it('reads the type bounds when no price is set, clamps prices into them', () => {
    expect(sliderValues(hotel())).toEqual([100, 1000]);
    expect(sliderValues(hotel({ minPrice: 50, maxPrice: 5000 }))).toEqual([100, 1000]);
    expect(sliderValues(hotel({ minPrice: 300, maxPrice: 600 }))).toEqual([300, 600]);
    expect(sliderValues(clearedResultsFilters('sublet'))).toEqual([1000, 15000]);
  });

  it('leaves a price at the slider end unset (it filters nothing)', () => {
    expect(withPriceRange(hotel(), [100, 1000])).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(withPriceRange(hotel(), [150, 1000])).toMatchObject({ minPrice: 150, maxPrice: undefined });
    expect(withPriceRange(clearedResultsFilters('rental'), [500, 2000])).toMatchObject({ minPrice: undefined, maxPrice: 2000 });
  });
});

describe('toggled', () => {
  it('adds and removes values, stars in order', () => {
    expect(toggled([3, 5], 4)).toEqual([3, 4, 5]);
    expect(toggled([3, 4, 5], 4)).toEqual([3, 5]);
    expect(toggled(['spa'], 'gym')).toEqual(['spa', 'gym']);
    expect(toggled(['spa', 'gym'], 'spa')).toEqual(['gym']);
  });
});

describe('search queries', () => {
  it('Search writes the draft with the current sort and goes back to page 1', () => {
    const draft = hotel({ location: 'Eilat', stars: [4, 5], page: 3 });
    expect(searchQueryOf(draft, 'price_asc')).toBe('type=hotel&location=Eilat&stars=4%2C5&sort=price_asc');
  });

  it('the filter key ignores sort and page, so paging keeps the draft', () => {
    const a = parseResultsFilters(new URLSearchParams('type=hotels&location=Eilat&page=2&sort=newest'));
    const b = parseResultsFilters(new URLSearchParams('type=hotel&location=Eilat'));
    expect(filterKeyOf(a)).toBe(filterKeyOf(b));
    expect(filterKeyOf(a)).not.toBe(filterKeyOf({ ...b, petFriendly: true }));
  });
});

describe('formatting', () => {
  it("shows the stay as 'MMM dd - MMM dd'", () => {
    expect(formatSummaryDates('2026-03-04', '2026-03-18', 'en')).toBe('Mar 04 - Mar 18');
    expect(formatSummaryDates('2026-03-04', '', 'en')).toBe('Mar 04');
    expect(formatSummaryDates('', '', 'en')).toBe('');
    expect(formatSummaryDates('2026-03-04', '2026-03-18', 'he')).toBe('4 במרץ - 18 במרץ');
  });

  it("writes the total with '+' when counting stopped", () => {
    expect(formatTotal(120, false, 'en')).toBe('120');
    expect(formatTotal(10000, true, 'en')).toBe('10,000+');
    // A search with words counts to 200 (decision 059), in both languages.
    expect(formatTotal(200, true, 'en')).toBe('200+');
    expect(formatTotal(200, true, 'he')).toBe('200+');
    expect(formatTotal(1000, true, 'he')).toBe('1,000+');
  });

  it('gives the first and last result of a page', () => {
    expect(shownRange(1, 12, 12)).toEqual({ from: 1, to: 12 });
    expect(shownRange(3, 12, 5)).toEqual({ from: 25, to: 29 });
    expect(shownRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('carriedParams (the filter panel sent without scripts)', () => {
  it('carries what has no control of its own: type, price, stars, a hotel party, sort and map area', () => {
    const hotel = parseResultsFilters(
      new URLSearchParams(
        'type=hotel&location=Eilat&checkIn=2027-03-01&checkOut=2027-03-04&minPrice=300&maxPrice=900&stars=4,5&rooms=2&guests=3&children=6&amenities=pool&petFriendly=true&sort=price_asc&page=3',
      ),
      new Date('2026-11-28T10:00:00Z'),
    );
    expect(Object.fromEntries(carriedParams(hotel))).toEqual({
      type: 'hotel',
      minPrice: '300',
      maxPrice: '900',
      stars: '4,5',
      rooms: '2',
      guests: '3',
      children: '6',
      sort: 'price_asc',
    });
  });

  it("leaves a home's guests, bedrooms, amenities, flags and words to their own controls", () => {
    const sublet = parseResultsFilters(new URLSearchParams('type=sublet&guests=2&bedrooms=2&amenities=balcony&flexible=true&text=quiet'));
    expect(Object.fromEntries(carriedParams(sublet))).toEqual({ type: 'sublet' });
  });
});
