/**
 * What the sentence search understood (GET /api/search/interpret), and how it becomes a structured
 * /results search. No zod and no calendar here: the web app's search box imports this module; the
 * interpreter itself (core/search-interpreter.ts, with @hebcal/core) runs on the server only.
 */
import { maxSearchTextLength } from './search-text.ts';
import type { PropertyType } from './constants.ts';
import { maxPartyGuests } from './party.ts';
import { amenitiesOfType, clearedResultsFilters, resultsFiltersToParams, type ResultsFilters, type SearchSort } from './search-params.ts';

/** The most characters a sentence may have: a search is a sentence, not a letter (400 query_too_long). */
export const maxSentenceLength = 300;

/** The fields of a search a sentence can fill; a field absent was not said. */
export interface InterpretedQuery {
  type?: PropertyType;
  /** A gazetteer place's name in the asked language. */
  location?: string;
  checkIn?: string;
  checkOut?: string;
  flexible?: boolean;
  /** In the type's price unit: per night (hotels), week (rentals) or month (sublets). */
  minPrice?: number;
  maxPrice?: number;
  /** Everyone, children included (core/party.ts). */
  guests?: number;
  /** Children's ages (hotels). */
  children?: number[];
  rooms?: number;
  bedrooms?: number;
  amenities?: string[];
  petFriendly?: boolean;
  shabbatFriendly?: boolean;
}

export interface Interpretation {
  query: InterpretedQuery;
  /** Words the interpreter did not understand, as written: left for matching in listings' text. */
  unmatched: string[];
}

/** One removable thing understood: a chip. Dates are one chip (check-in and check-out go together), so are the price and the party. */
export const interpretedChips = [
  'type',
  'location',
  'dates',
  'flexible',
  'price',
  'party',
  'rooms',
  'bedrooms',
  'petFriendly',
  'shabbatFriendly',
] as const;
export type InterpretedChip = (typeof interpretedChips)[number] | `amenity:${string}`;

/** The chips of an interpretation, in reading order. */
export function chipsOf(query: InterpretedQuery): InterpretedChip[] {
  const chips: InterpretedChip[] = [];
  if (query.type) chips.push('type');
  if (query.location) chips.push('location');
  if (query.checkIn && query.checkOut) chips.push('dates');
  if (query.flexible) chips.push('flexible');
  if (query.minPrice !== undefined || query.maxPrice !== undefined) chips.push('price');
  if (query.guests) chips.push('party');
  if (query.rooms) chips.push('rooms');
  if (query.bedrooms) chips.push('bedrooms');
  for (const amenity of query.amenities ?? []) chips.push(`amenity:${amenity}`);
  if (query.petFriendly) chips.push('petFriendly');
  if (query.shabbatFriendly) chips.push('shabbatFriendly');
  return chips;
}

/** The interpretation without one chip's fields (the person removed it). */
export function withoutChip(query: InterpretedQuery, chip: InterpretedChip): InterpretedQuery {
  const next: InterpretedQuery = { ...query };
  if (chip.startsWith('amenity:')) {
    next.amenities = (query.amenities ?? []).filter((amenity) => `amenity:${amenity}` !== chip);
    return next;
  }
  switch (chip) {
    case 'dates':
      delete next.checkIn;
      delete next.checkOut;
      delete next.flexible;
      break;
    case 'price':
      delete next.minPrice;
      delete next.maxPrice;
      break;
    case 'party':
      delete next.guests;
      delete next.children;
      break;
    default:
      delete next[chip as Exclude<keyof InterpretedQuery, 'amenities'>];
  }
  return next;
}

/**
 * A structured search from an interpretation: the fields said replace the base's (the page's search,
 * or a cleared one), and what does not apply to the type is dropped as the URL drops it (children and
 * rooms are hotels', bedrooms and flexible dates homes', amenities of the type's list only).
 */
export function applyInterpretation(
  query: InterpretedQuery,
  base: ResultsFilters = clearedResultsFilters(query.type ?? 'sublet'),
  /** The words the reading left over: matched in listings' titles and descriptions (decision 048). */
  words: readonly string[] = [],
): ResultsFilters {
  const type = query.type ?? base.type;
  const filters: ResultsFilters = { ...clearedResultsFilters(type), sort: base.sort };
  filters.text = words.join(' ').slice(0, maxSearchTextLength).trim();
  filters.location = query.location ?? '';
  if (query.checkIn && query.checkOut) {
    filters.checkIn = query.checkIn;
    filters.checkOut = query.checkOut;
  }
  // 'over 500 under 300' names a range the wrong way round; the URL reads it the right way (pricesOf).
  const [min, max] =
    query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice
      ? [query.maxPrice, query.minPrice]
      : [query.minPrice, query.maxPrice];
  filters.minPrice = min;
  filters.maxPrice = max;
  filters.amenities = (query.amenities ?? []).filter((amenity) => amenitiesOfType(type).includes(amenity));
  filters.petFriendly = query.petFriendly ?? false;
  filters.shabbatFriendly = query.shabbatFriendly ?? false;
  if (query.guests) {
    const children = type === 'hotel' ? (query.children ?? []) : [];
    filters.guests = Math.min(maxPartyGuests, Math.max(query.guests, children.length + 1));
    filters.children = children;
  }
  if (type === 'hotel' && query.rooms) filters.rooms = query.rooms;
  if (type !== 'hotel' && query.bedrooms) filters.bedrooms = query.bedrooms;
  filters.flexible = type === 'sublet' && Boolean(query.flexible && filters.checkIn);
  return filters;
}

/**
 * The /results query string of a reading: its fields over a cleared search of the page's type. The
 * box's submit uses it in the browser, and the server's redirect of a sentence submitted before (or
 * without) the scripts (server/web-static.ts), so both land on the same structured URL.
 */
export function sentenceResultsQuery(interpretation: Interpretation, baseType: PropertyType, sort: SearchSort): string {
  return resultsFiltersToParams(
    applyInterpretation(interpretation.query, { ...clearedResultsFilters(baseType), sort }, interpretation.unmatched),
  ).toString();
}
