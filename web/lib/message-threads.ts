import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingMessage } from '../../core/contracts/messages.ts';
import { api } from './api-client.ts';
import { stayQueryKeys } from './stay-query-keys.ts';
import { unreadMessagesQueryKey } from './unread-messages.ts';

/** What shows unread counts: the nav badges, the booking cards and the lists of conversations. */
export function refreshMessageCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.conversations() });
}

/**
 * A thread while it is open, polled every 10 s so the other side's answers appear (decision 006);
 * reading it marks them read, so when it grew the counts elsewhere are out of date (but not on every
 * quiet poll). `url` null leaves it closed.
 */
export function useThreadMessages<T>(queryKey: readonly unknown[], url: string | null, pick: (data: T) => BookingMessage[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<BookingMessage[]>(queryKey);
      const messages = pick(await api.get<T>(url!, signal));
      if (!before || before.length !== messages.length) refreshMessageCounts(queryClient);
      return messages;
    },
    enabled: url !== null,
    refetchInterval: 10_000,
  });
}
