import { and, arrayContains, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { blockingBookingStatuses, maxLocationSuggestions, propertyTypes, type PropertyType } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import {
  effectivePriceRange,
  extractCity,
  maxCountedResults,
  searchPageSize,
  type SearchQuery,
} from '../../../core/search-params.ts';
import type { ListingCard, PlaceSuggestion, SearchResponse } from '../../../core/search-types.ts';
import type { Database } from '../../db/database.ts';
import { places, properties } from '../../db/schema.ts';

const placeOfListing = alias(places, 'place');
const cityOfListing = alias(places, 'city');
const parentPlace = alias(places, 'parent');

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Where a location text points: listings in these cities, or in these neighbourhoods of other cities. */
export interface PlaceMatch {
  cityIds: number[];
  neighbourhoodIds: number[];
}

const placeMatchCache = new WeakMap<Database, Map<string, { match: PlaceMatch; until: number }>>();
/** The gazetteer changes with a release, not between searches; a minute of caching saves a query per search. */
const placeMatchCacheMs = 60_000;

/**
 * The gazetteer entries a location text names, in English or Hebrew, with everything inside them
 * (a region's cities, a city's neighbourhoods). The full text is tried first, then its city part
 * (spec §7: 'Florentin, Tel Aviv' → 'Tel Aviv').
 */
export async function matchPlaces(db: Database, location: string): Promise<PlaceMatch> {
  const key = location.trim().toLowerCase();
  let cache = placeMatchCache.get(db);
  if (!cache) placeMatchCache.set(db, (cache = new Map()));
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.match;

  let match: PlaceMatch = { cityIds: [], neighbourhoodIds: [] };
  const candidates = [...new Set([location.trim(), extractCity(location)])].filter((text) => text !== '');
  for (const text of candidates) {
    const pattern = containsPattern(text);
    // Both drivers (node-postgres, PGlite) answer raw SQL with { rows }.
    const result = (await db.execute(sql`
      with recursive matched(id, kind, parent_id) as (
        select ${places.id}, ${places.kind}, ${places.parentId} from ${places}
        where ${places.nameEn} ilike ${pattern} or ${places.nameHe} ilike ${pattern}
        union
        select child.id, child.kind, child.parent_id from ${places} child join matched on child.parent_id = matched.id
      )
      select id, kind, parent_id from matched`)) as unknown as { rows: { id: number; kind: string; parent_id: number | null }[] };
    if (result.rows.length === 0) continue;
    const cityIds = new Set(result.rows.filter((row) => row.kind !== 'neighbourhood').map((row) => Number(row.id)));
    match = {
      cityIds: [...cityIds],
      // A neighbourhood of a matched city is covered by its city.
      neighbourhoodIds: result.rows
        .filter((row) => row.kind === 'neighbourhood' && !cityIds.has(Number(row.parent_id)))
        .map((row) => Number(row.id)),
    };
    break;
  }
  if (cache.size > 5000) cache.clear();
  cache.set(key, { match, until: Date.now() + placeMatchCacheMs });
  return match;
}

const listingColumns = (language: Language) => ({
  id: properties.id,
  type: properties.propertyType,
  title: language === 'he' ? properties.titleHe : properties.titleEn,
  placeName: language === 'he' ? placeOfListing.nameHe : placeOfListing.nameEn,
  cityName: language === 'he' ? cityOfListing.nameHe : cityOfListing.nameEn,
  sameCity: sql<boolean>`${properties.placeId} = ${properties.cityId}`,
  photoKey: sql<string | null>`(select ph.storage_key from property_photos ph where ph.property_id = ${properties.id} order by ph.position limit 1)`,
  amenities: properties.amenities,
  petFriendly: properties.petFriendly,
  swapAvailable: properties.swapAvailable,
  starRating: properties.starRating,
  ratingAverage: properties.ratingAverage,
  reviewCount: properties.reviewCount,
  price: properties.listPrice,
  durationMonths: properties.durationMonths,
  availableFrom: properties.availableFrom,
  availableUntil: properties.availableUntil,
  leaseOptions: properties.leaseOptions,
});

/** Listing cards with their place names, for queries that add their own conditions and order. */
function selectListings(db: Database, language: Language) {
  return db
    .select(listingColumns(language))
    .from(properties)
    .innerJoin(placeOfListing, eq(placeOfListing.id, properties.placeId))
    .innerJoin(cityOfListing, eq(cityOfListing.id, properties.cityId))
    .$dynamic();
}

type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

function toCard(row: ListingRow): ListingCard {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    location: row.sameCity ? row.cityName : `${row.placeName}, ${row.cityName}`,
    photoUrl: row.photoKey?.startsWith('public/') ? `/api/media/${row.photoKey}` : null,
    amenities: row.amenities,
    petFriendly: row.petFriendly,
    swapAvailable: row.swapAvailable,
    starRating: row.starRating,
    ratingAverage: row.ratingAverage === null ? null : Math.round(row.ratingAverage * 100) / 100,
    reviewCount: row.reviewCount,
    price: row.price ?? 0,
    durationMonths: row.durationMonths,
    availableFrom: row.availableFrom,
    availableUntil: row.availableUntil,
    leaseOptions: row.leaseOptions,
  };
}

/** Approved listings of one type; every other condition narrows this. */
function searchConditions(query: SearchQuery, places: PlaceMatch | null): SQL[] {
  const conditions: SQL[] = [eq(properties.status, 'approved'), eq(properties.propertyType, query.type)];
  if (places) {
    // One index condition when only one list is used (the usual case), so counting can stay in the index.
    const inCities = places.cityIds.length ? inArray(properties.cityId, places.cityIds) : undefined;
    const inNeighbourhoods = places.neighbourhoodIds.length ? inArray(properties.placeId, places.neighbourhoodIds) : undefined;
    conditions.push(inCities && inNeighbourhoods ? or(inCities, inNeighbourhoods)! : (inCities ?? inNeighbourhoods)!);
  }

  if (query.checkIn && query.checkOut) {
    // A listing is open for the whole stay (an open window end means no limit on that side)...
    conditions.push(
      sql`daterange(${properties.availableFrom}, ${properties.availableUntil}, '[]') @> daterange(${query.checkIn}::date, ${query.checkOut}::date, '[]')`,
    );
    // ...and not taken for it: a home by any overlapping booking, a hotel when its rooms are.
    const overlapping = sql`b.property_id = ${properties.id} and b.status in (${sql.join(
      blockingBookingStatuses.map((status) => sql`${status}`),
      sql`, `,
    )}) and b.check_in < ${query.checkOut}::date and b.check_out > ${query.checkIn}::date`;
    conditions.push(
      query.type === 'hotel'
        ? sql`coalesce(${properties.roomCount}, 1) - (select coalesce(sum(b.rooms), 0) from bookings b where ${overlapping}) >= ${query.rooms ?? 1}`
        : sql`not exists (select 1 from bookings b where ${overlapping})`,
    );
  }

  const price = effectivePriceRange(query.type, query.minPrice, query.maxPrice);
  if (price.min !== undefined) conditions.push(gte(properties.listPrice, price.min));
  if (price.max !== undefined) conditions.push(lte(properties.listPrice, price.max));

  if (query.type === 'hotel') {
    if (query.stars?.length) conditions.push(inArray(properties.starRating, query.stars));
    if (query.amenities?.length) conditions.push(arrayContains(properties.amenities, query.amenities));
    if (query.rooms && !(query.checkIn && query.checkOut)) conditions.push(gte(properties.roomCount, query.rooms));
  } else if (query.swapAvailable) {
    conditions.push(eq(properties.swapAvailable, true));
  }
  if (query.petFriendly) conditions.push(eq(properties.petFriendly, true));
  return conditions;
}

function searchOrder(sort: SearchQuery['sort']): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(properties.listPrice), asc(properties.id)];
    case 'price_desc':
      return [desc(properties.listPrice), desc(properties.id)];
    case 'newest':
      return [sql`${properties.publishedAt} desc nulls last`, desc(properties.id)];
    case 'rating':
      return [sql`${properties.ratingAverage} desc nulls last`, desc(properties.id)];
  }
}

/** The page and the capped count of a search, not yet run (tests EXPLAIN them). */
export function searchQueries(db: Database, query: SearchQuery, places: PlaceMatch | null) {
  const where = and(...searchConditions(query, places));
  // Counting stops one past the cap: '1,000+' costs a bounded scan, an exact 300,000 does not.
  // (Inside the subquery, "properties" names its own FROM, so the same conditions apply there.)
  const cappedCount = sql<number>`(select count(*)::int from (select 1 from ${properties} where ${where} limit ${maxCountedResults + 1}) capped)`;
  // The page's ids come from the covering indexes alone; only those twelve rows are read in full.
  const pageIds = db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    .orderBy(...searchOrder(query.sort))
    .limit(searchPageSize)
    .offset((query.page - 1) * searchPageSize)
    .as('page_ids');
  return {
    // One statement answers both the page and the count: a round trip and a plan fewer per search.
    page: db
      .select({ ...listingColumns(query.lang), total: cappedCount })
      .from(pageIds)
      .innerJoin(properties, eq(properties.id, pageIds.id))
      .innerJoin(placeOfListing, eq(placeOfListing.id, properties.placeId))
      .innerJoin(cityOfListing, eq(cityOfListing.id, properties.cityId))
      .orderBy(...searchOrder(query.sort)),
    count: db.select({ count: cappedCount }).from(sql`(select 1) one`),
  };
}

export async function searchListings(db: Database, query: SearchQuery): Promise<SearchResponse> {
  const places = query.location ? await matchPlaces(db, query.location) : null;
  if (places && places.cityIds.length + places.neighbourhoodIds.length === 0) {
    return { results: [], total: 0, totalIsCapped: false, page: query.page, pageSize: searchPageSize, pageCount: 0 };
  }
  const { page, count } = searchQueries(db, query, places);
  const rows = await page;
  // A page past the end has no rows to carry the count.
  const found = rows[0]?.total ?? (query.page > 1 ? ((await count)[0]?.count ?? 0) : 0);
  const total = Math.min(found, maxCountedResults);
  return {
    results: rows.map(toCard),
    total,
    totalIsCapped: found > maxCountedResults,
    page: query.page,
    pageSize: searchPageSize,
    pageCount: Math.ceil(total / searchPageSize),
  };
}

/** Two top-rated listings of each type with a few reviews behind their rating, for the home page. */
export async function featuredListings(db: Database, language: Language): Promise<ListingCard[]> {
  const perType = await Promise.all(
    propertyTypes.map((type: PropertyType) =>
      selectListings(db, language)
        .where(and(eq(properties.status, 'approved'), eq(properties.propertyType, type), gte(properties.reviewCount, 3)))
        .orderBy(sql`${properties.ratingAverage} desc nulls last`, desc(properties.id))
        .limit(2),
    ),
  );
  return perType.flat().map(toCard);
}

/** Places whose English or Hebrew name contains `text`, names that start with it first, then the best known. */
export async function suggestPlaces(db: Database, text: string, language: Language): Promise<PlaceSuggestion[]> {
  const contains = containsPattern(text);
  const startsWith = `${contains.slice(1)}`;
  const rows = await db
    .select({
      id: places.id,
      kind: places.kind,
      name: language === 'he' ? places.nameHe : places.nameEn,
      parentName: language === 'he' ? parentPlace.nameHe : parentPlace.nameEn,
    })
    .from(places)
    .leftJoin(parentPlace, eq(parentPlace.id, places.parentId))
    .where(or(sql`${places.nameEn} ilike ${contains}`, sql`${places.nameHe} ilike ${contains}`))
    .orderBy(
      sql`(${places.nameEn} ilike ${startsWith} or ${places.nameHe} ilike ${startsWith}) desc`,
      desc(places.popularity),
      asc(places.nameEn),
    )
    .limit(maxLocationSuggestions);
  return rows.map((row) => ({ id: row.id, kind: row.kind, name: row.name, parentName: row.parentName ?? null }));
}
