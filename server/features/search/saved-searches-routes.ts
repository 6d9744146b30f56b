import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedSearchQuery } from '../../../core/search-alerts.ts';
import { searchQuerySchema } from '../../../core/search-query-schema.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireUser } from '../../http/request-user.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, unsubscribe, updateSavedSearch } from './saved-searches-repository.ts';
import { readUnsubscribe, unsubscribeKey } from './unsubscribe-token.ts';
import { route } from '../../http/route.ts';

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
  route(app, 'GET /api/saved-searches', async (request) => ({ searches: await listSavedSearches(db, requireUser(request).id) }));

  route(app, 'POST /api/saved-searches', async (request, reply) => {
    const user = requireUser(request);
    const { name, query, frequency, language } = request.body;
    const saved = await createSavedSearch(db, user.id, { name, query: checkedQuery(query), frequency, language });
    if (!saved) throw new HttpError(409, 'too_many_saved_searches', 'You keep as many saved searches as allowed; delete one first');
    return reply.status(201).send(saved);
  });

  route(app, 'PATCH /api/saved-searches/:id', async (request) => {
    const saved = await updateSavedSearch(db, requireUser(request).id, request.params.id, request.body);
    if (!saved) throw new HttpError(404, 'saved_search_not_found', 'No such saved search');
    return saved;
  });

  route(app, 'DELETE /api/saved-searches/:id', async (request, reply) => {
    if (!(await deleteSavedSearch(db, requireUser(request).id, request.params.id))) {
      throw new HttpError(404, 'saved_search_not_found', 'No such saved search');
    }
    return reply.status(204).send(null);
  });

  route(app, 'POST /api/alerts/unsubscribe', async (request) => {
    // Public on purpose: the link's signature is the authorization (unsubscribe-token.ts).
    const target = readUnsubscribe(await unsubscribeKey(db), request.body.token);
    const stopped = target ? await unsubscribe(db, target) : null;
    if (!stopped) throw new HttpError(400, 'invalid_unsubscribe_link', 'This unsubscribe link is not valid');
    return stopped;
  });
};
