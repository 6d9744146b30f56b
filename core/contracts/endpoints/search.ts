import { languageQuerySchema, serialIdParamsSchema } from '../common.ts';
import {
  createSavedSearchSchema,
  savedSearchSchema,
  savedSearchesResponseSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
  updateSavedSearchSchema,
} from '../saved-searches.ts';
import { interpretQuerySchema, interpretResponseSchema, sentenceSearchQuerySchema } from '../search-interpret.ts';
import { listingCardsResponseSchema, searchResponseSchema, suggestPlacesQuerySchema, suggestPlacesResponseSchema } from '../search.ts';
import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';

export const searchEndpoints = defineEndpoints('saved searches', {
  'GET /api/saved-searches': {
    summary: "The signed-in member's saved searches, the latest first",
    responses: { 200: savedSearchesResponseSchema },
  },
  'POST /api/saved-searches': {
    summary: 'Save a search (a /results query string) with a name and how often its new listings are mailed',
    body: createSavedSearchSchema,
    responses: { 201: savedSearchSchema },
  },
  'PATCH /api/saved-searches/:id': {
    summary: 'Rename a saved search or change how often it mails',
    params: serialIdParamsSchema,
    body: updateSavedSearchSchema,
    responses: { 200: savedSearchSchema },
  },
  'DELETE /api/saved-searches/:id': {
    summary: 'Delete a saved search and its alerts',
    params: serialIdParamsSchema,
    responses: { 204: z.null() },
  },
  'POST /api/alerts/unsubscribe': {
    summary: "Stop an alert mail's alerts with the signed token of its link, without signing in",
    body: unsubscribeSchema,
    responses: { 200: unsubscribeResponseSchema },
  },
  'GET /api/search': {
    tags: ['search'],
    summary: 'Approved listings of one type matching the filters of a /results URL, or a sentence (q), one page at a time',
    description:
      'With `q`, the sentence is read (as GET /api/search/interpret reads it) and its fields replace the others; `type` is the default type, `sort`, `page` and `lang` are kept. A sentence over 300 characters is 400 `query_too_long`.',
    query: sentenceSearchQuerySchema,
    responses: { 200: searchResponseSchema },
  },
  'GET /api/search/interpret': {
    tags: ['search'],
    summary: 'What a search sentence in Hebrew or English is read as: the fields of a search and the words left over',
    description:
      'Rules, not a model: places from the gazetteer, dates (Hebrew calendar holidays, Israel time), the party, the budget in the type’s price unit, amenities. Nothing is sent to a third party. A sentence over 300 characters is 400 `query_too_long`.',
    query: interpretQuerySchema,
    responses: { 200: interpretResponseSchema },
  },
  'GET /api/places/suggest': {
    tags: ['search'],
    summary: 'Location autocomplete: gazetteer places whose English or Hebrew name contains q (at most 8)',
    query: suggestPlacesQuerySchema,
    responses: { 200: suggestPlacesResponseSchema },
  },
  'GET /api/listings/featured': {
    tags: ['search'],
    summary: 'Top-rated listings of each type for the home page',
    query: languageQuerySchema,
    responses: { 200: listingCardsResponseSchema },
  },
});
