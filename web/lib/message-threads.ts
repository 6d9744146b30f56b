import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingMessage } from '../../core/contracts/messages.ts';
import { apiRequest } from './api-client.ts';
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
 * A thread while it is open, polled every 10 s so the other side's answers appear (decision 006).
 * `url` is the thread's `…/read` route: opening it is a POST, which marks the other side's messages
 * read (a GET never changes anything, since any site can make the browser send one). When the thread
 * grew, the counts elsewhere are out of date (but not on every quiet poll). `url` null leaves it closed.
 */
export function useThreadMessages<T>(queryKey: readonly unknown[], url: string | null, pick: (data: T) => BookingMessage[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<BookingMessage[]>(queryKey);
      const messages = pick(await apiRequest<T>(url!, { method: 'POST', body: {}, signal }));
      if (!before || before.length !== messages.length) refreshMessageCounts(queryClient);
      return messages;
    },
    enabled: url !== null,
    refetchInterval: 10_000,
  });
}
