import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../core/languages.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { HeldDates, ListingDetail } from '../../../core/contracts/listings.ts';
import { api, apiRequest, isApiError } from '../../lib/api-client.ts';

export const propertyQueryKey = (id: number, language: Language) => ['property', id, language] as const;
export const heldDatesQueryKey = (id: number) => ['property', id, 'held-dates'] as const;

/** A 4xx answer will not change by asking again. */
const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function propertyQueryOptions(id: number, language: Language) {
  return queryOptions({
    queryKey: propertyQueryKey(id, language),
    queryFn: ({ signal }) => api.get<ListingDetail>(`/api/properties/${id}?lang=${language}`, signal),
    retry: retryUnlessClientError,
  });
}

/** The nights a stay of `rooms` rooms cannot have (a hotel may have one room left on a night, not two). */
export function heldDatesQueryOptions(id: number, rooms = 1) {
  return queryOptions({
    queryKey: [...heldDatesQueryKey(id), rooms] as const,
    queryFn: ({ signal }) => api.get<HeldDates>(`/api/properties/${id}/held-dates?rooms=${rooms}`, signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Saves or unsaves a listing, updating the page at once and rolling back on failure. */
export function useSaveListing(id: number, language: Language) {
  const queryClient = useQueryClient();
  const key = propertyQueryKey(id, language);
  return useMutation({
    mutationFn: (saved: boolean) =>
      saved ? api.put<{ saved: boolean }>(`/api/saved/${id}`) : api.delete<{ saved: boolean }>(`/api/saved/${id}`),
    onMutate: async (saved) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListingDetail>(key);
      if (previous) queryClient.setQueryData<ListingDetail>(key, { ...previous, saved });
      return { previous };
    },
    onError: (_error, _saved, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (data) => {
      queryClient.setQueryData<ListingDetail>(key, (current) => (current ? { ...current, saved: data.saved } : current));
      // The other language's copy and any saved list are out of date now.
      void queryClient.invalidateQueries({ queryKey: ['property', id], predicate: (query) => query.queryKey[2] !== language });
      void queryClient.invalidateQueries({ queryKey: ['saved'] });
    },
  });
}

export interface BookingRequest {
  propertyId: number;
  checkIn: string;
  checkOut: string;
  rooms?: number;
  guests?: number;
  leaseOption?: string;
}

/** POST /api/bookings with the attempt's Idempotency-Key (the same key when an attempt is retried). */
export function createBooking(request: BookingRequest, idempotencyKey: string) {
  return apiRequest<BookingView>('/api/bookings', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
