import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptAgreementBody, StayAgreement } from '../../../core/contracts/agreements.ts';
import { legacyApi } from '../../lib/api-client.ts';

const agreementPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/agreement`;

export const agreementQueries = {
  /** A long stay's agreement: both texts, their hashes and who has accepted (docs/decisions/055-stay-agreement.md). */
  one: (bookingId: string) =>
    queryOptions({
      queryKey: ['stay-agreement', bookingId],
      queryFn: ({ signal }) => legacyApi.get<StayAgreement>(agreementPath(bookingId), signal),
    }),
};

export const useStayAgreement = (bookingId: string, enabled = true) => useQuery({ ...agreementQueries.one(bookingId), enabled });

/** Accepts the text the viewer read, by its SHA-256; a 409 means it changed meanwhile (the page then shows the new one). */
export function useAcceptAgreement(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sha256: string) => legacyApi.post<StayAgreement>(`${agreementPath(bookingId)}/accept`, { sha256 } satisfies AcceptAgreementBody),
    onSuccess: (agreement) => queryClient.setQueryData(agreementQueries.one(bookingId).queryKey, agreement),
    onError: () => queryClient.invalidateQueries({ queryKey: agreementQueries.one(bookingId).queryKey }),
  });
}
