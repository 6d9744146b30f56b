import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarkPayoutBody, RecordFeePaymentBody } from '../../../core/contracts/finance.ts';
import { api } from '../../lib/api-client.ts';
import { adminQueries, useAdminAction } from './admin-api.ts';

/** The Finance tab's data (docs/decisions/025-receipts-and-payouts.md), under the admin area's keys. */
export const financeQueries = {
  months: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'finance', 'months'],
      queryFn: ({ signal }) => api.get('/api/admin/finance/months', { signal }),
    }),
  payoutsDue: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'finance', 'payouts-due'],
      queryFn: ({ signal }) => api.get('/api/admin/finance/payouts-due', { signal }),
    }),
  upcoming: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'finance', 'upcoming-payouts'],
      queryFn: ({ signal }) => api.get('/api/admin/finance/upcoming-payouts', { signal }),
    }),
};

export const financeCsvUrls = { months: '/api/admin/finance/months.csv', payoutsDue: '/api/admin/finance/payouts-due.csv' } as const;

export const useFinanceMonths = () => useQuery({ ...financeQueries.months(), select: (data) => data.months });
export const usePayoutsDue = () => useQuery({ ...financeQueries.payoutsDue(), select: (data) => data.hosts });
export const useUpcomingPayouts = () => useQuery({ ...financeQueries.upcoming(), select: (data) => data.payouts });
export const useMarkPayout = () => useAdminAction((body: MarkPayoutBody) => api.post('/api/admin/finance/payouts', { body }));
export const useRecordFeePayment = () =>
  useAdminAction((body: RecordFeePaymentBody) => api.post('/api/admin/finance/fee-payments', { body }));
