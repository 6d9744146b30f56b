/**
 * Search parameters, one copy for the /results URL (web) and GET /api/search (server).
 * The URL and the API use the same names, so a results URL's query string is (almost) an API query.
 * No zod here: the web app's shell (nav bar) imports this module; the API's schema is search-query-schema.ts.
 * Over 300 lines on purpose: `urlFields`, the table describing every field of a search for the URL, is
 * read beside the limits and helpers it uses (decision 042).
 */
import { isWithinHorizon } from './dates.ts';
import { homeAmenities, hotelAmenities, priceSlider, roomsPicker, starValues, type PropertyType } from './constants.ts';
import { formatBbox, parseBboxParam } from './map-area.ts';
import { maxPartyGuests, normalizedParty, parseChildAges } from './party.ts';
import { maxSearchTextLength, searchTextWords } from './search-text.ts';

/** The /results `type` query value: plural in links, singular forms are also accepted. */
export const resultsTypeParams = ['sublets', 'rentals', 'hotels'] as const;
export type ResultsTypeParam = (typeof resultsTypeParams)[number];

const typeByParam: Record<string, PropertyType> = {
  sublets: 'sublet',
  sublet: 'sublet',
  rentals: 'rental',
  rental: 'rental',
  hotels: 'hotel',
  hotel: 'hotel',
};

/** The property type a `type` value names, or undefined when it names none. */
export function parsePropertyTypeParam(value: string | null | undefined): PropertyType | undefined {
  return typeByParam[(value ?? '').trim().toLowerCase()];
}

/** The property type a /results `type` value names; missing or unknown means sublets. */
export function propertyTypeOfParam(value: string | null | undefined): PropertyType {
  return parsePropertyTypeParam(value) ?? 'sublet';
}

export function paramOfPropertyType(type: PropertyType): ResultsTypeParam {
  return type === 'hotel' ? 'hotels' : type === 'rental' ? 'rentals' : 'sublets';
}

export const searchSorts = ['rating', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof searchSorts)[number];
export const defaultSearchSort: SearchSort = 'rating';

export const searchPageSize = 12;
/**
 * Counting stops here and the results say "1,000+": an exact count of a popular city costs more than
 * the search itself, and nobody pages through a thousand stays; they narrow the search.
 */
export const maxCountedResults = 1000;
/**
 * A search with words counts to 200 ("200+"): its matches are found in the words' index, but each one
 * counted is then read from the table (for its sort column and the other filters), where a search
 * without words counts inside covering indexes. Counting 1,000 made a search with a common word several
 * times dearer than one without (decision 059); past 200, people add a word or a filter.
 */
export const maxCountedTextResults = 200;
export const maxSearchPage = Math.ceil(maxCountedResults / searchPageSize);

/** Where counting stops for a search with these words (`text`): maxCountedTextResults with words, else maxCountedResults. */
export function countedResultsCap(text: string | undefined): number {
  return text !== undefined && searchTextWords(text).length > 0 ? maxCountedTextResults : maxCountedResults;
}
export const maxLocationLength = 100;

/** The price slider of a property type. */
export function priceBoundsOf(type: PropertyType) {
  return priceSlider[type];
}

/**
 * Price filters apply only when narrowed. The slider's lower end means "any price up to",
 * its upper end "and above", so a bound at the slider's end filters nothing.
 */
export function effectivePriceRange(
  type: PropertyType,
  minPrice: number | undefined,
  maxPrice: number | undefined,
): { min?: number; max?: number } {
  const bounds = priceBoundsOf(type);
  return {
    min: minPrice !== undefined && minPrice > bounds.min ? minPrice : undefined,
    max: maxPrice !== undefined && maxPrice < bounds.max ? maxPrice : undefined,
  };
}

/**
 * What a /results URL asks for, read leniently: a shared link with one bad value still shows
 * results (the bad value is dropped) instead of an error page.
 */
export interface ResultsFilters {
  type: PropertyType;
  location: string;
  checkIn: string;
  checkOut: string;
  minPrice?: number;
  maxPrice?: number;
  stars: number[];
  amenities: string[];
  petFriendly: boolean;
  swapAvailable: boolean;
  /** Shabbat-friendly: a Shabbat elevator or a kosher kitchen (core/amenity-bits.ts, shabbatFriendlyAmenities). */
  shabbatFriendly: boolean;
  /** Only listings whose place an admin verified from the host's deed, lease or licence (issue 39). */
  verifiedPlace: boolean;
  rooms?: number;
  /** Everyone in the party, children included (core/party.ts); homes keep places with room for them. */
  guests?: number;
  /** Hotels: each child's age (core/party.ts: infants take no place). */
  children: number[];
  /** Sublets and rentals: at least this many bedrooms. */
  bedrooms?: number;
  /** Sublets with dates: the stay may start up to a week either side (core/flexible-dates.ts). */
  flexible: boolean;
  /** "Search this area": the map's box, 'west,south,east,north' (core/map-area.ts formatBbox). */
  bbox?: string;
  /** Words to match in listings' titles and descriptions, either language (core/search-text.ts, decision 048). */
  text: string;
  sort: SearchSort;
  page: number;
}

function intParam(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** The amenities a property type's filter offers: the hotel list for hotels, the home list otherwise. */
export function amenitiesOfType(type: PropertyType): readonly string[] {
  return type === 'hotel' ? hotelAmenities : homeAmenities;
}

/** The most bedrooms the filter asks for ('5+'). */
export const maxBedroomsFilter = 5;

/** A map box from a URL in its canonical form, or undefined when it is missing or bad. */
function bboxOf(value: string | null): string | undefined {
  const box = parseBboxParam(value);
  return box ? formatBbox(box) : undefined;
}

/**
 * The dates of a link: days within the date horizon (core/dates.ts), check-out after check-in. A bad
 * one, or an old link's past stay, is dropped, so the search runs without it instead of the API
 * refusing it.
 */
function datesOf(params: URLSearchParams, now: Date): { checkIn: string; checkOut: string } {
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  const validIn = isWithinHorizon(checkIn, now) ? checkIn : '';
  return { checkIn: validIn, checkOut: isWithinHorizon(checkOut, now) && (!validIn || checkOut > validIn) ? checkOut : '' };
}

/** The price bounds of a link, the lower first (a link with them swapped means the same range). */
function pricesOf(params: URLSearchParams): { min?: number; max?: number } {
  const min = intParam(params.get('minPrice'), 0, 10_000_000);
  const max = intParam(params.get('maxPrice'), 0, 10_000_000);
  return min !== undefined && max !== undefined && min > max ? { min: max, max: min } : { min, max };
}

/** The party of a link: guests count everyone, so at least one more than the children (core/party.ts). */
function partyOf(params: URLSearchParams) {
  return normalizedParty(intParam(params.get('guests'), 1, maxPartyGuests), parseChildAges(params.getAll('children')));
}

/** How one field of a search lives in a /results URL (the parameter has the field's name). */
interface UrlField<K extends keyof ResultsFilters> {
  /** Its value in a link, read leniently: a bad value is dropped. `type` is the link's property type. */
  read(params: URLSearchParams, type: PropertyType, now: Date): ResultsFilters[K];
  /** Its value in the canonical query string, or undefined to leave it out (it narrows nothing). */
  write(filters: ResultsFilters): string | undefined;
  /** How many of the panel's applied filters it is, on a canonical search. */
  applied(filters: ResultsFilters): number;
}

const none = () => 0;
const flag = (name: 'petFriendly' | 'swapAvailable' | 'shabbatFriendly' | 'verifiedPlace' | 'flexible') => (params: URLSearchParams) =>
  params.get(name) === 'true';

/**
 * Every field of a /results search, described once for the URL: how it is read, written and counted.
 * Typed over every field of ResultsFilters, so a new filter does not compile until it is described
 * here; the API's schema (search-query-schema.ts), the SQL (server/features/search/search-repository.ts)
 * and the cache key are keyed by the same names (decision 042). The order is the canonical query
 * string's. Hotel-only filters are left out for other types, swap for hotels.
 */
const urlFields: { [K in keyof ResultsFilters]-?: UrlField<K> } = {
  type: { read: (params) => propertyTypeOfParam(params.get('type')), write: (filters) => filters.type, applied: none },
  location: {
    read: (params) => (params.get('location') ?? '').trim().slice(0, maxLocationLength),
    write: (filters) => filters.location.trim() || undefined,
    applied: none,
  },
  checkIn: { read: (params, _type, now) => datesOf(params, now).checkIn, write: (filters) => filters.checkIn || undefined, applied: none },
  checkOut: {
    read: (params, _type, now) => datesOf(params, now).checkOut,
    write: (filters) => filters.checkOut || undefined,
    applied: none,
  },
  minPrice: {
    read: (params) => pricesOf(params).min,
    write: (filters) => stringOf(effectivePriceRange(filters.type, filters.minPrice, filters.maxPrice).min),
    // The price range counts once, whichever end is narrowed.
    applied: (filters) => {
      const { min, max } = effectivePriceRange(filters.type, filters.minPrice, filters.maxPrice);
      return min !== undefined || max !== undefined ? 1 : 0;
    },
  },
  maxPrice: {
    read: (params) => pricesOf(params).max,
    write: (filters) => stringOf(effectivePriceRange(filters.type, filters.minPrice, filters.maxPrice).max),
    applied: none,
  },
  stars: {
    read: (params) =>
      [...new Set(listParam(params, 'stars').map(Number))].filter((star) => (starValues as readonly number[]).includes(star)).sort(),
    write: (filters) => (filters.type === 'hotel' && filters.stars.length ? [...filters.stars].sort().join(',') : undefined),
    applied: (filters) => filters.stars.length,
  },
  amenities: {
    read: (params, type) => [...new Set(listParam(params, 'amenities'))].filter((key) => amenitiesOfType(type).includes(key)),
    write: (filters) => {
      const amenities =
        filters.type === 'hotel' ? filters.amenities : filters.amenities.filter((key) => amenitiesOfType(filters.type).includes(key));
      return amenities.length ? amenities.join(',') : undefined;
    },
    applied: (filters) => filters.amenities.length,
  },
  rooms: {
    read: (params) => intParam(params.get('rooms'), 1, roomsPicker.maxRooms),
    write: (filters) => (filters.type === 'hotel' && filters.rooms ? String(filters.rooms) : undefined),
    // The party counts once, rooms or guests.
    applied: (filters) => (filters.rooms || filters.guests ? 1 : 0),
  },
  guests: { read: (params) => partyOf(params).guests, write: (filters) => stringOf(filters.guests || undefined), applied: none },
  children: {
    read: (params, type) => (type === 'hotel' ? partyOf(params).children : []),
    write: (filters) => (filters.type === 'hotel' && filters.guests && filters.children.length ? filters.children.join(',') : undefined),
    applied: none,
  },
  bedrooms: {
    read: (params) => intParam(params.get('bedrooms'), 1, maxBedroomsFilter),
    write: (filters) => (filters.type !== 'hotel' && filters.bedrooms ? String(filters.bedrooms) : undefined),
    applied: (filters) => (filters.bedrooms ? 1 : 0),
  },
  flexible: {
    read: flag('flexible'),
    // Flexible dates need dates to move.
    write: (filters) => (filters.type === 'sublet' && filters.flexible && filters.checkIn && filters.checkOut ? 'true' : undefined),
    applied: (filters) => (filters.flexible ? 1 : 0),
  },
  petFriendly: {
    read: flag('petFriendly'),
    write: (filters) => (filters.petFriendly ? 'true' : undefined),
    applied: (filters) => (filters.petFriendly ? 1 : 0),
  },
  swapAvailable: {
    read: flag('swapAvailable'),
    write: (filters) => (filters.type !== 'hotel' && filters.swapAvailable ? 'true' : undefined),
    applied: (filters) => (filters.swapAvailable && filters.type !== 'hotel' ? 1 : 0),
  },
  shabbatFriendly: {
    read: flag('shabbatFriendly'),
    write: (filters) => (filters.shabbatFriendly ? 'true' : undefined),
    applied: (filters) => (filters.shabbatFriendly ? 1 : 0),
  },
  verifiedPlace: {
    read: flag('verifiedPlace'),
    write: (filters) => (filters.verifiedPlace ? 'true' : undefined),
    applied: (filters) => (filters.verifiedPlace ? 1 : 0),
  },
  bbox: { read: (params) => bboxOf(params.get('bbox')), write: (filters) => filters.bbox || undefined, applied: none },
  text: {
    read: (params) => (params.get('text') ?? '').replace(/\s+/g, ' ').trim().slice(0, maxSearchTextLength),
    write: (filters) => filters.text.trim() || undefined,
    applied: (filters) => (filters.text.trim() ? 1 : 0),
  },
  sort: {
    read: (params) => {
      const sort = params.get('sort');
      return (searchSorts as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : defaultSearchSort;
    },
    write: (filters) => (filters.sort !== defaultSearchSort ? filters.sort : undefined),
    applied: none,
  },
  page: {
    read: (params) => intParam(params.get('page'), 1, maxSearchPage) ?? 1,
    write: (filters) => (filters.page > 1 ? String(filters.page) : undefined),
    applied: none,
  },
};

function stringOf(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** The fields of a /results search, in the canonical query string's order. */
export const resultsFields = Object.keys(urlFields) as (keyof ResultsFilters)[];

export function parseResultsFilters(params: URLSearchParams, now: Date = new Date()): ResultsFilters {
  const type = urlFields.type.read(params, 'sublet', now);
  const filters: Partial<Record<keyof ResultsFilters, unknown>> = {};
  for (const field of resultsFields) filters[field] = urlFields[field].read(params, type, now);
  // Every field was read from its own entry of urlFields, which is typed per field.
  return filters as ResultsFilters;
}

/**
 * The canonical query string of a search: only what narrows it, so links stay short and the
 * same search always has the same URL (and the same cache key).
 */
export function resultsFiltersToParams(filters: ResultsFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of resultsFields) {
    const value = urlFields[field].write(filters);
    if (value !== undefined) params.set(field, value);
  }
  return params;
}

/** Clear All: empty location and dates, full price range, no pets/swap/Shabbat-friendly, no stars, amenities, party, bedrooms or flexibility. */
export function clearedResultsFilters(type: PropertyType): ResultsFilters {
  return {
    type,
    location: '',
    checkIn: '',
    checkOut: '',
    stars: [],
    amenities: [],
    petFriendly: false,
    swapAvailable: false,
    shabbatFriendly: false,
    verifiedPlace: false,
    children: [],
    flexible: false,
    text: '',
    sort: defaultSearchSort,
    page: 1,
  };
}

/**
 * How many filters narrow a search beyond its type, location and dates (the panel's count): the price
 * range, each star and amenity, pets, swap, Shabbat, the party (rooms or guests), bedrooms, flexibility, the words.
 */
export function appliedFilterCount(filters: ResultsFilters): number {
  const canonical = parseResultsFilters(resultsFiltersToParams(filters));
  return resultsFields.reduce((count, field) => count + urlFields[field].applied(canonical), 0);
}

/** The city part of a location text: before ' - ', else after the last comma, else all of it. */
export function extractCity(location: string): string {
  const text = location.trim();
  const dash = text.indexOf(' - ');
  if (dash > 0) return text.slice(0, dash).trim();
  const comma = text.lastIndexOf(',');
  if (comma >= 0) return text.slice(comma + 1).trim();
  return text;
}
