import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import { secondFactorRequired } from '../../../core/second-factor-rules.ts';
import type { Database } from '../../db/database.ts';
import { isApiRequest } from '../../http/request-path.ts';
import { hasSecondFactor } from './second-factor-repository.ts';

/**
 * Marks a member who must have a second factor and has none (an admin in production,
 * core/second-factor-rules.ts): `secondFactorSetupRequired` on the session user. requireRole then
 * refuses them every admin route (403 second_factor_required) and the web app sends them to the
 * security page first. Only admins in production are looked up, once per request.
 */
export async function markSecondFactorSetup(db: Database, isProduction: boolean, user: SessionUser): Promise<SessionUser> {
  if (!secondFactorRequired(user.role, isProduction)) return user;
  if (await hasSecondFactor(db, user.id)) return user;
  return { ...user, secondFactorSetupRequired: true };
}

/** Runs after the session hook (registered after it in app.ts). */
export function registerSecondFactorRequirement(app: FastifyInstance, db: Database, isProduction: boolean) {
  if (!isProduction) return;
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request) || !request.user) return;
    request.user = await markSecondFactorSetup(db, isProduction, request.user);
  });
}
