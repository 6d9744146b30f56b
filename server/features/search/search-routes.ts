import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageQuerySchema } from '../../../core/contracts/common.ts';
import {
  listingCardsResponseSchema,
  searchResponseSchema,
  suggestPlacesQuerySchema,
  suggestPlacesResponseSchema,
} from '../../../core/contracts/search.ts';
import { interpretQuerySchema, interpretResponseSchema, sentenceSearchQuerySchema } from '../../../core/contracts/search-interpret.ts';
import { interpretSentence, sentenceQuery } from './sentence-search.ts';
import type { ReadRouting } from '../../db/read-replica.ts';
import type { HttpCacheRule } from '../../http/http-cache.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { placeNameIn } from './place-names-repository.ts';
import { featuredListings, matchPlaces, searchListings, suggestPlaces } from './search-repository.ts';
import { sendAnswer, type ResultCache } from '../../cache/result-cache.ts';
import { searchCacheKey, searchDependencies } from './search-cache-key.ts';

// Results change only when listings or bookings do: a short cache makes back/forward instant and
// lets a CDN answer visitors; a stale copy is fine while a fresh one is fetched.
const browsingCache: HttpCacheRule = { maxAge: 30, staleWhileRevalidate: 300 };
// Place names change only with the gazetteer.
const placesCache: HttpCacheRule = { maxAge: 300, staleWhileRevalidate: 3600 };

export const searchRoutes: FastifyPluginAsyncZod<{ reads: ReadRouting; launchMode: LaunchModeReader; resultCache: ResultCache }> = async (
  app,
  { reads, launchMode, resultCache },
) => {
  app.get(
    '/api/search',
    {
      config: { httpCache: browsingCache },
      schema: {
        tags: ['search'],
        summary: 'Approved listings of one type matching the filters of a /results URL, or a sentence (q), one page at a time',
        description:
          'With `q`, the sentence is read (as GET /api/search/interpret reads it) and its fields replace the others; `type` is the default type, `sort`, `page` and `lang` are kept. A sentence over 300 characters is 400 `query_too_long`.',
        querystring: sentenceSearchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request, reply) => {
      await launchMode.assertBrowsingAllowed(request);
      const { q, ...structured } = request.query;
      // A sentence becomes the structured search its chips show, so both share one cache entry.
      const query = q === undefined ? structured : sentenceQuery(q, structured);
      const { location, lang } = query;
      // Public reads: on the replica when there is one and it is up to date (docs/decisions/038).
      const db = reads.forRequest(request);
      // The places the location names decide which changes end the answer (kept a minute in the process).
      const places = location ? await matchPlaces(db, location) : null;
      const answer = await resultCache.answer(searchCacheKey(query), searchDependencies(query, places), async () => {
        const [found, locationName] = await Promise.all([
          searchListings(db, query, resultCache.remember),
          location ? placeNameIn(db, location, lang) : null,
        ]);
        return { ...found, locationName };
      });
      return sendAnswer(reply, 'X-Search-Cache', answer);
    },
  );

  app.get(
    '/api/search/interpret',
    {
      config: { httpCache: browsingCache },
      schema: {
        tags: ['search'],
        summary: 'What a search sentence in Hebrew or English is read as: the fields of a search and the words left over',
        description:
          'Rules, not a model: places from the gazetteer, dates (Hebrew calendar holidays, Israel time), the party, the budget in the type’s price unit, amenities. Nothing is sent to a third party. A sentence over 300 characters is 400 `query_too_long`.',
        querystring: interpretQuerySchema,
        response: { 200: interpretResponseSchema },
      },
    },
    async (request) => {
      await launchMode.assertBrowsingAllowed(request);
      const { q, lang, type } = request.query;
      return interpretSentence(q, lang, type);
    },
  );

  app.get(
    '/api/places/suggest',
    {
      config: { httpCache: placesCache },
      schema: {
        tags: ['search'],
        summary: 'Location autocomplete: gazetteer places whose English or Hebrew name contains q (at most 8)',
        querystring: suggestPlacesQuerySchema,
        response: { 200: suggestPlacesResponseSchema },
      },
    },
    async (request) => {
      await launchMode.assertBrowsingAllowed(request);
      const { q, lang } = request.query;
      return { suggestions: q === '' ? [] : await suggestPlaces(reads.forRequest(request), q, lang) };
    },
  );

  app.get(
    '/api/listings/featured',
    {
      config: { httpCache: browsingCache },
      schema: {
        tags: ['search'],
        summary: 'Top-rated listings of each type for the home page',
        querystring: languageQuerySchema,
        response: { 200: listingCardsResponseSchema },
      },
    },
    async (request) => {
      await launchMode.assertBrowsingAllowed(request);
      return { listings: await featuredListings(reads.forRequest(request), request.query.lang) };
    },
  );
};
