import { acceptAgreementBodySchema, stayAgreementSchema } from '../agreements.ts';
import { errorResponseSchema, uuidParamsSchema } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';

export const agreementsEndpoints = defineEndpoints('bookings', {
  'GET /api/bookings/:id/agreement': {
    summary:
      "A stay of 28 nights or more: its sublet or rental agreement's current version in English and Hebrew (the exact texts and their SHA-256) and whether each side has accepted it. For its guest, its host and admins; 404 for anyone else and for shorter stays",
    params: uuidParamsSchema,
    responses: { 200: stayAgreementSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    errors: ['agreement_not_found'],
  },
  'POST /api/bookings/:id/agreement/accept': {
    summary:
      "The stay's guest or host accepts its agreement, sending the SHA-256 of the text they read (either language); the time, IP address and hash are recorded once. 409 when the agreement changed since (read the new version) or the stay is no longer pending or confirmed; 403 for an admin",
    params: uuidParamsSchema,
    body: acceptAgreementBodySchema,
    responses: {
      200: stayAgreementSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
    },
    errors: ['agreement_not_found', 'agreement_parties_only', 'agreement_outdated', 'agreement_closed'],
  },
});
