import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StayChangeAnswerResult, StayChangeBody } from '../../../core/contracts/stay-changes.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';

/*
 * Changing a confirmed stay (decision 058): the booking's proposals, the price of a change before it
 * is sent, proposing, answering and withdrawing. Every write refreshes the proposals and the
 * bookings lists (an accepted change moves the booking's dates and total).
 */

const changesKey = (bookingId: string) => ['stay-changes', bookingId] as const;

export function useStayChanges(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: changesKey(bookingId),
    queryFn: ({ signal }) => api.get('/api/bookings/:id/changes', { params: { id: bookingId }, signal }),
    enabled,
  });
}

/** The new price and the difference of the change being composed (null until it is complete). */
export function useStayChangeQuote(bookingId: string, body: StayChangeBody | null) {
  return useQuery({
    queryKey: ['stay-change-quote', bookingId, body],
    queryFn: () => api.post('/api/bookings/:id/changes/quote', { params: { id: bookingId }, body: body! }),
    enabled: body !== null,
    retry: false,
    staleTime: 0,
  });
}

function useRefresh(bookingId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: changesKey(bookingId) }),
      queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() }),
      queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() }),
    ]);
}

export function useProposeStayChange(bookingId: string) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: (body: StayChangeBody) => api.post('/api/bookings/:id/changes', { params: { id: bookingId }, body }),
    onSettled: refresh,
  });
}

export function useAnswerStayChange(bookingId: string, language: Language) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' | 'withdraw' }) =>
      answer === 'withdraw'
        ? api.post('/api/stay-changes/:id/withdraw', { params: { id } }).then((change): StayChangeAnswerResult => ({ change }))
        : api.post('/api/stay-changes/:id/:answer', { params: { id, answer }, query: { lang: language } }),
    onSettled: refresh,
  });
}
