import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import type { BookingView } from '../../../core/listing-types.ts';
import { api } from '../../lib/api-client.ts';

export const bookingsQueryKey = ['bookings'] as const;

/** The signed-in guest's bookings, titles and places in the page's language. */
export function useMyBookings(language: Language) {
  return useQuery({
    queryKey: [...bookingsQueryKey, language],
    queryFn: ({ signal }) => api.get<{ bookings: BookingView[] }>(`/api/bookings?lang=${language}`, signal),
    select: (data) => data.bookings,
  });
}

/** Cancels a pending or confirmed stay before it starts; every bookings list is refreshed afterwards. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<BookingView>(`/api/bookings/${encodeURIComponent(id)}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
