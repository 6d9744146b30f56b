import { and, asc, eq, gt } from 'drizzle-orm';
import type { AddPriceRuleBody, PriceRules } from '../../../core/contracts/price-rules.ts';
import { holidayPresetRange } from '../../../core/hebrew-calendar.ts';
import { priceRuleProblem, type PriceRule, type PriceRulePreset } from '../../../core/price-rules.ts';
import type { Database } from '../../db/database.ts';
import { listingPriceRules, properties } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

/** The errors a host meets with price rules: one wording each. */
export const priceRuleErrors = {
  price_rule_dates: () =>
    new HttpError(400, 'price_rule_dates', 'The end must come after the start, not be past, and the range last at most a year', {
      endDate: 'order',
    }),
  price_rule_too_far: () => new HttpError(400, 'price_rule_too_far', 'Rules end within the next two years', { endDate: 'too_far' }),
  price_rule_empty: () =>
    new HttpError(400, 'price_rule_empty', 'Give a percentage, a price or a minimum stay', { adjustPercent: 'required' }),
  price_rule_overlap: () => new HttpError(409, 'price_rule_overlap', 'Another rule already covers some of these dates'),
  too_many_price_rules: () => new HttpError(409, 'too_many_price_rules', 'A listing has at most 50 price rules'),
  notFound: () => new HttpError(404, 'price_rule_not_found', 'This price rule could not be found'),
};

/** A listing's rules not ended by `today`, in date order. */
export async function listPriceRules(db: Database, propertyId: number, today: string): Promise<PriceRules> {
  const rows = await db
    .select({
      id: listingPriceRules.id,
      startDate: listingPriceRules.startDate,
      endDate: listingPriceRules.endDate,
      preset: listingPriceRules.preset,
      adjustPercent: listingPriceRules.adjustPercent,
      price: listingPriceRules.price,
      minNights: listingPriceRules.minNights,
    })
    .from(listingPriceRules)
    .where(and(eq(listingPriceRules.propertyId, propertyId), gt(listingPriceRules.endDate, today)))
    .orderBy(asc(listingPriceRules.startDate));
  return { rules: rows.map((row) => ({ ...row, preset: row.preset as PriceRulePreset | null })) };
}

/** The rule a request asks for: a preset becomes the dates of its next season (under way counts). */
export function ruleOfBody(body: AddPriceRuleBody, today: string): PriceRule {
  const range = body.preset ? holidayPresetRange(body.preset, today) : { startDate: body.startDate!, endDate: body.endDate! };
  return {
    ...range,
    preset: body.preset ?? null,
    adjustPercent: body.adjustPercent ?? null,
    price: body.price ?? null,
    minNights: body.minNights ?? null,
  };
}

function isExclusionViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

/**
 * Adds a rule to a listing. Rules apply at once, also on a published listing (decision 018). Taken
 * under the listing's row lock, as blocks and bookings are, so the 50-rule limit holds however many
 * saves race; the exclusion constraint refuses overlaps even so.
 */
export async function addPriceRule(db: Database, propertyId: number, rule: PriceRule, today: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
      const current = await tx
        .select({ startDate: listingPriceRules.startDate, endDate: listingPriceRules.endDate })
        .from(listingPriceRules)
        .where(and(eq(listingPriceRules.propertyId, propertyId), gt(listingPriceRules.endDate, today)));
      const problem = priceRuleProblem(rule, current, today);
      if (problem) throw priceRuleErrors[problem]();
      await tx.insert(listingPriceRules).values({ propertyId, ...rule });
    });
  } catch (error) {
    if (!(error instanceof HttpError) && isExclusionViolation(error)) throw priceRuleErrors.price_rule_overlap();
    throw error;
  }
}

/** Removes a rule; 404 when it is not this listing's. */
export async function removePriceRule(db: Database, propertyId: number, ruleId: number): Promise<void> {
  const removed = await db
    .delete(listingPriceRules)
    .where(and(eq(listingPriceRules.id, ruleId), eq(listingPriceRules.propertyId, propertyId)))
    .returning({ id: listingPriceRules.id });
  if (removed.length === 0) throw priceRuleErrors.notFound();
}
