import { errorResponseSchema, languageQuerySchema, uuidParamsSchema } from '../common.ts';
import { receiptSchema } from '../receipts.ts';
import { defineEndpoints } from '../endpoint.ts';

export const receiptsEndpoints = defineEndpoints('bookings', {
  'GET /api/bookings/:id/receipt': {
    summary:
      "A confirmed stay's receipt: its number, the stored price lines, the payment and any refund. For the guest, the listing's host and admins; 404 for anyone else and for stays never confirmed.",
    params: uuidParamsSchema,
    query: languageQuerySchema,
    responses: { 200: receiptSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    errors: ['receipt_not_found'],
  },
});
