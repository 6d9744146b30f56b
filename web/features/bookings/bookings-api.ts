import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingAction } from '../../../core/contracts/bookings.ts';
import type { BookingMessage } from '../../../core/contracts/messages.ts';
import type { ReplyBody, ReviewGuestBody, ReviewStayBody } from '../../../core/contracts/reviews.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';
import { useThreadMessages } from '../../lib/message-threads.ts';

export const bookingQueries = {
  /** The signed-in guest's bookings, titles and places in the page's language. */
  mine: (language: Language) =>
    queryOptions({
      queryKey: [...stayQueryKeys.guestBookings(), language],
      queryFn: ({ signal }) => api.get('/api/bookings', { query: { lang: language }, signal }),
    }),
  /** Requests and stays at the signed-in host's listings; refreshed every minute so new requests show up. */
  hosting: (language: Language) =>
    queryOptions({
      queryKey: [...stayQueryKeys.hostBookings(), language],
      queryFn: ({ signal }) => api.get('/api/host/bookings', { query: { lang: language }, signal }),
      refetchInterval: 60_000,
    }),
  /** A booking's thread (its messages, oldest first). */
  messages: (bookingId: string) => ['booking-messages', bookingId] as const,
};

export function useMyBookings(language: Language) {
  return useQuery({
    ...bookingQueries.mine(language),
    select: (data) => data.bookings,
    // A card payment is confirmed by Stripe's webhook, moments after the guest comes back: look again soon.
    refetchInterval: (query) =>
      query.state.data?.bookings.some((booking) => booking.money.paymentStatus === 'awaiting_payment') ? 3000 : false,
  });
}

/** What cancelling a booking now gives back (its policy), while the confirmation is open. */
export function useCancellationPreview(bookingId: string | null) {
  return useQuery({
    queryKey: ['booking-cancellation', bookingId],
    queryFn: ({ signal }) => api.get('/api/bookings/:id/cancellation', { params: { id: bookingId! }, signal }),
    enabled: bookingId !== null,
    staleTime: 0,
  });
}

export function useHostBookings(language: Language) {
  return useQuery({ ...bookingQueries.hosting(language), select: (data) => data.bookings });
}

/** Accepts, declines or cancels; every bookings list is refreshed afterwards, whatever the answer. */
export function useChangeBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) =>
      api.post('/api/bookings/:id/:action', { params: { id, action } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() }),
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() }),
      ]),
  });
}

/** A booking's thread (its guest and listing's conversation) while it is open; reading it marks the other side's messages read. */
export function useBookingMessages(bookingId: string | null) {
  return useThreadMessages(
    bookingQueries.messages(bookingId ?? ''),
    bookingId
      ? (signal) => api.post('/api/bookings/:id/messages/read', { params: { id: bookingId }, signal }).then((data) => data.messages)
      : null,
  );
}

export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post('/api/bookings/:id/messages', { params: { id: bookingId }, body: { body } }),
    onSuccess: (message) => {
      queryClient.setQueryData<BookingMessage[]>(bookingQueries.messages(bookingId), (current) => [...(current ?? []), message]);
    },
  });
}

/** The user's conversations as a guest or a host, newest message first; refreshed every minute like the requests. */
export function useConversations(as: 'guest' | 'host', language: Language) {
  return useQuery({
    queryKey: [...stayQueryKeys.conversations(), as, language],
    queryFn: ({ signal }) => api.get('/api/conversations', { query: { as, lang: language }, signal }),
    select: (data) => data.conversations,
    refetchInterval: 60_000,
  });
}

const conversationMessagesKey = (id: string) => [...stayQueryKeys.conversations(), 'messages', id] as const;

/** A conversation's thread while it is open. */
export function useConversationMessages(id: string | null) {
  return useThreadMessages(
    conversationMessagesKey(id ?? ''),
    id ? (signal) => api.post('/api/conversations/:id/messages/read', { params: { id }, signal }).then((data) => data.messages) : null,
  );
}

export function useSendConversationMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post('/api/conversations/:id/messages', { params: { id }, body: { body } }),
    onSuccess: (message) => {
      queryClient.setQueryData<BookingMessage[]>(conversationMessagesKey(id), (current) => [...(current ?? []), message]);
      void queryClient.invalidateQueries({ queryKey: [...stayQueryKeys.conversations(), 'guest'] });
      void queryClient.invalidateQueries({ queryKey: [...stayQueryKeys.conversations(), 'host'] });
    },
  });
}

/** The review shows on the booking and, with the listing's new rating, on its page. */
export function useReviewStay(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewStayBody) => api.post('/api/bookings/:id/review', { params: { id: bookingId }, body: review }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() }),
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.properties() }),
      ]),
  });
}

/** The host's review of the guest: shows on the booking, and on the guest's profile once published. */
export function useReviewGuest(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewGuestBody) => api.post('/api/bookings/:id/guest-review', { params: { id: bookingId }, body: review }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() }),
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.properties() }),
      ]),
  });
}

/** The host's one public reply to a published review. */
export function useReplyToReview(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: ReplyBody) => api.post('/api/reviews/:id/reply', { params: { id: reviewId }, body: reply }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() }),
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.properties() }),
      ]),
  });
}

/** A confirmed stay's arrival information (address, map link, host's phone, instructions), once its guest opens it. */
export function useBookingArrival(bookingId: string, language: Language, enabled: boolean) {
  return useQuery({
    queryKey: ['booking-arrival', bookingId, language],
    queryFn: ({ signal }) => api.get('/api/bookings/:id/arrival', { params: { id: bookingId }, query: { lang: language }, signal }),
    enabled,
  });
}
