import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingMessage } from '../../core/contracts/messages.ts';
import { stayQueryKeys } from './stay-query-keys.ts';
import { unreadMessagesQueryKey } from './unread-messages.ts';

/** What shows unread counts: the nav badges, the booking cards and the lists of conversations. */
export function refreshMessageCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() });
  void queryClient.invalidateQueries({ queryKey: stayQueryKeys.conversations() });
}

/** Opens a thread through its `…/read` route and answers its messages. */
export type ReadThread = (signal: AbortSignal) => Promise<BookingMessage[]>;

/**
 * A thread while it is open, polled every 10 s so the other side's answers appear (decision 006).
 * `read` calls the thread's `…/read` route: opening it is a POST, which marks the other side's
 * messages read (a GET never changes anything, since any site can make the browser send one). When
 * the thread grew, the counts elsewhere are out of date (but not on every quiet poll). `read` null
 * leaves it closed.
 */
export function useThreadMessages(queryKey: readonly unknown[], read: ReadThread | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<BookingMessage[]>(queryKey);
      const messages = await read!(signal);
      if (!before || before.length !== messages.length) refreshMessageCounts(queryClient);
      return messages;
    },
    enabled: read !== null,
    refetchInterval: 10_000,
  });
}
