import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostPayoutSettings } from '../../../core/contracts/payout-methods.ts';
import type { PayoutMethod } from '../../../core/contracts/finance.ts';
import type { PayoutMethodBody } from '../../../core/payout-methods.ts';
import { legacyApi } from '../../lib/api-client.ts';

/** The host's bank account for payouts and how to pay the fees they owe (decision 057). */
export const payoutSettingsQuery = () =>
  queryOptions({
    queryKey: ['host-payout-method'],
    queryFn: ({ signal }) => legacyApi.get<HostPayoutSettings>('/api/host/payout-method', signal),
  });

export const usePayoutSettings = () => useQuery(payoutSettingsQuery());

export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodBody) => legacyApi.put<{ payoutMethod: PayoutMethod }>('/api/host/payout-method', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host-payout-method'] }),
  });
}
