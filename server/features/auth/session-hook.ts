import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { isApiRequest } from '../../http/request-path.ts';
import { findSessionUser, touchSession } from './auth-repository.ts';
import { sessionCookieName, sessionIdOf } from './session-tokens.ts';

/** last_seen_at is refreshed at most this often, so reading a page does not always write. */
const touchIntervalMs = 5 * 60 * 1000;

/** Resolves the session cookie of every API request into request.user. */
export function registerSessionHook(app: FastifyInstance, db: Database) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    // The routed path, not request.url, which may be in absolute form (http://host/api/…).
    if (!isApiRequest(request)) return;
    const token = request.cookies[sessionCookieName];
    if (!token) return;
    const sessionId = sessionIdOf(token);
    const now = new Date();
    const found = await findSessionUser(db, sessionId, now);
    if (!found) return;
    request.user = found.user;
    request.sessionId = sessionId;
    if (now.getTime() - found.lastSeenAt.getTime() > touchIntervalMs) {
      touchSession(db, sessionId, now).catch((error: unknown) => request.log.warn({ err: error }, 'session touch failed'));
    }
  });
}
