import { signupRecordSchema } from '../signups.ts';
import { adminRecordListEndpoint } from '../admin.ts';
import { apiErrorBodySchema } from '../../api-types.ts';
import { landingSignupSchema } from '../../signup-schemas.ts';
import { signUpResponseSchema } from '../signups.ts';
import { defineEndpoints } from '../endpoint.ts';

export const signupsEndpoints = defineEndpoints('signups', {
  'POST /api/signups': {
    summary:
      'Join the coming-soon list as a property owner or a discount seeker. The answer is the same whether or not the address was already on the list.',
    body: landingSignupSchema,
    responses: {
      201: signUpResponseSchema,
      429: apiErrorBodySchema,
    },
  },
  'GET /api/admin/signups': adminRecordListEndpoint(
    'Coming-soon sign-ups (property owners and discount seekers), newest first (admins only)',
    signupRecordSchema,
  ),
});
