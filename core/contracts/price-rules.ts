import { z } from 'zod';
import { horizonDateSchema } from '../date-schema.ts';
import { serialIdParamSchema } from '../ids.ts';
import { priceRuleLimits, priceRulePresets } from '../price-rules.ts';
import { serialIdParamsSchema } from './common.ts';

const int = z.number().int();

/** A seasonal rule as the listing page reads it (core/price-rules.ts PriceRule): its nights are [startDate, endDate). */
export const priceRuleSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  preset: z.enum(priceRulePresets).nullable(),
  adjustPercent: int.nullable(),
  price: int.nullable(),
  minNights: int.nullable(),
});

/** A rule as its host lists it, with the id to remove it by. */
export const priceRuleViewSchema = priceRuleSchema.extend({ id: int });
export type PriceRuleView = z.infer<typeof priceRuleViewSchema>;

/** GET, POST and DELETE /api/host/listings/:id/price-rules answer with the listing's rules not yet ended, in date order. */
export const priceRulesSchema = z.object({ rules: z.array(priceRuleViewSchema) });
export type PriceRules = z.infer<typeof priceRulesSchema>;

/**
 * POST /api/host/listings/:id/price-rules: a holiday preset (the server finds its next dates) or a
 * range of nights [startDate, endDate); a percentage or a price in the listing's unit (not both);
 * a minimum stay. The date rules (ahead, within two years, no overlap) are checked by the server.
 */
export const addPriceRuleBodySchema = z
  .object({
    preset: z.enum(priceRulePresets).optional(),
    startDate: horizonDateSchema.optional(),
    endDate: horizonDateSchema.optional(),
    adjustPercent: int.min(priceRuleLimits.minPercent).max(priceRuleLimits.maxPercent).nullish(),
    price: int.min(1).max(priceRuleLimits.priceMax).nullish(),
    minNights: int.min(1).max(priceRuleLimits.maxMinNights).nullish(),
  })
  .refine((body) => (body.preset === undefined) === (body.startDate !== undefined && body.endDate !== undefined), {
    message: 'Give either a holiday preset or both dates',
    path: ['preset'],
  })
  .refine((body) => body.adjustPercent == null || body.price == null, {
    message: 'Give a percentage or a price, not both',
    path: ['price'],
  });
export type AddPriceRuleBody = z.infer<typeof addPriceRuleBodySchema>;

export const priceRuleParamsSchema = serialIdParamsSchema.extend({ ruleId: serialIdParamSchema });
