import type { PropertyType } from '../../../core/constants.ts';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { defaultSearchSort, priceBoundsOf, resultsFiltersToParams, type ResultsFilters } from '../../../core/search-params.ts';
import { formatDate } from '../../../core/format-date.ts';

/** Pure logic of the results page (no React), unit-tested in results-model.test.ts. */

/** The filters part of a search (no sort, no page): the filter panel's draft restarts when it changes. */
export function filterKeyOf(filters: ResultsFilters): string {
  return resultsFiltersToParams({ ...filters, sort: defaultSearchSort, page: 1 }).toString();
}

/** The query string Search writes: the draft's filters, the current sort, back to page 1. */
export function searchQueryOf(draft: ResultsFilters, sort: ResultsFilters['sort']): string {
  return resultsFiltersToParams({ ...draft, sort, page: 1 }).toString();
}

/** The slider's two values: the filters' prices clamped into the type's bounds, the ends when unset. */
export function sliderValues(filters: ResultsFilters): [number, number] {
  const bounds = priceBoundsOf(filters.type);
  const clamp = (value: number) => Math.min(bounds.max, Math.max(bounds.min, value));
  const min = filters.minPrice === undefined ? bounds.min : clamp(filters.minPrice);
  const max = filters.maxPrice === undefined ? bounds.max : clamp(filters.maxPrice);
  return min <= max ? [min, max] : [max, min];
}

/** The filters with a slider range: a value at the slider's end filters nothing, so it is left unset. */
export function withPriceRange(filters: ResultsFilters, [min, max]: [number, number]): ResultsFilters {
  const bounds = priceBoundsOf(filters.type);
  return {
    ...filters,
    minPrice: min > bounds.min ? min : undefined,
    maxPrice: max < bounds.max ? max : undefined,
  };
}

/** The list with the value added, or removed when present (star and amenity toggles). */
export function toggled<T extends string | number>(list: readonly T[], value: T): T[] {
  const next = list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  return typeof value === 'number' ? [...next].sort((a, b) => Number(a) - Number(b)) : next;
}

function parseDay(value: string): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** 'Mar 04 - Mar 18' ('MMM dd - MMM dd'); one date alone when only one is set; '' with none. */
export function formatSummaryDates(checkIn: string, checkOut: string, language: Language): string {
  const format = (value: string) => formatDate(parseDay(value), 'monthDay', language);
  if (checkIn && checkOut) return `${format(checkIn)} - ${format(checkOut)}`;
  if (checkIn) return format(checkIn);
  if (checkOut) return format(checkOut);
  return '';
}

/**
 * The location as the page names it: the searched text in the page's language when the gazetteer
 * knows it ('Haifa' reads 'חיפה' in Hebrew), else as typed. A draft being edited is shown as typed.
 */
export function shownLocation(draftLocation: string, searchedLocation: string, locationName: string | null): string {
  return draftLocation === searchedLocation && locationName ? locationName : draftLocation;
}

export type PageItem = number | 'gap';

/**
 * The page buttons of a pagination: always the first and last page, the current one with
 * `siblings` either side, and a gap where pages are skipped (a gap never hides a single page).
 */
export function pageItems(current: number, count: number, siblings = 1): PageItem[] {
  if (count <= 1) return count === 1 ? [1] : [];
  const page = Math.min(Math.max(current, 1), count);
  // first + last + current + siblings + two gaps
  if (count <= 5 + siblings * 2) return Array.from({ length: count }, (_, index) => index + 1);
  let start = Math.max(2, page - siblings);
  let end = Math.min(count - 1, page + siblings);
  // Keep the number of buttons constant near the ends.
  if (page - siblings <= 3) {
    start = 2;
    end = 3 + siblings * 2;
  } else if (page + siblings >= count - 2) {
    start = count - 2 - siblings * 2;
    end = count - 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let value = start; value <= end; value += 1) items.push(value);
  if (end < count - 1) items.push('gap');
  items.push(count);
  return items;
}

/** 'Showing 13-24 of 120': the first and last result on a page. */
export function shownRange(page: number, pageSize: number, onPage: number): { from: number; to: number } {
  const from = (page - 1) * pageSize + 1;
  return { from: onPage > 0 ? from : 0, to: onPage > 0 ? from + onPage - 1 : 0 };
}

/** The date field labels of a property type. */
export const dateLabelKeys = {
  hotel: { start: 'results.dates.hotel.start', end: 'results.dates.hotel.end' },
  sublet: { start: 'results.dates.sublet.start', end: 'results.dates.sublet.end' },
  rental: { start: 'results.dates.rental.start', end: 'results.dates.rental.end' },
} as const satisfies Record<PropertyType, { start: string; end: string }>;

/** The number of results as the page shows it: '120', '10,000+' when counting stopped. */
export function formatTotal(total: number, capped: boolean, language: Language): string {
  return `${formatNumber(total, language)}${capped ? '+' : ''}`;
}

/** The parameters a control of the panel sends itself when the form goes without scripts. */
const ownControls = new Set([
  'location',
  'text',
  'checkIn',
  'checkOut',
  'bedrooms',
  'amenities',
  'flexible',
  'petFriendly',
  'swapAvailable',
  'shabbatFriendly',
  'verifiedPlace',
  'page',
]);

/**
 * The draft's parameters that no control of the panel sends: the type, the price range (a slider),
 * the stars (toggle buttons), a hotel's party (the rooms picker), the sort and the map area. A home's
 * guests are a select of their own. A new search starts on its first page.
 */
export function carriedParams(draft: ResultsFilters): URLSearchParams {
  const carried = new URLSearchParams();
  for (const [name, value] of resultsFiltersToParams(draft)) {
    if (ownControls.has(name) || (name === 'guests' && draft.type !== 'hotel')) continue;
    carried.append(name, value);
  }
  return carried;
}
