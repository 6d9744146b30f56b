import { apiErrorBodySchema } from '../../api-types.ts';
import { devMailboxResponseSchema } from '../dev-mailbox.ts';
import { defineEndpoints } from '../endpoint.ts';

export const devMailboxEndpoints = defineEndpoints('development', {
  'GET /api/dev/mailbox': {
    summary: 'Every mail the app has written, newest last (not in production)',

    // To anyone but this machine the route does not exist.
    responses: { 200: devMailboxResponseSchema, 404: apiErrorBodySchema },
  },
});
