import { and, asc, gt, inArray, lt, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PriceRule, PriceRulePreset } from '../../core/price-rules.ts';
import { drizzleWriter, type NightsOf, type SqlWriter } from './availability-sql.ts';
import type { Executor } from './database.ts';
import { listingPriceRules } from './schema.ts';

/**
 * Reading listings' seasonal rules (core/price-rules.ts), shared by the features that price a stay:
 * the listing page, booking and search each read them here, so they all price with the same rules.
 */

const ruleColumns = {
  propertyId: listingPriceRules.propertyId,
  startDate: listingPriceRules.startDate,
  endDate: listingPriceRules.endDate,
  preset: sql<PriceRulePreset | null>`${listingPriceRules.preset}`,
  adjustPercent: listingPriceRules.adjustPercent,
  price: listingPriceRules.price,
  minNights: listingPriceRules.minNights,
};

/**
 * The rules of these listings that share a night with [from, to) (to open: every rule not ended by
 * `from`), by listing, in date order.
 */
export async function priceRulesOf(
  db: Executor,
  propertyIds: readonly number[],
  from: string,
  to?: string,
): Promise<Map<number, PriceRule[]>> {
  const byListing = new Map<number, PriceRule[]>();
  if (propertyIds.length === 0) return byListing;
  const conditions: SQL[] = [inArray(listingPriceRules.propertyId, [...propertyIds]), gt(listingPriceRules.endDate, from)];
  if (to) conditions.push(lt(listingPriceRules.startDate, to));
  const rows = await db
    .select(ruleColumns)
    .from(listingPriceRules)
    .where(and(...conditions))
    .orderBy(asc(listingPriceRules.startDate));
  for (const { propertyId, ...rule } of rows) {
    const rules = byListing.get(propertyId) ?? [];
    rules.push(rule);
    byListing.set(propertyId, rules);
  }
  return byListing;
}

/**
 * A listing's rules that share a night with [from, to) (no `to`: every rule not ended by `from`) as
 * one JSON array in date order, the rules priceRulesOf reads, for a statement that reads listings
 * itself: a listing page stays one statement, and a search page prices its stays without a round
 * trip of its own. Parts are SQL expressions, written through `w` (server/db/availability-sql.ts).
 */
export function priceRulesJson<T>(w: SqlWriter<T>, { listing, from, to }: NightsOf<T>): T {
  const overlaps = to === undefined ? w`r.end_date > ${from}` : w`r.end_date > ${from} and r.start_date < ${to}`;
  return w`(select coalesce(json_agg(json_build_object('startDate', r.start_date, 'endDate', r.end_date,
    'preset', r.preset, 'adjustPercent', r.adjust_percent, 'price', r.price, 'minNights', r.min_nights) order by r.start_date), '[]'::json)
    from listing_price_rules r where r.property_id = ${listing} and ${overlaps})`;
}

/** A listing's rules not ended by `today` (may be a prepared statement's placeholder), as a Drizzle column. */
export function priceRulesColumn(listing: AnyColumn, today: string | Placeholder) {
  return sql<PriceRule[]>`${priceRulesJson(drizzleWriter, { listing: sql`${listing}`, from: sql`${today}::date` })}`;
}
