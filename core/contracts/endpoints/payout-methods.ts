import { payoutMethodBodySchema } from '../../payout-methods.ts';
import { errorResponseSchema } from '../common.ts';
import { hostPayoutSettingsSchema, payoutMethodResponseSchema } from '../payout-methods.ts';
import { defineEndpoints } from '../endpoint.ts';

export const payoutMethodsEndpoints = defineEndpoints('host listings', {
  'GET /api/host/payout-method': {
    summary: "The signed-in host's bank account for payouts, and the platform's account and reference for paying the fees they owe",
    responses: { 200: hostPayoutSettingsSchema, 401: errorResponseSchema },
  },
  'PUT /api/host/payout-method': {
    summary: 'Add or change the signed-in host’s bank account for payouts (an Israeli bank, a 3-digit branch, the account number)',
    body: payoutMethodBodySchema,
    responses: { 200: payoutMethodResponseSchema, 401: errorResponseSchema },
  },
});
