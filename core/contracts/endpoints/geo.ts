import { geoResponseSchema } from '../geo.ts';
import { defineEndpoints } from '../endpoint.ts';

export const geoEndpoints = defineEndpoints('geo', {
  'GET /api/geo': {
    summary: "The visitor's country from the CDN's header, for language detection; null when unknown. No third party is asked.",
    responses: { 200: geoResponseSchema },
  },
});
