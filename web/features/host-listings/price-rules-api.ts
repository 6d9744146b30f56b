import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddPriceRuleBody, PriceRules } from '../../../core/contracts/price-rules.ts';
import { api } from '../../lib/api-client.ts';

export const priceRuleQueries = {
  /** A listing's seasonal rules not ended yet. */
  rules: (id: number) =>
    queryOptions({
      queryKey: ['host-listing-price-rules', id],
      queryFn: ({ signal }) => api.get('/api/host/listings/:id/price-rules', { params: { id }, signal }),
    }),
};

export function usePriceRules(id: number) {
  return useQuery(priceRuleQueries.rules(id));
}

/** Adding and removing a rule answer with the whole list, which replaces the cached one. */
function usePriceRuleMutation<V>(id: number, request: (variables: V) => Promise<PriceRules>, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (rules) => queryClient.setQueryData(priceRuleQueries.rules(id).queryKey, rules),
    onError,
  });
}

export const useAddPriceRule = (id: number, onError: (error: unknown) => void) =>
  usePriceRuleMutation(id, (body: AddPriceRuleBody) => api.post('/api/host/listings/:id/price-rules', { params: { id }, body }), onError);

export const useRemovePriceRule = (id: number, onError: (error: unknown) => void) =>
  usePriceRuleMutation(
    id,
    (ruleId: number) => api.delete('/api/host/listings/:id/price-rules/:ruleId', { params: { id, ruleId } }),
    onError,
  );
