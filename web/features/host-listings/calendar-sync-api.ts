import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCalendarFeedBody, CalendarSync } from '../../../core/contracts/calendar-sync.ts';
import { api } from '../../lib/api-client.ts';
import { hostListingQueries } from './host-listings-api.ts';

export const calendarSyncQuery = (id: number) =>
  queryOptions({
    queryKey: ['host-listing-calendar-sync', id],
    queryFn: ({ signal }) => api.get('/api/host/listings/:id/calendar-sync', { params: { id }, signal }),
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
  useSyncMutation(id, (body: AddCalendarFeedBody) => api.post('/api/host/listings/:id/calendar-feeds', { params: { id }, body }), onError);

export const useRemoveCalendarFeed = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(id, (feedId: number) => api.delete('/api/host/listings/:id/calendar-feeds/:feedId', { params: { id, feedId } }), onError);

export const useSyncCalendarFeed = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(
    id,
    (feedId: number) => api.post('/api/host/listings/:id/calendar-feeds/:feedId/sync', { params: { id, feedId } }),
    onError,
  );

export const useRotateCalendarExport = (id: number, onError: (error: unknown) => void) =>
  useSyncMutation(id, () => api.post('/api/host/listings/:id/calendar-sync/rotate', { params: { id } }), onError);
