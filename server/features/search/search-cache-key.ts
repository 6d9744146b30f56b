import { createHash } from 'node:crypto';
import { searchQuerySchema, type SearchQuery } from '../../../core/search-query-schema.ts';
import { searchTextWords } from '../../../core/search-text.ts';

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
 * result cache adds the database's generation (server/cache/result-cache.ts).
 */
export function searchCacheKey(query: SearchQuery): string {
  const normalized = searchFields.map((field) => [field, keyPart(field, query[field])]);
  return `search:${createHash('sha1').update(JSON.stringify(normalized)).digest('base64url')}`;
}
