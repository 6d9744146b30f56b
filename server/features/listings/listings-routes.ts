import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { today } from '../../../core/dates.ts';
import { languageQuerySchema, serialIdParamsSchema } from '../../../core/contracts/common.ts';
import {
  heldDatesQuerySchema,
  heldDatesSchema,
  listingDetailSchema,
  savedStateSchema,
  type ListingDetail,
} from '../../../core/contracts/listings.ts';
import { listingCardsResponseSchema } from '../../../core/contracts/search.ts';
import { everythingKey, listingKey } from '../../cache/change-keys.ts';
import { sendAnswer, type ResultCache } from '../../cache/result-cache.ts';
import type { Database } from '../../db/database.ts';
import type { ReadRouting } from '../../db/read-replica.ts';
import { requireUser } from '../../http/request-user.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { heldDates, listingDetail, savedListingCards, setSaved, viewerPartOfListing } from './listings-repository.ts';

export const listingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  reads: ReadRouting;
  launchMode: LaunchModeReader;
  resultCache: ResultCache;
}> = async (app, { db, reads, launchMode, resultCache }) => {
  app.get(
    '/api/properties/:id',
    {
      // A visitor's copy may be a minute old; a signed-in user's (saved flag, address) is private.
      config: { httpCache: { maxAge: 60, staleWhileRevalidate: 300 } },
      schema: {
        tags: ['listings'],
        summary: 'An approved listing with its photos, host card and latest reviews',
        params: serialIdParamsSchema,
        querystring: languageQuerySchema,
        response: { 200: listingDetailSchema },
      },
    },
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

  app.get(
    '/api/properties/:id/held-dates',
    {
      schema: {
        tags: ['listings'],
        summary:
          'Nights a calendar must not offer for a stay of `rooms` rooms: blocked nights, and nights with fewer rooms left (a home has one)',
        params: serialIdParamsSchema,
        querystring: heldDatesQuerySchema,
        response: { 200: heldDatesSchema },
      },
    },
    async (request) => {
      await launchMode.assertBrowsingAllowed(request);
      return heldDates(reads.forRequest(request), request.params.id, today(), request.query.rooms);
    },
  );

  app.get(
    '/api/saved',
    {
      schema: {
        tags: ['listings'],
        summary: "The signed-in user's saved listings that are approved, as cards, latest saved first",
        querystring: languageQuerySchema,
        response: { 200: listingCardsResponseSchema },
      },
    },
    async (request) => ({ listings: await savedListingCards(db, requireUser(request).id, request.query.lang) }),
  );

  for (const [method, saved] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/saved/:id',
      schema: {
        tags: ['listings'],
        summary: saved ? 'Save a listing' : 'Remove a listing from the saved list',
        params: serialIdParamsSchema,
        response: { 200: savedStateSchema },
      },
      handler: async (request) => {
        await setSaved(db, requireUser(request).id, request.params.id, saved);
        return { saved };
      },
    });
  }
};
