import { mapBaseQuerySchema, mapBaseResponseSchema, mapLandResponseSchema } from '../map.ts';
import { defineEndpoints } from '../endpoint.ts';

export const mapEndpoints = defineEndpoints('map', {
  'GET /api/map/base': {
    summary: 'The base map: the configured style (MAP_STYLE_URL) or none for our own, and the gazetteer places with their centres',
    query: mapBaseQuerySchema,
    responses: { 200: mapBaseResponseSchema },
  },
  'GET /api/map/land': {
    summary: "Natural Earth's countries around Israel as GeoJSON (land, coastline, borders) for the shipped base map",
    responses: { 200: mapLandResponseSchema },
  },
});
