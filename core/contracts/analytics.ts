import { z } from 'zod';
import type { JsonOf } from '../api-types.ts';

/** The analytics routes; the batch a browser sends is analyticsBatchSchema (core/analytics-schemas.ts). */

export const recordEventsResponseSchema = z.object({ accepted: z.number() });

export const pageViewsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const pageViewsResponseSchema = z.object({
  since: z.date(),
  items: z.array(z.object({ path: z.string().nullable(), views: z.number(), visitors: z.number() })),
});
export type PageViews = JsonOf<z.infer<typeof pageViewsResponseSchema>>;
