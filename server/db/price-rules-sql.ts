import { and, asc, gt, inArray, lt, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PriceRule, PriceRulePreset } from '../../core/price-rules.ts';
import type { Database } from './database.ts';
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
  db: Database,
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
 * A listing's rules not ended by `today` as one JSON column, for a statement reading a listing
 * (`listing` is its id column), so that a listing page stays one statement. `today` may be a
 * prepared statement's placeholder.
 */
export function priceRulesColumn(listing: AnyColumn, today: string | Placeholder) {
  return sql<PriceRule[]>`(select coalesce(json_agg(json_build_object('startDate', r.start_date, 'endDate', r.end_date,
    'preset', r.preset, 'adjustPercent', r.adjust_percent, 'price', r.price, 'minNights', r.min_nights) order by r.start_date), '[]'::json)
    from ${listingPriceRules} r where r.property_id = ${listing} and r.end_date > ${today}::date)`;
}
