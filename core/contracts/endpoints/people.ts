import { uuidParamsSchema } from '../common.ts';
import { personSchema } from '../people.ts';
import { defineEndpoints } from '../endpoint.ts';

export const peopleEndpoints = defineEndpoints('people', {
  'GET /api/people/:id': {
    summary: "A member's public profile: first name, verification, host figures and the published reviews hosts wrote about them",
    params: uuidParamsSchema,
    responses: { 200: personSchema },
  },
});
