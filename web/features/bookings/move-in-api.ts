import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoveInReportBody } from '../../../core/contracts/move-in.ts';
import { api } from '../../lib/api-client.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';

/** Move-in protection on a booking (decision 056): the report, the guest's report and photos, the host's answer. */
const moveInKey = (bookingId: string) => ['move-in', bookingId] as const;

export function useMoveIn(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: moveInKey(bookingId),
    queryFn: ({ signal }) => api.get('/api/bookings/:id/move-in-report', { params: { id: bookingId }, signal }),
    enabled,
  });
}

/** The guest sends the report, then each photo; the booking's report and the trips list are read again. */
export function useReportMoveIn(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photos }: { body: MoveInReportBody; photos: File[] }) => {
      const report = await api.post('/api/bookings/:id/move-in-report', { params: { id: bookingId }, body });
      for (const photo of photos) await api.upload('/api/move-in-reports/:id/photos', photo, { params: report });
      return report;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moveInKey(bookingId) }),
        queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() }),
      ]),
  });
}

export function useAnswerMoveIn(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, answer }: { reportId: string; answer: string }) =>
      api.post('/api/move-in-reports/:id/answer', { params: { id: reportId }, body: { answer } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moveInKey(bookingId) }),
  });
}
