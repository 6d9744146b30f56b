import { z } from 'zod';
import { languages } from '../languages.ts';

/** A gazetteer place as the shipped base map labels it, in the language asked for. */
export const mapPlaceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['region', 'city', 'neighbourhood']),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Higher first: labels of better-known places win where they would overlap. */
  popularity: z.number().int(),
});
export type MapPlace = z.infer<typeof mapPlaceSchema>;

export const mapBaseQuerySchema = z.object({ lang: z.enum(languages).default('en') });

/**
 * GET /api/map/base: what a map draws under the listings. With MAP_STYLE_URL set, that style; without
 * it, our own from shipped data: the land (GET /api/map/land) and the gazetteer's places as labels
 * (docs/decisions/019-map-search.md). The places come either way: the wizard starts a pin at one.
 */
export const mapBaseResponseSchema = z.object({
  styleUrl: z.string().nullable(),
  places: z.array(mapPlaceSchema),
});
export type MapBase = z.infer<typeof mapBaseResponseSchema>;

/**
 * GET /api/map/land: Natural Earth's countries around Israel (1:10m, world-atlas) as GeoJSON, one
 * MultiPolygon per country: the land, the coastline and the borders of the shipped base map.
 */
export const mapLandResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({ name: z.string() }),
      geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
    }),
  ),
});
export type MapLand = z.infer<typeof mapLandResponseSchema>;
