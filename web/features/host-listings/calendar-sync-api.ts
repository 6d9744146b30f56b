import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCalendarFeedBody, CalendarSync } from '../../../core/contracts/calendar-sync.ts';
import { legacyApi } from '../../lib/api-client.ts';
import { hostListingQueries } from './host-listings-api.ts';

export const calendarSyncQuery = (id: number) =>
  queryOptions({
    queryKey: ['host-listing-calendar-sync', id],
    queryFn: ({ signal }) => legacyApi.get<CalendarSync>(`/api/host/listings/${id}/calendar-sync`, signal),
  });

export function useCalendarSync(id: number) {
  return useQuery(calendarSyncQuery(id));
}

/**
 * Every calendar-sync change answers with the whole sync view, which replaces the cached one; the
 * listing's calendar is fetched again, since feeds add and remove blocked dates.
 */
function useSyncMutation<V>(id: number, request: (variables: V) => Promise<CalendarSync>, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (view) => {
      queryClient.setQueryData(calendarSyncQuery(id).queryKey, view);
      await queryClient.invalidateQueries({ queryKey: hostListingQueries.calendar(id).queryKey });
    },
    onError,
  });
}

export const useAddCalendarFeed = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(id, (body: AddCalendarFeedBody) => legacyApi.post<CalendarSync>(`/api/host/listings/${id}/calendar-feeds`, body), onError);

export const useRemoveCalendarFeed = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(id, (feedId: number) => legacyApi.delete<CalendarSync>(`/api/host/listings/${id}/calendar-feeds/${feedId}`), onError);

export const useSyncCalendarFeed = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(id, (feedId: number) => legacyApi.post<CalendarSync>(`/api/host/listings/${id}/calendar-feeds/${feedId}/sync`), onError);

export const useRotateCalendarExport = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(id, () => legacyApi.post<CalendarSync>(`/api/host/listings/${id}/calendar-sync/rotate`), onError);
