import { z } from 'zod';

/** GET /api/geo: the visitor's country (two letters) from the CDN's header; null when unknown. */
export const geoResponseSchema = z.object({ country: z.string().length(2).nullable() });
export type GeoResponse = z.infer<typeof geoResponseSchema>;
