import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serialIdParamsSchema } from '../../../core/contracts/common.ts';
import {
  createSavedSearchSchema,
  savedSearchSchema,
  savedSearchesResponseSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
  updateSavedSearchSchema,
} from '../../../core/contracts/saved-searches.ts';
import { savedSearchQuery } from '../../../core/search-alerts.ts';
import { searchQuerySchema } from '../../../core/search-query-schema.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../http/request-user.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, unsubscribe, updateSavedSearch } from './saved-searches-repository.ts';
import { readUnsubscribe, unsubscribeKey } from './unsubscribe-token.ts';

const tags = ['saved searches'];

/**
 * The search a member saves, as GET /api/search would read it: a value the search refuses is refused
 * here with the same message (400), then kept in its canonical form (core/search-alerts.ts).
 */
function checkedQuery(raw: string): string {
  const queryString = raw.replace(/^\?/, '');
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(queryString)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, 'validation_failed', `Invalid search: ${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`);
  }
  return savedSearchQuery(queryString);
}

/** Saved searches and their alerts (issue 38, item 4; decision 048): a member's own, and the mails' unsubscribe link. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/saved-searches',
    {
      schema: { tags, summary: "The signed-in member's saved searches, the latest first", response: { 200: savedSearchesResponseSchema } },
    },
    async (request) => ({ searches: await listSavedSearches(db, requireUser(request).id) }),
  );

  app.post(
    '/api/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save a search (a /results query string) with a name and how often its new listings are mailed',
        body: createSavedSearchSchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { name, query, frequency, language } = request.body;
      const saved = await createSavedSearch(db, user.id, { name, query: checkedQuery(query), frequency, language });
      if (!saved) throw new HttpError(409, 'too_many_saved_searches', 'You keep as many saved searches as allowed; delete one first');
      return reply.status(201).send(saved);
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Rename a saved search or change how often it mails',
        params: serialIdParamsSchema,
        body: updateSavedSearchSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) => {
      const saved = await updateSavedSearch(db, requireUser(request).id, request.params.id, request.body);
      if (!saved) throw new HttpError(404, 'saved_search_not_found', 'No such saved search');
      return saved;
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    { schema: { tags, summary: 'Delete a saved search and its alerts', params: serialIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      if (!(await deleteSavedSearch(db, requireUser(request).id, request.params.id))) {
        throw new HttpError(404, 'saved_search_not_found', 'No such saved search');
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/alerts/unsubscribe',
    {
      schema: {
        tags,
        summary: "Stop an alert mail's alerts with the signed token of its link, without signing in",
        body: unsubscribeSchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => {
      // Public on purpose: the link's signature is the authorization (unsubscribe-token.ts).
      const target = readUnsubscribe(await unsubscribeKey(db), request.body.token);
      const stopped = target ? await unsubscribe(db, target) : null;
      if (!stopped) throw new HttpError(400, 'invalid_unsubscribe_link', 'This unsubscribe link is not valid');
      return stopped;
    },
  );
};
