import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadRouting } from '../../db/read-replica.ts';
import type { HttpCacheRule } from '../../http/http-cache.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { regionLandJson } from './map-land.ts';
import { mapPlaces } from './map-repository.ts';
import { route } from '../../http/route.ts';

// The gazetteer and the land change with a release, not while it runs.
const baseCache: HttpCacheRule = { maxAge: 300, staleWhileRevalidate: 3600 };
const landCache: HttpCacheRule = { maxAge: 86_400, staleWhileRevalidate: 604_800 };

/**
 * The base map under the results map and the property page's area (docs/decisions/019-map-search.md):
 * a configured style (MAP_STYLE_URL), or our own from shipped data.
 */
export const mapRoutes: FastifyPluginAsyncZod<{ reads: ReadRouting; launchMode: LaunchModeReader; styleUrl: string | null }> = async (
  app,
  { reads, launchMode, styleUrl },
) => {
  route(app, 'GET /api/map/base', { config: { httpCache: baseCache } }, async (request) => {
    await launchMode.assertBrowsingAllowed(request);
    // Ours are labelled from the places (a configured style names its own); the wizard's pin starts at one's centre.
    return { styleUrl, places: await mapPlaces(reads.forRequest(request), request.query.lang) };
  });

  route(app, 'GET /api/map/land', { config: { httpCache: landCache } }, async (_request, reply) => {
    // Made once and sent as text: checking 130 kB of coordinates against the schema on every request would cost more than sending them.
    (reply as FastifyReply).type('application/json; charset=utf-8').send(await regionLandJson());
    return reply;
  });
};
