import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '../../../core/contracts/common.ts';
import { personSchema } from '../../../core/contracts/people.ts';
import type { ReadRouting } from '../../db/read-replica.ts';
import type { LaunchModeReader } from '../../settings/launch-mode.ts';
import { personProfile } from './people-repository.ts';

/** Members' public profiles: the host a guest is about to book with, the guest a host is about to accept. */
export const peopleRoutes: FastifyPluginAsyncZod<{ reads: ReadRouting; launchMode: LaunchModeReader }> = async (
  app,
  { reads, launchMode },
) => {
  app.get(
    '/api/people/:id',
    {
      schema: {
        tags: ['people'],
        summary: "A member's public profile: first name, verification, host figures and the published reviews hosts wrote about them",
        params: uuidParamsSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      // Like a listing page: public once the site is live, members only before.
      await launchMode.assertBrowsingAllowed(request);
      return personProfile(reads.forRequest(request), request.params.id);
    },
  );
};
