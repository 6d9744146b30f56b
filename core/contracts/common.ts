import { z } from 'zod';
import type { ApiErrorBody } from '../api-types.ts';
import { languages } from '../languages.ts';
import { serialIdParamSchema } from '../ids.ts';

/** `/…/:id` of a row with a serial id (a listing, a block, a photo). */
export const serialIdParamsSchema = z.object({ id: serialIdParamSchema });

/** `/…/:id` of a row with a uuid id (a booking). */
export const uuidParamsSchema = z.object({ id: z.uuid() });

/** `?lang=`: the language texts and place names are answered in; English unless asked. */
export const languageQuerySchema = z.object({ lang: z.enum(languages).default('en') });

/** Every error response: `code` picks the translated message in the web app; `fields` names the fields at fault. */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
}) satisfies z.ZodType<ApiErrorBody>;

/**
 * A public photo: its address and, when known, its pixel size. The AVIF and WebP variants'
 * addresses follow from these (core/photo-variants.ts), so the web can build `srcset` and reserve
 * the photo's box before it loads.
 */
export const photoSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Photo = z.infer<typeof photoSchema>;

/**
 * A listing's approximate point (core/map-area.ts): its pin moved 150-450 m by a secret offset. The
 * API never shows the pin itself before a confirmed stay (docs/decisions/019-map-search.md).
 */
export const areaPointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
