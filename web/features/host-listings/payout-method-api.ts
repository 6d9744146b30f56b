import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethodBody } from '../../../core/payout-methods.ts';
import { api } from '../../lib/api-client.ts';

/** The host's bank account for payouts and how to pay the fees they owe (decision 057). */
export const payoutSettingsQuery = () =>
  queryOptions({
    queryKey: ['host-payout-method'],
    queryFn: ({ signal }) => api.get('/api/host/payout-method', { signal }),
  });

export const usePayoutSettings = () => useQuery(payoutSettingsQuery());

export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodBody) => api.put('/api/host/payout-method', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host-payout-method'] }),
  });
}
