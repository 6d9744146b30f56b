import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import type { BookingMessage } from '../../../core/contracts/messages.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { api } from '../../lib/api-client.ts';
import { unreadMessagesQueryKey } from '../../lib/unread-messages.ts';

export const bookingsQueryKey = ['bookings'] as const;
const hostBookingsQueryKey = ['host-bookings'] as const;
const messagesQueryKey = (bookingId: string) => ['booking-messages', bookingId] as const;

/** The signed-in guest's bookings, titles and places in the page's language. */
export function useMyBookings(language: Language) {
  return useQuery({
    queryKey: [...bookingsQueryKey, language],
    queryFn: ({ signal }) => api.get<{ bookings: BookingView[] }>(`/api/bookings?lang=${language}`, signal),
    select: (data) => data.bookings,
  });
}

/** Requests and stays at the signed-in host's listings; refreshed every minute so new requests show up. */
export function useHostBookings(language: Language) {
  return useQuery({
    queryKey: [...hostBookingsQueryKey, language],
    queryFn: ({ signal }) => api.get<{ bookings: BookingView[] }>(`/api/host/bookings?lang=${language}`, signal),
    select: (data) => data.bookings,
    refetchInterval: 60_000,
  });
}

export type BookingAction = 'accept' | 'decline' | 'cancel';

/** Accepts, declines or cancels; every bookings list is refreshed afterwards, whatever the answer. */
export function useChangeBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
      api.post<BookingView>(`/api/bookings/${encodeURIComponent(id)}/${action}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: hostBookingsQueryKey }),
      ]),
  });
}

/** A booking's thread while it is open, polled so the other side's answers appear; reading it marks them read. */
export function useBookingMessages(bookingId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagesQueryKey(bookingId ?? ''),
    queryFn: async ({ signal }) => {
      const key = messagesQueryKey(bookingId!);
      const before = queryClient.getQueryData<BookingMessage[]>(key);
      const data = await api.get<{ messages: BookingMessage[] }>(`/api/bookings/${encodeURIComponent(bookingId!)}/messages`, signal);
      // The server marked new messages read: the badges are out of date (but not on every quiet poll).
      if (!before || before.length !== data.messages.length) {
        void queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey });
        void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
        void queryClient.invalidateQueries({ queryKey: hostBookingsQueryKey });
      }
      return data.messages;
    },
    enabled: bookingId !== null,
    refetchInterval: 10_000,
  });
}

export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<BookingMessage>(`/api/bookings/${encodeURIComponent(bookingId)}/messages`, { body }),
    onSuccess: (message) => {
      queryClient.setQueryData<BookingMessage[]>(messagesQueryKey(bookingId), (current) => [...(current ?? []), message]);
    },
  });
}

export function useReviewStay(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { rating: number; body: string; language: Language }) =>
      api.post<{ rating: number; body: string }>(`/api/bookings/${encodeURIComponent(bookingId)}/review`, review),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: bookingsQueryKey }), queryClient.invalidateQueries({ queryKey: ['property'] })]),
  });
}
