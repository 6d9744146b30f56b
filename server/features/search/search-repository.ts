/**
 * Search, featured listings and place suggestions: the statements behind /api/search and its
 * neighbours. Over 300 lines on purpose: the search statement is written by hand (docs/decisions/005)
 * and its pieces (filters, sort orders, the count, the page) are read together with the indexes
 * that serve them.
 */
import { and, asc, desc, eq, gt, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { amenityMask, shabbatFriendlyAmenities } from '../../../core/amenity-bits.ts';
import { maxLocationSuggestions, propertyTypes, type PropertyType } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import { countedResultsCap, effectivePriceRange, extractCity, searchPageSize } from '../../../core/search-params.ts';
import type { SearchQuery } from '../../../core/search-query-schema.ts';
import { countedGuests, placesPerRoom } from '../../../core/party.ts';
import { flexibleShiftsFrom, shiftedStay } from '../../../core/flexible-dates.ts';
import { today } from '../../../core/dates.ts';
import { roundedPoint } from '../../../core/map-area.ts';
import { minTypoWordLength, searchTextWords, wordQuery } from '../../../core/search-text.ts';
import { effectiveUnitPrice, unitPriceOf, type PriceRule, type RuledListing } from '../../../core/price-rules.ts';
import type { ListingCard, PlaceSuggestion, SearchResponse } from '../../../core/contracts/search.ts';
import { stayIsFreeByNights, textWriter } from '../../db/availability-sql.ts';
import {
  cardOfRow,
  cityOfListing,
  cityOfListingJoin,
  listingCardColumns,
  placeOfListing,
  placeOfListingJoin,
  type CoverPhotoRow,
} from '../../db/listing-card-sql.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { priceRulesJson } from '../../db/price-rules-sql.ts';
import { parseSetting, settingKeys } from '../../settings/platform-settings.ts';
import { quoteStay } from '../../../core/quote.ts';
import { listingPriceRules, places, properties } from '../../db/schema.ts';
import { computeNow, type Remember } from '../../cache/result-cache.ts';
import { everythingKey, pricesKey, wordsKey } from '../../cache/change-keys.ts';
import { gazetteerCache } from './gazetteer-cache.ts';

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

const placeMatches = gazetteerCache<PlaceMatch>();

/**
 * The gazetteer entries a location text names, in English or Hebrew, with everything inside them
 * (a region's cities, a city's neighbourhoods). The full text is tried first, then its city part
 * ('Florentin, Tel Aviv' → 'Tel Aviv').
 */
export function matchPlaces(db: Database, location: string): Promise<PlaceMatch> {
  return placeMatches(db, location.trim().toLowerCase(), () => placesMatching(db, location));
}

async function placesMatching(db: Database, location: string): Promise<PlaceMatch> {
  let match: PlaceMatch = { cityIds: [], neighbourhoodIds: [] };
  const candidates = [...new Set([location.trim(), extractCity(location)])].filter((text) => text !== '');
  for (const text of candidates) {
    const pattern = containsPattern(text);
    // Both drivers (node-postgres, PGlite) answer raw SQL with { rows }.
    //
    // A name matched exactly wins over names that merely contain the text: 'Tel Aviv' is the city,
    // not also the 'Tel Aviv District' around it; 'tel' still finds both.
    const result = await db.execute<{ id: number; kind: string; parent_id: number | null }>(sql`
      with recursive hits as (
        select ${places.id} as id, ${places.kind} as kind, ${places.parentId} as parent_id,
          (lower(${places.nameEn}) = lower(${text}) or ${places.nameHe} = ${text}) as exact
        from ${places} where ${places.nameEn} ilike ${pattern} or ${places.nameHe} ilike ${pattern}
      ),
      matched(id, kind, parent_id) as (
        select id, kind, parent_id from hits where exact or not exists (select 1 from hits where exact)
        union
        select child.id, child.kind, child.parent_id from ${places} child join matched on child.parent_id = matched.id
      )
      select id, kind, parent_id from matched`);
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
  return match;
}

/** Listing cards with their place names, for queries that add their own conditions and order. */
function selectListings(db: Database, language: Language) {
  return db
    .select(listingCardColumns(language))
    .from(properties)
    .innerJoin(placeOfListing, placeOfListingJoin)
    .innerJoin(cityOfListing, cityOfListingJoin)
    .$dynamic();
}

/** Positional parameters for a hand-written statement: add() returns the placeholder. */
class Parameters {
  readonly values: unknown[] = [];
  private readonly placed = new Map<object, string>();
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** One placeholder for a list however often the statement mentions it (sent once). */
  addOnce(list: object): string {
    let placeholder = this.placed.get(list);
    if (placeholder === undefined) this.placed.set(list, (placeholder = this.add(list)));
    return placeholder;
  }
}

/** What a filter's SQL may use besides the query: the places found, the statement's parameters, the price. */
interface FilterSqlContext {
  query: SearchQuery;
  places: PlaceMatch | null;
  p: Parameters;
  price: PriceColumn;
  flexible: FlexibleStay | null;
  text: TextSearch | null;
}

/**
 * The search's words (decision 048) over the listings called `alias`: whether a listing matches any of
 * them, and how many it matches (its relevance, ordered before the chosen sort).
 */
interface TextSearch {
  matches: (alias: string) => string;
  /** Null when every match is as relevant as the next (one word, no typo corrections): nothing to rank. */
  relevance: ((alias: string) => string) | null;
}

/** For each searched word with a typo, the listings' words it may mean (typoCorrections). */
export type TypoCorrections = ReadonlyMap<string, readonly string[]>;

/**
 * Each word matches its forms without Hebrew prefixes ('simple' lexemes, core/search-text.ts) or its
 * English stem, over the generated search_document (GIN indexes properties_search_words_<type>_idx, which
 * also carry the city, so type, city and words are matched in the index: drizzle/0044), or one
 * of the lexicon's words its typo may mean (typoCorrections). A listing matching none of the words is
 * left out; relevance counts the words a listing matches as written, so a match through a typo's
 * correction ranks after every exact one.
 */
function textSearch(query: SearchQuery, p: Parameters, corrections: TypoCorrections): TextSearch | null {
  const words = searchTextWords(query.text ?? '');
  if (words.length === 0) return null;
  const perWord = words.map((word) => {
    const exact = `(to_tsquery('simple', ${p.add(wordQuery(word))}::text) || to_tsquery('english', ${p.add(word)}::text))`;
    const meant = corrections.get(word) ?? [];
    return {
      exact,
      any: meant.length ? `(${exact} || to_tsquery('simple', ${p.add(meant.map((lexeme) => `'${lexeme}'`).join(' | '))}::text))` : exact,
    };
  });
  const any = perWord.map((entry) => entry.any).join(' || ');
  // Ranking reads each match's document again per word: only worth it when matches can differ.
  const ranked = perWord.length > 1 || corrections.size > 0;
  return {
    matches: (alias) => `${alias}.search_document @@ (${any})`,
    relevance: ranked ? (alias) => `(${perWord.map((entry) => `(${alias}.search_document @@ ${entry.exact})::int`).join(' + ')})` : null,
  };
}

/**
 * The words a searched word with a typo may mean: for each word of five letters or more that no
 * listing has, up to three of the lexicon's words (search_lexicon) with a trigram similarity of 0.5
 * or more, the nearest first ("balconny" → "balcony", "שכונא" → "שכונה"). Shorter words are like too
 * many others to guess. One small statement on the lexicon's GIN index, before the search's own.
 */
export async function typoCorrections(db: Database, text: string | undefined): Promise<TypoCorrections> {
  const candidates = searchTextWords(text ?? '').filter((word) => word.length >= minTypoWordLength);
  if (candidates.length === 0) return new Map();
  const rows = await queryRows<{ typed: string; word: string }>(
    db,
    `select typed.word as typed, near.word from unnest($1::text[]) typed(word)
      cross join lateral (
        select l.word from search_lexicon l where l.word % typed.word and similarity(l.word, typed.word) >= 0.5
          and not exists (select 1 from search_lexicon known where known.word = typed.word)
        order by l.word <-> typed.word limit 3
      ) near`,
    [candidates],
  );
  const corrections = new Map<string, string[]>();
  for (const row of rows) corrections.set(row.typed, [...(corrections.get(row.typed) ?? []), row.word]);
  return corrections;
}

/** One amenity bit set (see the amenities filter below). */
const amenityBitSet = (amenity: string, p: Parameters) => `(s.amenity_bits & ${p.add(amenityMask([amenity]))}::bigint) <> 0`;

/**
 * The conditions each field of a search adds over `properties s`. Typed over every field of the query,
 * so a new filter does not compile until its SQL is written here (decision 042); a field that narrows
 * nothing by itself says where it is read. Listed in the order the conditions are written (a field
 * may still read the others: the party's rooms and children). Every column used here is carried by the
 * covering indexes (drizzle/0014_search_bitmask.sql).
 */
const filterConditions: { [K in keyof SearchQuery]-?: (value: SearchQuery[K], context: FilterSqlContext) => string[] } = {
  type: (type, { p }) => [`s.property_type = ${p.add(type)}::property_type`],
  location: (_location, { places, p }) => {
    if (!places) return [];
    // One index condition when only one list is used (the usual case), so counting can stay in the index.
    const inCities = places.cityIds.length ? `s.city_id = any(${p.add(places.cityIds)}::int[])` : null;
    const inNeighbourhoods = places.neighbourhoodIds.length ? `s.place_id = any(${p.add(places.neighbourhoodIds)}::int[])` : null;
    return [inCities && inNeighbourhoods ? `(${inCities} or ${inNeighbourhoods})` : (inCities ?? inNeighbourhoods)!];
  },
  /** The stay: checkIn, checkOut, flexible and (hotels) rooms together. */
  checkIn: (checkInDate, { query, p, flexible }) => {
    if (flexible) {
      // Flexible dates (sublets): the window may allow some shifted stay at all (covered columns, so most
      // listings are dropped inside the index), then some shift fits the availability and is free. Written
      // as a scalar `coalesce((select true … limit 1), false)`, not `exists`: PostgreSQL multiplied the
      // fifteen starts' guesses into an estimate of 8 matching rows and then read and sorted the whole
      // table to join the page (870 ms on 100k listings); as a plain condition it keeps the usual plan (20-50 ms).
      return [
        flexible.windowAllows('s'),
        `coalesce((select true from unnest(${flexible.shifts}::int[]) flex(shift) where ${flexible.fits('s', 'flex.shift')} limit 1), false)`,
      ];
    }
    if (!(checkInDate && query.checkOut)) return [];
    const checkIn = p.add(checkInDate);
    const checkOut = p.add(query.checkOut);
    const hotel = query.type === 'hotel';
    return [
      // A listing is open for the whole stay (an open window end means no limit on that side)...
      `daterange(s.available_from, s.available_until, '[]') @> daterange(${checkIn}::date, ${checkOut}::date, '[]')`,
      // ...and free for it: no block, and the rooms asked for left on every night (a home has one).
      stayIsFreeByNights(textWriter, {
        listing: 's.id',
        capacity: hotel ? 'coalesce(s.room_count, 1)' : '1',
        checkIn: `${checkIn}::date`,
        checkOut: `${checkOut}::date`,
        rooms: hotel ? `${p.add(query.rooms ?? 1)}::int` : '1',
      }),
    ];
  },
  checkOut: () => [], // with checkIn
  flexible: () => [], // with checkIn
  /** The price range: minPrice and maxPrice together, only where narrowed (core/search-params.ts). */
  minPrice: (_min, { query, p, price }) => {
    const range = effectivePriceRange(query.type, query.minPrice, query.maxPrice);
    return [
      ...(range.min !== undefined ? [`${price('s')} >= ${p.add(range.min)}`] : []),
      ...(range.max !== undefined ? [`${price('s')} <= ${p.add(range.max)}`] : []),
    ];
  },
  maxPrice: () => [], // with minPrice
  stars: (stars, { query, p }) => (query.type === 'hotel' && stars?.length ? [`s.star_rating = any(${p.add(stars)}::smallint[])`] : []),
  swapAvailable: (swap, { query }) => (query.type !== 'hotel' && swap ? ['s.swap_available'] : []),
  // Every asked-for bit set: the covering indexes carry amenity_bits, so the filter stays inside them.
  // One test per bit, written `<> 0`: PostgreSQL has no statistics for a bit test and guesses that
  // an `= 0` test keeps 0.5 % of the rows, so one mask test made it expect a handful of results and
  // read them from the table in a bitmap scan (a second on 100k listings, docs/performance.md); it
  // guesses 99.5 % for `<> 0`, and walks the covering index in the asked-for order instead. Homes use
  // the same bits over the home amenities.
  amenities: (amenities, { p }) => (amenities ?? []).map((amenity) => amenityBitSet(amenity, p)),
  // Hotels. With dates too: the nights check counts held rooms against the room count only where some
  // are held, so an empty hotel of one room passed a search for two.
  rooms: (rooms, { query, p }) => (query.type === 'hotel' && rooms ? [`s.room_count >= ${p.add(rooms)}`] : []),
  /** Places for the party: guests, and for hotels their children and rooms (drizzle/0025_filters_party.sql). */
  guests: (guests, { query, p }) => {
    if (!guests) return [];
    if (query.type !== 'hotel') return [`s.max_guests >= ${p.add(guests)}`];
    // Hotels: max_guests is per room; infants take no place (core/party.ts).
    const counted = countedGuests(guests, query.children ?? []);
    return [`s.max_guests >= ${p.add(placesPerRoom(counted, query.rooms ?? 1))}`];
  },
  children: () => [], // with guests
  bedrooms: (bedrooms, { query, p }) => (query.type !== 'hotel' && bedrooms ? [`s.bedrooms >= ${p.add(bedrooms)}`] : []),
  petFriendly: (pets) => (pets ? ['s.pet_friendly'] : []),
  // Any of the Shabbat amenities: one bit test inside the covering indexes, like the amenity filter.
  shabbatFriendly: (shabbat, { p }) => (shabbat ? [`(s.amenity_bits & ${p.add(amenityMask(shabbatFriendlyAmenities))}::bigint) <> 0`] : []),
  // Verified places only (issue 39): not carried by the covering indexes, so this filter reads the
  // listings the others kept; few searches ask for it (docs/decisions/052-verified-places.md).
  verifiedPlace: (verified) => (verified ? ["s.place_verification = 'verified'"] : []),
  // "Search this area": the approximate point (never the pin) inside the box, through the GiST index
  // properties_search_area_idx (drizzle/0023_listing_coordinates.sql); written as the index is.
  bbox: (bbox, { p }) => {
    if (!bbox) return [];
    const { west, south, east, north } = bbox;
    return [
      `point(s.area_longitude, s.area_latitude) <@ box(point(${p.add(west)}::float8, ${p.add(south)}::float8), point(${p.add(east)}::float8, ${p.add(north)}::float8))`,
    ];
  },
  text: (_text, { text }) => (text ? [text.matches('s')] : []),
  sort: () => [], // the order, searchOrder below
  page: () => [], // the offset, pageIds below
  lang: () => [], // the cards' language
};

const filterFields = Object.keys(filterConditions) as (keyof SearchQuery)[];

function conditionsOf<K extends keyof SearchQuery>(field: K, context: FilterSqlContext): string[] {
  const conditions = filterConditions[field] as (value: SearchQuery[K], context: FilterSqlContext) => string[];
  return conditions(context.query[field], context);
}

/** The conditions of a search over `properties s`: approved listings of one type, narrowed by every filter given. */
function searchConditions(
  query: SearchQuery,
  places: PlaceMatch | null,
  p: Parameters,
  price: PriceColumn,
  flexible: FlexibleStay | null = null,
  text: TextSearch | null = null,
): string {
  const context: FilterSqlContext = { query, places, p, price, flexible, text };
  return [`s.status = 'approved'`, ...filterFields.flatMap((field) => conditionsOf(field, context))].join(' and ');
}

/** The column a sort orders by besides the id (every covering index that can serve the sort carries it). */
const sortColumn: Record<SearchQuery['sort'], string> = {
  rating: 's.rating_average',
  price_asc: 's.list_price',
  price_desc: 's.list_price',
  newest: 's.published_at',
};

/**
 * ORDER BY of a sort over the listings called `alias`; the id breaks ties so pages never overlap. With
 * words searched (and no more matches than are counted), the listings matching more of them come first, each group in the sort's order.
 */
function searchOrder(sort: SearchQuery['sort'], alias: string, price: PriceColumn, relevance: string | null = null): string {
  return relevance ? `${relevance} desc, ${sortOrder(sort, alias, price)}` : sortOrder(sort, alias, price);
}

function sortOrder(sort: SearchQuery['sort'], alias: string, price: PriceColumn): string {
  switch (sort) {
    case 'price_asc':
      return `${price(alias)}, ${alias}.id`;
    case 'price_desc':
      return `${price(alias)} desc, ${alias}.id desc`;
    case 'newest':
      return `${alias}.published_at desc nulls last, ${alias}.id desc`;
    case 'rating':
      return `${alias}.rating_average desc nulls last, ${alias}.id desc`;
  }
}

/**
 * A flexible sublet search (core/flexible-dates.ts): the shifts tried (best first, none before today),
 * whether a listing's window allows some shifted stay, and whether a shift (an SQL int) fits a listing.
 */
interface FlexibleStay {
  shifts: string;
  /** The earliest check-in and the latest check-out over the shifts tried (SQL dates). */
  from: string;
  to: string;
  windowAllows: (alias: string) => string;
  fits: (alias: string, shift: string) => string;
}

function flexibleStay(query: SearchQuery, p: Parameters): FlexibleStay | null {
  if (!(query.flexible && query.type === 'sublet' && query.checkIn && query.checkOut)) return null;
  const shiftList = flexibleShiftsFrom(query.checkIn, today());
  const shifts = p.add(shiftList);
  const checkIn = p.add(query.checkIn);
  const checkOut = p.add(query.checkOut);
  const earliest = p.add(Math.min(...shiftList, 0));
  const latest = p.add(Math.max(...shiftList, 0));
  return {
    shifts,
    from: `${checkIn}::date + ${earliest}::int`,
    to: `${checkOut}::date + ${latest}::int`,
    windowAllows: (alias) =>
      `cardinality(${shifts}::int[]) > 0 and (${alias}.available_from is null or ${alias}.available_from <= ${checkIn}::date + ${latest}::int)` +
      ` and (${alias}.available_until is null or ${alias}.available_until >= ${checkOut}::date + ${earliest}::int)`,
    fits: (alias, shift) => {
      const from = `(${checkIn}::date + ${shift})`;
      const to = `(${checkOut}::date + ${shift})`;
      return `daterange(${alias}.available_from, ${alias}.available_until, '[]') @> daterange(${from}, ${to}, '[]') and ${stayIsFreeByNights(textWriter, { listing: `${alias}.id`, capacity: '1', checkIn: from, checkOut: to, rooms: '1' })}`;
    },
  };
}

/** The price a search filters, sorts and shows for the listings called `alias`. */
type PriceColumn = (alias: string) => string;

/**
 * Listings whose seasonal rules change their price for the searched stay, with that price in their
 * unit (core/price-rules.ts effectiveUnitPrice); empty without dates or when no rule touches them.
 */
export interface SeasonalPrices {
  ids: number[];
  prices: number[];
}

/**
 * The price column of a search: `list_price`, read from the covering indexes, unless some listings'
 * rules change their price for the stay; then theirs is looked up by id in the (short) list of them,
 * and the others keep their list_price (docs/decisions/018-price-rules.md).
 */
function priceColumn(seasonal: SeasonalPrices, p: Parameters): PriceColumn {
  if (seasonal.ids.length === 0) return (alias) => `${alias}.list_price`;
  // Added on first use: PostgreSQL refuses a parameter that a statement never mentions (it cannot
  // tell its type), and the count alone mentions the price only when the price is filtered.
  return (alias) =>
    `coalesce((${p.addOnce(seasonal.prices)}::int[])[array_position(${p.addOnce(seasonal.ids)}::int[], ${alias}.id)], ${alias}.list_price)`;
}

export interface Statement {
  text: string;
  values: unknown[];
}

interface SearchRow {
  id: number;
  /** The stored commission rates (only with dates: the stay totals' service fee). */
  commission_rates: unknown;
  /** The listing's seasonal rules over the stay (only with dates). */
  price_rules: PriceRule[] | null;
  type: PropertyType;
  title: string;
  place_name: string;
  city_name: string;
  same_city: boolean;
  cover: CoverPhotoRow;
  amenities: string[];
  pet_friendly: boolean;
  swap_available: boolean;
  instant_booking: boolean;
  verified_place: boolean;
  star_rating: number | null;
  rating_average: number | null;
  review_count: number;
  list_price: number | null;
  duration_months: number | null;
  available_from: string | null;
  available_until: string | null;
  lease_options: string[];
  stay_shift: number | null;
  area_latitude: number | null;
  area_longitude: number | null;
  /** What the stay's total takes (core/quote.ts), read from the page's rows only. */
  price_per_night: number | null;
  price_per_week: number | null;
  price_per_month: number | null;
  cleaning_fee: number;
  weekly_discount_percent: number;
  monthly_discount_percent: number;
  extra_guest_fee: number;
  guests_included: number | null;
  total: number;
}

/**
 * The statements of a search (tests EXPLAIN them). Written by hand: with a dozen optional filters,
 * building the query with Drizzle took longer than PostgreSQL took to run it (docs/performance.md).
 */
/**
 * The platform's rates, for the stay totals' service fee: read by the page statement (an InitPlan,
 * once per statement) rather than in a round trip of its own. The key is a constant of ours, not input.
 */
const commissionRatesColumn = `(select ps.value from platform_settings ps where ps.key = '${settingKeys.commissionRates}')`;

export function searchStatements(
  query: SearchQuery,
  places: PlaceMatch | null,
  seasonal: SeasonalPrices = { ids: [], prices: [] },
  corrections: TypoCorrections = new Map(),
): { page: Statement; count: Statement } {
  const p = new Parameters();
  const price = priceColumn(seasonal, p);
  const flexible = flexibleStay(query, p);
  const text = textSearch(query, p, corrections);
  const where = searchConditions(query, places, p, price, flexible, text);
  const he = query.lang === 'he';
  const cap = countedResultsCap(query.text);
  // One statement answers both the page and the count. The matches, up to one more than the count
  // shows, are read once, by their cheapest path: they are the count and, when there are no more than
  // that, the page too (sorted in memory). Only with more does the page walk the sort's index, where
  // a dozen are found soon. Walking it for few matches reads listings of every place in that order:
  // at 1M listings a page of Netanya rentals under 700 (there are none) read all 333,000 rentals (119
  // ms; 8 ms now). Only the page's twelve listings are read in full, by primary key, their ids handed
  // over as an array (an InitPlan) rather than joined: the availability checks make the page's
  // estimated cost so large that PostgreSQL 18 (PGlite) found a join that scans all of properties
  // "equal" within its 1 % fuzz factor and chose it for its start-up cost (1.4 s instead of 5 ms).
  const page = `
    with matches as materialized (
      select s.id, ${sortColumn[query.sort]}${text?.relevance ? `, ${text.relevance('s')} as relevance` : ''} from properties s where ${where} limit ${cap + 1}
    ), counted as (select count(*)::int as total from matches)
    select p.id, p.property_type as type, ${he ? 'p.title_he' : 'p.title_en'} as title,
      ${he ? 'pl.name_he' : 'pl.name_en'} as place_name, ${he ? 'ci.name_he' : 'ci.name_en'} as city_name,
      p.place_id = p.city_id as same_city,
      (select json_build_object('key', ph.storage_key, 'width', ph.width, 'height', ph.height)
        from property_photos ph where ph.property_id = p.id order by ph.position limit 1) as cover,
      p.amenities, p.pet_friendly, p.swap_available, p.instant_booking, p.place_verification = 'verified' as verified_place, p.star_rating, p.rating_average, p.review_count, ${price('p')} as list_price,
      p.duration_months, p.available_from::text as available_from, p.available_until::text as available_until, p.lease_options,
      ${flexibleStart(flexible)} as stay_shift, p.area_latitude, p.area_longitude,
      p.price_per_night, p.price_per_week, p.price_per_month, p.cleaning_fee, p.weekly_discount_percent,
      p.monthly_discount_percent, p.extra_guest_fee, p.guests_included,
      ${query.checkIn && query.checkOut ? commissionRatesColumn : 'null'} as commission_rates,
      ${stayRulesColumn(query, p, flexible)} as price_rules,
      (select counted.total from counted) as total
    from properties p
    join places pl on pl.id = p.place_id
    join places ci on ci.id = p.city_id
    where p.id = any(case when (select counted.total from counted) <= ${cap}
      then array(select m.id from matches m order by ${searchOrder(query.sort, 'm', price, text?.relevance ? 'm.relevance' : null)} limit ${searchPageSize} offset ${(query.page - 1) * searchPageSize})
      else array(${pageIds(query, where, price, seasonal, p, text ? { text, withoutWords: () => searchConditions(query, places, p, price, flexible) } : null)}) end)
    order by ${searchOrder(query.sort, 'p', price, text?.relevance?.('p') ?? null)}`;
  return { page: { text: page, values: p.values }, count: countStatement(query, places, seasonal, corrections) };
}

/**
 * The seasonal rules of the page's listing `p` over the searched stay (all its shifts when flexible),
 * for its stay total: read by the page statement, so a search with dates is one statement, not two.
 * Null without dates.
 */
function stayRulesColumn(query: SearchQuery, p: Parameters, flexible: FlexibleStay | null): string {
  if (!query.checkIn || !query.checkOut) return 'null::json';
  const stay = flexible ?? { from: `${p.add(query.checkIn)}::date`, to: `${p.add(query.checkOut)}::date` };
  return priceRulesJson(textWriter, { listing: 'p.id', from: stay.from, to: stay.to });
}

/** The capped count alone, for a page past the end (which has no rows to carry it), with only its own parameters. */
function countStatement(query: SearchQuery, places: PlaceMatch | null, seasonal: SeasonalPrices, corrections: TypoCorrections): Statement {
  const p = new Parameters();
  const where = searchConditions(query, places, p, priceColumn(seasonal, p), flexibleStay(query, p), textSearch(query, p, corrections));
  return {
    text: `select count(*)::int as count from (select 1 from properties s where ${where} limit ${countedResultsCap(query.text) + 1}) capped`,
    values: p.values,
  };
}

/**
 * The ids of the page's listings, in the order of the sort. A price sort with seasonal prices cannot
 * walk the price index (the price it sorts by is computed), so it would price and sort every match:
 * 200 ms for 60,000 sublets at 1M listings. It is split instead: the listings without a seasonal
 * price walk the index on list_price as far as the page reaches, the few with one are priced, and
 * the two are merged in the same order, ties by id, so pages never overlap.
 */
function pageIds(
  query: SearchQuery,
  where: string,
  price: PriceColumn,
  seasonal: SeasonalPrices,
  p: Parameters,
  words: { text: TextSearch; withoutWords: () => string } | null = null,
): string {
  const offset = (query.page - 1) * searchPageSize;
  const byPrice = query.sort === 'price_asc' || query.sort === 'price_desc';
  // With words searched and more matches than are counted, the sort alone orders them: ranking every
  // match by relevance read each one's document (2.4 s at p97.5 for common words at 100k listings).
  if (words && (!byPrice || seasonal.ids.length === 0)) {
    // In two steps (decision 059): the sort's covering index is walked with every other filter inside
    // it (no table read), and only the listings it keeps are read to check their words, by primary key,
    // until the page is full. Walked with the words as one more filter, every listing of the type was
    // read from the table before its city was even checked: 129,000 rows for a page of gardens in
    // Ramat Gan at 1M listings. OFFSET 0 keeps the walk a step of its own, in the sort's order. The
    // conditions without the words are written (their parameters added) only when used here.
    const columns = 'c.id, c.list_price, c.published_at, c.rating_average';
    return `select c.id from (select ${columns.replaceAll('c.', 's.')} from properties s where ${words.withoutWords()}
        order by ${sortOrder(query.sort, 's', price)} offset 0) c
      where exists (select 1 from properties w where w.id = c.id and ${words.text.matches('w')})
      order by ${sortOrder(query.sort, 'c', price)} limit ${searchPageSize} offset ${offset}`;
  }
  if (!byPrice || seasonal.ids.length === 0) {
    return `select s.id from properties s where ${where} order by ${searchOrder(query.sort, 's', price)} limit ${searchPageSize} offset ${offset}`;
  }
  const ids = p.addOnce(seasonal.ids);
  const direction = query.sort === 'price_desc' ? 'desc' : 'asc';
  return `select ranked.id from (
      (select s.id, s.list_price as price from properties s where ${where} and s.id <> all(${ids}::int[])
        order by s.list_price ${direction}, s.id ${direction} limit ${searchPageSize + offset})
      union all
      (select s.id, ${price('s')} as price from properties s where ${where} and s.id = any(${ids}::int[]))
    ) ranked order by ranked.price ${direction}, ranked.id ${direction} limit ${searchPageSize} offset ${offset}`;
}

/** The first shift (in the order tried) that fits the page's listing `p`, for its card; null unless flexible. */
function flexibleStart(flexible: FlexibleStay | null): string {
  if (!flexible) return 'null::int';
  return `(select flex.shift from unnest(${flexible.shifts}::int[]) with ordinality flex(shift, n) where ${flexible.fits('p', 'flex.shift')} order by flex.n limit 1)`;
}

function cardOfSearchRow(row: SearchRow, query: SearchQuery): ListingCard {
  const area = row.area_latitude === null || row.area_longitude === null ? null : roundedPoint(row.area_latitude, row.area_longitude);
  const card = cardOfRow({
    id: row.id,
    type: row.type,
    title: row.title,
    placeName: row.place_name,
    cityName: row.city_name,
    sameCity: row.same_city,
    cover: row.cover,
    amenities: row.amenities,
    petFriendly: row.pet_friendly,
    swapAvailable: row.swap_available,
    instantBooking: row.instant_booking,
    verifiedPlace: row.verified_place,
    starRating: row.star_rating,
    ratingAverage: row.rating_average,
    reviewCount: row.review_count,
    price: row.list_price,
    durationMonths: row.duration_months,
    availableFrom: row.available_from,
    availableUntil: row.available_until,
    leaseOptions: row.lease_options,
  });
  if (row.stay_shift === null || !query.checkIn || !query.checkOut) return { ...card, area };
  return { ...card, area, stay: shiftedStay(query.checkIn, query.checkOut, row.stay_shift) };
}

/**
 * The listings of a type whose rules change their price for the stay [checkIn, checkOut), priced by
 * core/price-rules.ts as the quote prices them. Only rules sharing a night with the stay are read
 * (few: an index on their end date), so a search costs one small statement more.
 */
export async function seasonalPrices(db: Database, type: PropertyType, checkIn: string, checkOut: string): Promise<SeasonalPrices> {
  const rows = await db
    .select({
      id: properties.id,
      propertyType: properties.propertyType,
      pricePerNight: properties.pricePerNight,
      pricePerWeek: properties.pricePerWeek,
      pricePerMonth: properties.pricePerMonth,
      startDate: listingPriceRules.startDate,
      endDate: listingPriceRules.endDate,
      adjustPercent: listingPriceRules.adjustPercent,
      price: listingPriceRules.price,
    })
    .from(listingPriceRules)
    .innerJoin(properties, eq(properties.id, listingPriceRules.propertyId))
    .where(
      and(
        gt(listingPriceRules.endDate, checkIn),
        lt(listingPriceRules.startDate, checkOut),
        or(isNotNull(listingPriceRules.adjustPercent), isNotNull(listingPriceRules.price)),
        eq(properties.status, 'approved'),
        eq(properties.propertyType, type),
      ),
    );
  const byListing = new Map<number, { listing: RuledListing; rules: PriceRule[] }>();
  for (const { id, propertyType, pricePerNight, pricePerWeek, pricePerMonth, ...rule } of rows) {
    const entry = byListing.get(id) ?? { listing: { propertyType, pricePerNight, pricePerWeek, pricePerMonth }, rules: [] };
    entry.rules.push({ ...rule, preset: null, minNights: null });
    byListing.set(id, entry);
  }
  const seasonal: SeasonalPrices = { ids: [], prices: [] };
  for (const [id, { listing, rules }] of byListing) {
    const price = effectiveUnitPrice(listing, rules, checkIn, checkOut);
    if (price === unitPriceOf(listing)) continue;
    seasonal.ids.push(id);
    seasonal.prices.push(price);
  }
  return seasonal;
}

/**
 * A page of search results. `remember` keeps what other searches share until what it depends on
 * changes: the seasonal prices of the stay, the same for every search of that type over those dates
 * (until a rule or a listing of the type changes), and the corrections of the words' typos.
 */
export async function searchListings(
  db: Database,
  query: SearchQuery,
  remember: Remember = computeNow,
): Promise<Omit<SearchResponse, 'locationName'>> {
  const places = query.location ? await matchPlaces(db, query.location) : null;
  if (places && places.cityIds.length + places.neighbourhoodIds.length === 0) {
    return { results: [], total: 0, totalIsCapped: false, page: query.page, pageSize: searchPageSize, pageCount: 0 };
  }
  const { type, checkIn, checkOut } = query;
  const seasonal =
    checkIn && checkOut
      ? await remember(`seasonal-prices:${type}:${checkIn}:${checkOut}`, [everythingKey, pricesKey(type)], () =>
          seasonalPrices(db, type, checkIn, checkOut),
        )
      : undefined;
  // Typos' corrections are shared by every search with those words until a listing's words change.
  const corrections = query.text
    ? await remember(`typos:${searchTextWords(query.text).join(' ')}`, [everythingKey, wordsKey], () =>
        typoCorrections(db, query.text).then((found) => [...found]),
      )
    : [];
  const { page, count } = searchStatements(query, places, seasonal, new Map(corrections));
  const rows = await queryRows<SearchRow>(db, page.text, page.values);
  // A page past the end has no rows to carry the count.
  const found =
    rows[0]?.total ?? (query.page > 1 ? ((await queryRows<{ count: number }>(db, count.text, count.values))[0]?.count ?? 0) : 0);
  const cap = countedResultsCap(query.text);
  const total = Math.min(found, cap);
  const cards = rows.map((row) => cardOfSearchRow(row, query));
  return {
    results: query.checkIn && query.checkOut ? withStayTotals(query, rows, cards) : cards,
    total,
    totalIsCapped: found > cap,
    page: query.page,
    pageSize: searchPageSize,
    pageCount: Math.ceil(total / searchPageSize),
  };
}

/**
 * The page's cards with the total of their stay (core/quote.ts quoteStay, as the property page and
 * the booking price it): the listing's fees, its seasonal rules and the platform's rate for the type,
 * for the party searched. Only the page's twelve listings are priced, with their rules and the rate
 * read by the page statement itself; the covering indexes and the count are untouched.
 */
function withStayTotals(query: SearchQuery, rows: SearchRow[], cards: ListingCard[]): ListingCard[] {
  if (rows.length === 0 || !query.checkIn || !query.checkOut) return cards;
  const stays = cards.map((card) => card.stay ?? { checkIn: query.checkIn!, checkOut: query.checkOut! });
  const rates = parseSetting('commissionRates', rows[0]!.commission_rates);
  return cards.map((card, index) => {
    const row = rows[index]!;
    const quote = quoteStay(
      {
        propertyType: row.type,
        pricePerNight: row.price_per_night,
        pricePerWeek: row.price_per_week,
        pricePerMonth: row.price_per_month,
        cleaningFee: row.cleaning_fee,
        weeklyDiscountPercent: row.weekly_discount_percent,
        monthlyDiscountPercent: row.monthly_discount_percent,
        extraGuestFee: row.extra_guest_fee,
        guestsIncluded: row.guests_included,
      },
      {
        ...stays[index]!,
        rooms: query.type === 'hotel' ? (query.rooms ?? 1) : 1,
        ...(query.guests === undefined ? {} : { guests: query.guests, children: query.type === 'hotel' ? (query.children ?? []) : [] }),
      },
      { rules: row.price_rules ?? [], serviceFeeRate: rates[row.type] },
    );
    return { ...card, stayTotal: quote.nights > 0 ? quote.total : null };
  });
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
  return perType.flat().map(cardOfRow);
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

/** A listing new to a saved search, for its alert mail. */
export interface NewMatch {
  id: number;
  type: PropertyType;
  titleEn: string;
  titleHe: string;
  price: number | null;
}

/**
 * The listings matching a search that were published in (since, until], oldest first, at most `limit`:
 * the new listings of a saved search's alert (decision 048). The search's own conditions, so with
 * dates only listings free for them; the page's order and count do not matter here.
 */
export async function listingsPublishedBetween(
  db: Database,
  query: SearchQuery,
  since: Date,
  until: Date,
  limit: number,
): Promise<NewMatch[]> {
  const places = query.location ? await matchPlaces(db, query.location) : null;
  if (places && places.cityIds.length + places.neighbourhoodIds.length === 0) return [];
  const { type, checkIn, checkOut } = query;
  const seasonal = checkIn && checkOut ? await seasonalPrices(db, type, checkIn, checkOut) : { ids: [], prices: [] };
  const corrections = await typoCorrections(db, query.text);
  const p = new Parameters();
  const price = priceColumn(seasonal, p);
  const where = searchConditions(query, places, p, price, flexibleStay(query, p), textSearch(query, p, corrections));
  const rows = await queryRows<{ id: number; type: PropertyType; title_en: string; title_he: string; price: number | null }>(
    db,
    `select s.id, s.property_type as type, s.title_en, s.title_he, ${price('s')} as price from properties s
      where ${where} and s.published_at > ${p.add(since.toISOString())}::timestamptz and s.published_at <= ${p.add(until.toISOString())}::timestamptz
      order by s.published_at, s.id limit ${Number(limit)}`,
    p.values,
  );
  return rows.map((row) => ({ id: row.id, type: row.type, titleEn: row.title_en, titleHe: row.title_he, price: row.price }));
}
