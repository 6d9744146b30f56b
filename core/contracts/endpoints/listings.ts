import { languageQuerySchema, serialIdParamsSchema } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { heldDatesQuerySchema, heldDatesSchema, listingDetailSchema, savedStateSchema } from '../listings.ts';
import { listingCardsResponseSchema } from '../search.ts';

export const listingsEndpoints = defineEndpoints('listings', {
  'GET /api/properties/:id': {
    summary: 'An approved listing with its photos, host card and latest reviews',
    params: serialIdParamsSchema,
    query: languageQuerySchema,
    responses: { 200: listingDetailSchema },
  },
  'GET /api/properties/:id/held-dates': {
    summary:
      'Nights a calendar must not offer for a stay of `rooms` rooms: blocked nights, and nights with fewer rooms left (a home has one)',
    params: serialIdParamsSchema,
    query: heldDatesQuerySchema,
    responses: { 200: heldDatesSchema },
  },
  'GET /api/saved': {
    summary: "The signed-in user's saved listings that are approved, as cards, latest saved first",
    query: languageQuerySchema,
    responses: { 200: listingCardsResponseSchema },
  },
  'PUT /api/saved/:id': { summary: 'Save a listing', params: serialIdParamsSchema, responses: { 200: savedStateSchema } },
  'DELETE /api/saved/:id': {
    summary: 'Remove a listing from the saved list',
    params: serialIdParamsSchema,
    responses: { 200: savedStateSchema },
  },
});
