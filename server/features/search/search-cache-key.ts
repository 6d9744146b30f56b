import { createHash } from 'node:crypto';
import type { SearchQuery } from '../../../core/search-query-schema.ts';

/**
 * The parts of a search that decide its answer, in one fixed order: lists sorted, the location as
 * matched (place names are matched case-insensitively and trimmed). The result cache adds the
 * database's generation (server/cache/result-cache.ts).
 */
export function searchCacheKey(query: SearchQuery): string {
  const normalized = [
    query.type,
    query.location?.trim().toLowerCase() ?? '',
    query.checkIn ?? '',
    query.checkOut ?? '',
    query.minPrice ?? '',
    query.maxPrice ?? '',
    [...(query.stars ?? [])].sort().join(','),
    [...(query.amenities ?? [])].sort().join(','),
    query.petFriendly ?? '',
    query.swapAvailable ?? '',
    query.shabbatFriendly ?? '',
    query.rooms ?? '',
    query.guests ?? '',
    (query.children ?? []).join(','),
    query.bedrooms ?? '',
    query.flexible ?? '',
    query.sort,
    query.page,
    query.lang,
    query.bbox ? [query.bbox.west, query.bbox.south, query.bbox.east, query.bbox.north].join(',') : '',
  ];
  return `search:${createHash('sha1').update(JSON.stringify(normalized)).digest('base64url')}`;
}
