import { createHash } from 'node:crypto';
import { searchQuerySchema, type SearchQuery } from '../../../core/search-query-schema.ts';
import { searchTextWords } from '../../../core/search-text.ts';
import { areaKey, everythingKey, nightsKey, typeKey, typeNightsKey, wordsKey } from '../../cache/change-keys.ts';
import type { PlaceMatch } from './search-repository.ts';

/**
 * Every field of a parsed search, in the schema's order: the key is derived from the query itself, not
 * from a hand-kept list, so a new filter can never be left out of it (a forgotten field served one
 * search's cached answer to another; decision 042). search-cache-key.test.ts changes each field in turn.
 */
const searchFields = Object.keys(searchQuerySchema.shape) as (keyof SearchQuery)[];

/**
 * A value in the one form every equivalent search shares: no list's order changes a search (stars,
 * amenities, children's ages are sets), so lists are sorted; an object's keys are sorted too. Strings
 * arrive trimmed by the schema.
 */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    return value
      .map(canonical)
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Fields matched more loosely than their value: place names are matched case-insensitively. */
const looseFields: { [K in keyof SearchQuery]?: (value: NonNullable<SearchQuery[K]>) => unknown } = {
  location: (location) => location.trim().toLowerCase() || null,
  // The words as matched (core/search-text.ts): case, points and signs between words change nothing.
  text: (text) => searchTextWords(text).join(' ') || null,
};

function keyPart<K extends keyof SearchQuery>(field: K, value: SearchQuery[K]): unknown {
  const loose = looseFields[field];
  return canonical(value === undefined || value === null || !loose ? value : loose(value));
}

/**
 * The parts of a search that decide its answer: every field of the parsed query, canonical. The
 * result cache adds the versions of what it depends on (searchDependencies, server/cache/result-cache.ts).
 */
export function searchCacheKey(query: SearchQuery): string {
  const normalized = searchFields.map((field) => [field, keyPart(field, query[field])]);
  return `search:${createHash('sha1').update(JSON.stringify(normalized)).digest('base64url')}`;
}

/** Past this many places a search depends on its whole type (a region's cities are each a key). */
const maxAreaKeys = 32;

/**
 * The change keys a search's answer depends on (docs/decisions/065-keyed-cache.md): the places its
 * location matched, as the search itself filters (listings whose city is one of `cityIds` or whose
 * neighbourhood is one of `neighbourhoodIds`), or, without a location (or with very many places),
 * every listing of its type; with dates, also those listings' free nights. A location that matches
 * no place gives no listing: only the gazetteer decides that. Searches with words also depend on the typo lexicon. The bounds of a map area only
 * narrow what the type or the places give.
 */
export function searchDependencies(query: SearchQuery, places: PlaceMatch | null): string[] {
  const keys = [everythingKey];
  const placeIds = places ? [...places.cityIds, ...places.neighbourhoodIds] : undefined;
  const wholeType = placeIds === undefined || placeIds.length > maxAreaKeys;
  if (wholeType) keys.push(typeKey(query.type));
  else keys.push(...placeIds.map((placeId) => areaKey(query.type, placeId)));
  // Free nights matter only to a stay (flexible dates come with dates).
  if (query.checkIn && query.checkOut) {
    if (wholeType) keys.push(typeNightsKey(query.type));
    else keys.push(...placeIds.map((placeId) => nightsKey(query.type, placeId)));
  }
  if (query.text && searchTextWords(query.text).length > 0) keys.push(wordsKey);
  return keys;
}
