import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { today } from '../../../core/dates.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { everythingKey, listingKey } from '../../cache/change-keys.ts';
import { sendAnswer, type ResultCache } from '../../cache/result-cache.ts';
import type { Database } from '../../db/database.ts';
import type { ReadRouting } from '../../db/read-replica.ts';
import { requireUser } from '../../http/request-user.ts';
import { route } from '../../http/route.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { heldDates, listingDetail, savedListingCards, setSaved, viewerPartOfListing } from './listings-repository.ts';

export const listingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  reads: ReadRouting;
  launchMode: LaunchModeReader;
  resultCache: ResultCache;
}> = async (app, { db, reads, launchMode, resultCache }) => {
  route(
    app,
    'GET /api/properties/:id',
    // A visitor's copy may be a minute old; a signed-in user's (saved flag, address) is private.
    { config: { httpCache: { maxAge: 60, staleWhileRevalidate: 300 } } },
    async (request, reply) => {
      await launchMode.assertBrowsingAllowed(request);
      const { id } = request.params;
      const { lang } = request.query;
      // The replica when there is one and it is up to date; a viewer who just changed something reads the primary (docs/decisions/038).
      const readDb = reads.forRequest(request);
      // Every visitor's page is the same answer, cached; a signed-in viewer's is that answer with
      // their own saved flag and address, read beside it in one statement (issue 40).
      const shared = resultCache.answer(`listing:${id}:${lang}`, [everythingKey, listingKey(id)], () => listingDetail(readDb, id, lang));
      if (!request.user) return sendAnswer(reply, 'X-Result-Cache', await shared);
      const [answer, own] = await Promise.all([shared, viewerPartOfListing(readDb, id, lang, request.user)]);
      if ('computed' in answer) return sendAnswer(reply, 'X-Result-Cache', { computed: { ...answer.computed, ...own } });
      // The kept text was written by this route's serializer from a checked answer; only the two own fields are new.
      const page: ListingDetail = { ...(JSON.parse(answer.cachedJson) as ListingDetail), ...own };
      return sendAnswer(reply, 'X-Result-Cache', { cachedJson: JSON.stringify(page) });
    },
  );

  route(app, 'GET /api/properties/:id/held-dates', async (request) => {
    await launchMode.assertBrowsingAllowed(request);
    return heldDates(reads.forRequest(request), request.params.id, today(), request.query.rooms);
  });

  route(app, 'GET /api/saved', async (request) => ({
    listings: await savedListingCards(db, requireUser(request).id, request.query.lang),
  }));

  for (const [name, saved] of [
    ['PUT /api/saved/:id', true],
    ['DELETE /api/saved/:id', false],
  ] as const) {
    route(app, name, async (request) => {
      await setSaved(db, requireUser(request).id, request.params.id, saved);
      return { saved };
    });
  }
};
