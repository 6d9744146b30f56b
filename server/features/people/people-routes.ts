import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadRouting } from '../../db/read-replica.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { personProfile } from './people-repository.ts';
import { route } from '../../http/route.ts';

/** Members' public profiles: the host a guest is about to book with, the guest a host is about to accept. */
export const peopleRoutes: FastifyPluginAsyncZod<{ reads: ReadRouting; launchMode: LaunchModeReader }> = async (
  app,
  { reads, launchMode },
) => {
  route(app, 'GET /api/people/:id', async (request) => {
    // Like a listing page: public once the site is live, members only before.
    await launchMode.assertBrowsingAllowed(request);
    return personProfile(reads.forRequest(request), request.params.id);
  });
};
