import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const agreementQueries = {
  /** A long stay's agreement: both texts, their hashes and who has accepted (docs/decisions/055-stay-agreement.md). */
  one: (bookingId: string) =>
    queryOptions({
      queryKey: ['stay-agreement', bookingId],
      queryFn: ({ signal }) => api.get('/api/bookings/:id/agreement', { params: { id: bookingId }, signal }),
    }),
};

export const useStayAgreement = (bookingId: string, enabled = true) => useQuery({ ...agreementQueries.one(bookingId), enabled });

/** Accepts the text the viewer read, by its SHA-256; a 409 means it changed meanwhile (the page then shows the new one). */
export function useAcceptAgreement(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sha256: string) => api.post('/api/bookings/:id/agreement/accept', { params: { id: bookingId }, body: { sha256 } }),
    onSuccess: (agreement) => queryClient.setQueryData(agreementQueries.one(bookingId).queryKey, agreement),
    onError: () => queryClient.invalidateQueries({ queryKey: agreementQueries.one(bookingId).queryKey }),
  });
}
