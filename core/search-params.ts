import { isWithinHorizon } from './dates.ts';
import { homeAmenities, hotelAmenities, priceSlider, roomsPicker, starValues, type PropertyType } from './constants.ts';
import { formatBbox, parseBboxParam } from './map-area.ts';
import { maxPartyGuests, normalizedParty, parseChildAges } from './party.ts';

/**
 * Search parameters, one copy for the /results URL (web) and GET /api/search (server).
 * The URL and the API use the same names, so a results URL's query string is (almost) an API query.
 * No zod here: the web app's shell (nav bar) imports this module; the API's schema is search-query-schema.ts.
 */

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
export const maxSearchPage = Math.ceil(maxCountedResults / searchPageSize);
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
 * The filters of a results URL, read leniently: a bad value is left out. Dates outside the date
 * horizon (core/dates.ts; an old link's past stay) are left out too, so the search runs without
 * them instead of the API refusing it.
 */
export function parseResultsFilters(params: URLSearchParams, now: Date = new Date()): ResultsFilters {
  const type = propertyTypeOfParam(params.get('type'));
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  const validIn = isWithinHorizon(checkIn, now) ? checkIn : '';
  const validOut = isWithinHorizon(checkOut, now) && (!validIn || checkOut > validIn) ? checkOut : '';
  let minPrice = intParam(params.get('minPrice'), 0, 10_000_000);
  let maxPrice = intParam(params.get('maxPrice'), 0, 10_000_000);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const sort = params.get('sort');
  const party = normalizedParty(intParam(params.get('guests'), 1, maxPartyGuests), parseChildAges(params.getAll('children')));
  return {
    type,
    location: (params.get('location') ?? '').trim().slice(0, maxLocationLength),
    checkIn: validIn,
    checkOut: validOut,
    minPrice,
    maxPrice,
    stars: [...new Set(listParam(params, 'stars').map(Number))].filter((star) => (starValues as readonly number[]).includes(star)).sort(),
    amenities: [...new Set(listParam(params, 'amenities'))].filter((key) => amenitiesOfType(type).includes(key)),
    petFriendly: params.get('petFriendly') === 'true',
    swapAvailable: params.get('swapAvailable') === 'true',
    shabbatFriendly: params.get('shabbatFriendly') === 'true',
    rooms: intParam(params.get('rooms'), 1, roomsPicker.maxRooms),
    guests: party.guests,
    children: type === 'hotel' ? party.children : [],
    bedrooms: intParam(params.get('bedrooms'), 1, maxBedroomsFilter),
    flexible: params.get('flexible') === 'true',
    bbox: bboxOf(params.get('bbox')),
    sort: (searchSorts as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : defaultSearchSort,
    page: intParam(params.get('page'), 1, maxSearchPage) ?? 1,
  };
}

/**
 * The canonical query string of a search: only what narrows it, so links stay short and the
 * same search always has the same URL (and the same cache key). Hotel-only filters are dropped
 * for other types, swap for hotels.
 */
export function resultsFiltersToParams(filters: ResultsFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type', filters.type);
  if (filters.location.trim()) params.set('location', filters.location.trim());
  if (filters.checkIn) params.set('checkIn', filters.checkIn);
  if (filters.checkOut) params.set('checkOut', filters.checkOut);
  const { min, max } = effectivePriceRange(filters.type, filters.minPrice, filters.maxPrice);
  if (min !== undefined) params.set('minPrice', String(min));
  if (max !== undefined) params.set('maxPrice', String(max));
  if (filters.type === 'hotel') {
    if (filters.stars.length) params.set('stars', [...filters.stars].sort().join(','));
    if (filters.amenities.length) params.set('amenities', filters.amenities.join(','));
    if (filters.rooms) params.set('rooms', String(filters.rooms));
    if (filters.guests) params.set('guests', String(filters.guests));
    if (filters.guests && filters.children.length) params.set('children', filters.children.join(','));
  } else {
    // Sublets and rentals: amenities of homes, places for the party, bedrooms.
    const amenities = filters.amenities.filter((key) => amenitiesOfType(filters.type).includes(key));
    if (amenities.length) params.set('amenities', amenities.join(','));
    if (filters.guests) params.set('guests', String(filters.guests));
    if (filters.bedrooms) params.set('bedrooms', String(filters.bedrooms));
  }
  // Flexible dates need dates to move.
  if (filters.type === 'sublet' && filters.flexible && filters.checkIn && filters.checkOut) params.set('flexible', 'true');
  if (filters.petFriendly) params.set('petFriendly', 'true');
  if (filters.type !== 'hotel' && filters.swapAvailable) params.set('swapAvailable', 'true');
  if (filters.shabbatFriendly) params.set('shabbatFriendly', 'true');
  if (filters.bbox) params.set('bbox', filters.bbox);
  if (filters.sort !== defaultSearchSort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
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
    children: [],
    flexible: false,
    sort: defaultSearchSort,
    page: 1,
  };
}

/**
 * How many filters narrow a search beyond its type, location and dates (the panel's count): the price
 * range, each star and amenity, pets, swap, Shabbat, the party (rooms or guests), bedrooms, flexibility.
 */
export function appliedFilterCount(filters: ResultsFilters): number {
  const canonical = parseResultsFilters(resultsFiltersToParams(filters));
  const { min, max } = effectivePriceRange(canonical.type, canonical.minPrice, canonical.maxPrice);
  return (
    (min !== undefined || max !== undefined ? 1 : 0) +
    canonical.stars.length +
    canonical.amenities.length +
    [canonical.petFriendly, canonical.swapAvailable && canonical.type !== 'hotel', canonical.shabbatFriendly].filter(Boolean).length +
    (canonical.rooms || canonical.guests ? 1 : 0) +
    (canonical.bedrooms ? 1 : 0) +
    (canonical.flexible ? 1 : 0)
  );
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
