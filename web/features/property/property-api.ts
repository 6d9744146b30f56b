import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingMessage } from '../../../core/contracts/messages.ts';
import { useThreadMessages } from '../../lib/message-threads.ts';
import type { CreateBookingBody } from '../../../core/contracts/bookings.ts';
import type { Language } from '../../../core/languages.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';

/** A 4xx answer will not change by asking again. */
const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export const propertyQueries = {
  /** A listing's page in one language. */
  detail: (id: number, language: Language) =>
    queryOptions({
      queryKey: [...stayQueryKeys.property(id), language],
      queryFn: ({ signal }) => api.get('/api/properties/:id', { params: { id }, query: { lang: language }, signal }),
      retry: retryUnlessClientError,
    }),
  /** Every rooms count's held dates of a listing. */
  heldDatesAll: (id: number) => [...stayQueryKeys.property(id), 'held-dates'] as const,
  /** The nights a stay of `rooms` rooms cannot have (a hotel may have one room left on a night, not two). */
  heldDates: (id: number, rooms = 1) =>
    queryOptions({
      queryKey: [...propertyQueries.heldDatesAll(id), rooms],
      queryFn: ({ signal }) => api.get('/api/properties/:id/held-dates', { params: { id }, query: { rooms }, signal }),
      retry: retryUnlessClientError,
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
};

/** Saves or unsaves a listing, updating the page at once and rolling back on failure. */
export function useSaveListing(id: number, language: Language) {
  const queryClient = useQueryClient();
  const key = propertyQueries.detail(id, language).queryKey;
  return useMutation({
    mutationFn: (saved: boolean) =>
      saved ? api.put('/api/saved/:id', { params: { id } }) : api.delete('/api/saved/:id', { params: { id } }),
    onMutate: async (saved) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, { ...previous, saved });
      return { previous };
    },
    onError: (_error, _saved, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(key, (current) => (current ? { ...current, saved: data.saved } : current));
      // The other language's copy and any saved list are out of date now.
      void queryClient.invalidateQueries({ queryKey: stayQueryKeys.property(id), predicate: (query) => query.queryKey[2] !== language });
      void queryClient.invalidateQueries({ queryKey: stayQueryKeys.saved() });
    },
  });
}

/**
 * POST /api/bookings with the attempt's Idempotency-Key (the same key when an attempt is retried).
 * With card payments the answer has checkoutUrl, the payment page; the guest comes back to My
 * Bookings in `language`.
 */
export function createBooking(request: CreateBookingBody, idempotencyKey: string, language: Language = 'en') {
  return api.post('/api/bookings', { query: { lang: language }, body: request, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A new booking holds dates on this listing's calendar and joins the guest's bookings. */
export function refreshAfterBooking(queryClient: QueryClient, listingId: number) {
  void queryClient.invalidateQueries({ queryKey: propertyQueries.heldDatesAll(listingId) });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() });
  // A question asked before becomes the booking's thread.
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.conversations() });
}

const hostConversationKey = (propertyId: number) => [...stayQueryKeys.conversations(), 'listing', propertyId] as const;

/** The signed-in guest's conversation with the listing's host (Contact host) while the dialog is open. */
export function useHostConversation(propertyId: number, open: boolean) {
  return useThreadMessages(
    hostConversationKey(propertyId),
    open
      ? (signal) => api.post('/api/properties/:id/conversation/read', { params: { id: propertyId }, signal }).then((data) => data.messages)
      : null,
  );
}

/** Writes to the listing's host: the first message opens the conversation, the next ones continue it. */
export function useAskHost(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => (await api.post('/api/conversations', { body: { propertyId, body } })).message,
    onSuccess: (message) => {
      queryClient.setQueryData<BookingMessage[]>(hostConversationKey(propertyId), (current) => [...(current ?? []), message]);
      void queryClient.invalidateQueries({ queryKey: [...stayQueryKeys.conversations(), 'guest'] });
    },
  });
}
