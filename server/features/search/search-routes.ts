import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interpretSentence, sentenceQuery } from './sentence-search.ts';
import type { ReadRouting } from '../../db/read-replica.ts';
import type { HttpCacheRule } from '../../http/http-cache.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { placeNameIn } from './place-names-repository.ts';
import { featuredListings, matchPlaces, searchListings, suggestPlaces } from './search-repository.ts';
import { sendAnswer, type ResultCache } from '../../cache/result-cache.ts';
import { searchCacheKey, searchDependencies } from './search-cache-key.ts';
import { route } from '../../http/route.ts';

// Results change only when listings or bookings do: a short cache makes back/forward instant and
// lets a CDN answer visitors; a stale copy is fine while a fresh one is fetched.
const browsingCache: HttpCacheRule = { maxAge: 30, staleWhileRevalidate: 300 };
// Place names change only with the gazetteer.
const placesCache: HttpCacheRule = { maxAge: 300, staleWhileRevalidate: 3600 };

export const searchRoutes: FastifyPluginAsyncZod<{ reads: ReadRouting; launchMode: LaunchModeReader; resultCache: ResultCache }> = async (
  app,
  { reads, launchMode, resultCache },
) => {
  route(app, 'GET /api/search', { config: { httpCache: browsingCache } }, async (request, reply) => {
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
  });

  route(app, 'GET /api/search/interpret', { config: { httpCache: browsingCache } }, async (request) => {
    await launchMode.assertBrowsingAllowed(request);
    const { q, lang, type } = request.query;
    return interpretSentence(q, lang, type);
  });

  route(app, 'GET /api/places/suggest', { config: { httpCache: placesCache } }, async (request) => {
    await launchMode.assertBrowsingAllowed(request);
    const { q, lang } = request.query;
    return { suggestions: q === '' ? [] : await suggestPlaces(reads.forRequest(request), q, lang) };
  });

  route(app, 'GET /api/listings/featured', { config: { httpCache: browsingCache } }, async (request) => {
    await launchMode.assertBrowsingAllowed(request);
    return { listings: await featuredListings(reads.forRequest(request), request.query.lang) };
  });
};
