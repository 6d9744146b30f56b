import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadMessageCounts } from '../../core/contracts/messages.ts';
import { api } from './api-client.ts';
import { useSession } from './session.ts';

export const unreadMessagesQueryKey = ['messages', 'unread'] as const;

/** Unread booking messages for the nav badges; checked every minute and when the window regains focus. */
export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: unreadMessagesQueryKey,
    queryFn: ({ signal }) => api.get('/api/messages/unread-count', { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });

export function useUnreadMessages(): UnreadMessageCounts {
  const { user } = useSession();
  const query = useQuery({ ...unreadMessagesQuery(), enabled: user !== null });
  return user && query.data ? query.data : { asGuest: 0, asHost: 0 };
}
