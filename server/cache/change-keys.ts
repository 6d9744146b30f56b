import type { PropertyType } from '../../core/constants.ts';

/**
 * The keys a write touches and a cached answer depends on (docs/decisions/065-keyed-cache.md). The
 * database's triggers write the same strings (drizzle/0049_keyed_cache_changes.sql, checked by
 * server/db/cache-changes.test.ts), so a change here is a change there too.
 */

/** Everything: the gazetteer, the platform's settings, a table emptied. Every answer depends on it. */
export const everythingKey = 'all';

/** What a visitor's page of the listing shows: its row, photos, seasonal rules, reviews, its host's and reviewers' names. */
export const listingKey = (id: number) => `listing:${id}`;

/**
 * Approved listings of `type` in the place `placeId` (their city, and their neighbourhood when it is
 * another place), as search shows them: rows, covers, prices.
 */
export const areaKey = (type: PropertyType, placeId: number) => `area:${type}:${placeId}`;

/** Any of the above for a listing of `type`, wherever it is: what a search of the whole country depends on. */
export const typeKey = (type: PropertyType) => `type:${type}`;

/**
 * Which nights the approved listings of `type` in `placeId` are free on (stays that hold nights, the
 * hosts' blocks): what only a search with dates shows. A search without dates does not depend on it.
 */
export const nightsKey = (type: PropertyType, placeId: number) => `nights:${type}:${placeId}`;

/** The same wherever they are: what a search of the whole country with dates depends on. */
export const typeNightsKey = (type: PropertyType) => `nights:${type}`;

/** The seasonal rules and prices of `type`'s listings: the seasonal prices a stay's searches share. */
export const pricesKey = (type: PropertyType) => `prices:${type}`;

/** The words of every listing's texts: the typo lexicon a search with words is corrected from. */
export const wordsKey = 'words';
