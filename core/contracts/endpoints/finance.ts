import { errorResponseSchema } from '../common.ts';
import {
  feePaymentSchema,
  financeMonthsResponseSchema,
  markPayoutBodySchema,
  payoutSchema,
  payoutsDueResponseSchema,
  recordFeePaymentBodySchema,
  upcomingPayoutsResponseSchema,
} from '../finance.ts';
import { defineEndpoints } from '../endpoint.ts';

export const financeEndpoints = defineEndpoints('admin', {
  'GET /api/admin/finance/months': {
    summary: 'Card charges, refunds, service fees and payouts per month of the ledger, newest first',
    responses: { 200: financeMonthsResponseSchema },
  },
  'GET /api/admin/finance/months.csv': {
    summary: 'The monthly summary as a CSV file (text/csv), in shekels',
    produces: ['text/csv'],
  },
  'GET /api/admin/finance/payouts-due': {
    summary: 'Each host with money on the books: owed to them, fees they owe for stays paid on arrival, and what may be sent now',
    responses: { 200: payoutsDueResponseSchema },
  },
  'GET /api/admin/finance/upcoming-payouts': {
    summary: "Long stays' periods paid through us whose host share is not payable yet, by the date it becomes payable (decision 054)",
    responses: { 200: upcomingPayoutsResponseSchema },
  },
  'GET /api/admin/finance/payouts-due.csv': {
    summary: 'The payouts due as a CSV file (text/csv), in shekels',
    produces: ['text/csv'],
  },
  'POST /api/admin/finance/payouts': {
    summary:
      'Mark a payout as sent by bank transfer: never more than is due (409), and two marks at once never pay twice. Recorded in the audit trail.',
    body: markPayoutBodySchema,
    responses: { 201: payoutSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    errors: ['not_found', 'payout_exceeds_due'],
  },
  'POST /api/admin/finance/fee-payments': {
    summary:
      'Record fees a host paid the platform by bank transfer (decision 057): never more than the host owes (409), once per transfer reference (409). Recorded in the audit trail.',
    body: recordFeePaymentBodySchema,
    responses: { 201: feePaymentSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    errors: ['not_found', 'fee_payment_already_recorded', 'fee_payment_exceeds_owed'],
  },
});
