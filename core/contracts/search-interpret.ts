import { z } from 'zod';
import { amenityKeys, propertyTypes } from '../constants.ts';
import { languages } from '../languages.ts';
import { parsePropertyTypeParam, propertyTypeOfParam } from '../search-params.ts';
import { searchQuerySchema } from '../search-query-schema.ts';
import type { Interpretation } from '../search-interpretation.ts';

/**
 * A sentence as the API takes it. The schema bounds it loosely (a URL's worth); the route answers a
 * sentence over maxSentenceLength (core/search-interpretation.ts) with 400 `query_too_long`, by name.
 */
export const sentenceSchema = z.string().trim().max(4000);

/** GET /api/search/interpret: a sentence, the page's language, and the page's type (a budget's unit when the sentence names none). */
export const interpretQuerySchema = z.object({
  q: sentenceSchema,
  lang: z.enum(languages).default('en'),
  type: z
    .string()
    .optional()
    .refine((value) => value === undefined || parsePropertyTypeParam(value) !== undefined, {
      message: `type must be one of ${propertyTypes.join(', ')} (or their plurals)`,
    })
    .transform((value) => (value === undefined ? undefined : propertyTypeOfParam(value))),
});

/** What a sentence was read as: the fields of a search (core/search-interpretation.ts InterpretedQuery). */
export const interpretedQuerySchema = z.object({
  type: z.enum(propertyTypes).optional(),
  location: z.string().optional(),
  checkIn: z.string().optional(),
  checkOut: z.string().optional(),
  flexible: z.boolean().optional(),
  minPrice: z.number().int().optional(),
  maxPrice: z.number().int().optional(),
  guests: z.number().int().optional(),
  children: z.array(z.number().int()).optional(),
  rooms: z.number().int().optional(),
  bedrooms: z.number().int().optional(),
  amenities: z.array(z.enum(amenityKeys as [string, ...string[]])).optional(),
  petFriendly: z.boolean().optional(),
  shabbatFriendly: z.boolean().optional(),
});

export const interpretResponseSchema = z.object({
  query: interpretedQuerySchema,
  /** Words not understood, as written: for matching listings' text. */
  unmatched: z.array(z.string()),
}) satisfies z.ZodType<Interpretation>;

/**
 * GET /api/search with `q`: the sentence is read and replaces the search's fields; `type` is the page's
 * (the sentence's own type wins), `sort`, `page` and `lang` are kept.
 */
export const sentenceSearchQuerySchema = searchQuerySchema.safeExtend({ q: sentenceSchema.optional() });
