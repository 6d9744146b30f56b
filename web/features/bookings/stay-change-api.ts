import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StayChangeAnswerResult,
  StayChangeBody,
  StayChangeList,
  StayChangePriceView,
  StayChangeView,
} from '../../../core/contracts/stay-changes.ts';
import type { Language } from '../../../core/languages.ts';
import { legacyApi } from '../../lib/api-client.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';

/*
 * Changing a confirmed stay (decision 058): the booking's proposals, the price of a change before it
 * is sent, proposing, answering and withdrawing. Every write refreshes the proposals and the
 * bookings lists (an accepted change moves the booking's dates and total).
 */

const changesPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/changes`;
const changesKey = (bookingId: string) => ['stay-changes', bookingId] as const;

export function useStayChanges(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: changesKey(bookingId),
    queryFn: ({ signal }) => legacyApi.get<StayChangeList>(changesPath(bookingId), signal),
    enabled,
  });
}

/** The new price and the difference of the change being composed (null until it is complete). */
export function useStayChangeQuote(bookingId: string, body: StayChangeBody | null) {
  return useQuery({
    queryKey: ['stay-change-quote', bookingId, body],
    queryFn: () => legacyApi.post<StayChangePriceView>(`${changesPath(bookingId)}/quote`, body),
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
    mutationFn: (body: StayChangeBody) => legacyApi.post<StayChangeView>(changesPath(bookingId), body),
    onSettled: refresh,
  });
}

export function useAnswerStayChange(bookingId: string, language: Language) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' | 'withdraw' }) =>
      answer === 'withdraw'
        ? legacyApi
            .post<StayChangeView>(`/api/stay-changes/${encodeURIComponent(id)}/withdraw`)
            .then((change) => ({ change }) as StayChangeAnswerResult)
        : legacyApi.post<StayChangeAnswerResult>(`/api/stay-changes/${encodeURIComponent(id)}/${answer}?lang=${language}`),
    onSettled: refresh,
  });
}
