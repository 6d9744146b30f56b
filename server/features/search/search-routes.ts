import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languages } from '../../../core/languages.ts';
import { listingCardSchema } from '../../../core/listing-card.ts';
import { maxLocationLength, searchQuerySchema } from '../../../core/search-params.ts';
import type { Database } from '../../db/database.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { placeNameIn } from './place-names-repository.ts';
import { featuredListings, searchListings, suggestPlaces } from './search-repository.ts';

const searchResponseSchema = z.object({
  results: z.array(listingCardSchema),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  locationName: z.string().nullable(),
});

const placeSuggestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['region', 'city', 'neighbourhood']),
  name: z.string(),
  parentName: z.string().nullable(),
});

// Results change only when listings or bookings do; a short private cache makes back/forward instant.
const browsingCache = 'private, max-age=30';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Database; launchMode: LaunchModeReader }> = async (
  app,
  { db, launchMode },
) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Approved listings of one type matching the filters of a /results URL, one page at a time',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request, reply) => {
      await launchMode.assertBrowsingAllowed(request);
      reply.header('Cache-Control', browsingCache);
      const { location, lang } = request.query;
      const [found, locationName] = await Promise.all([searchListings(db, request.query), location ? placeNameIn(db, location, lang) : null]);
      return { ...found, locationName };
    },
  );

  app.get(
    '/api/places/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Location autocomplete: gazetteer places whose English or Hebrew name contains q (at most 8)',
        querystring: z.object({
          q: z.string().trim().max(maxLocationLength).default(''),
          lang: z.enum(languages).default('en'),
        }),
        response: { 200: z.object({ suggestions: z.array(placeSuggestionSchema) }) },
      },
    },
    async (request, reply) => {
      await launchMode.assertBrowsingAllowed(request);
      reply.header('Cache-Control', 'public, max-age=300');
      const { q, lang } = request.query;
      return { suggestions: q === '' ? [] : await suggestPlaces(db, q, lang) };
    },
  );

  app.get(
    '/api/listings/featured',
    {
      schema: {
        tags: ['search'],
        summary: 'Top-rated listings of each type for the home page',
        querystring: z.object({ lang: z.enum(languages).default('en') }),
        response: { 200: z.object({ listings: z.array(listingCardSchema) }) },
      },
    },
    async (request, reply) => {
      await launchMode.assertBrowsingAllowed(request);
      reply.header('Cache-Control', browsingCache);
      return { listings: await featuredListings(db, request.query.lang) };
    },
  );
};
