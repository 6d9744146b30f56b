import { infiniteQueryOptions, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { NoticesResponse, UnreadNotices } from '../../../core/contracts/notices.ts';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { Language } from '../../../core/languages.ts';
import { api } from '../../lib/api-client.ts';
import { sessionQueryKey, useSession } from '../../lib/session.ts';

/** The notification centre's calls (decision 063); only the bell's chunk and the list's import this file. */
export const noticeKeys = {
  all: ['notices'] as const,
  unread: ['notices', 'unread'] as const,
  list: (language: Language) => ['notices', 'list', language] as const,
};

/** The member's notices in `language`, newest first, a page at a time. */
export const noticesQuery = (language: Language) =>
  infiniteQueryOptions({
    queryKey: noticeKeys.list(language),
    queryFn: ({ pageParam, signal }) => api.get('/api/notices', { query: { lang: language, before: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    staleTime: 0,
  });

/**
 * The unread count the bell shows. It starts from the count the session carries (GET /api/session,
 * loaded by every page anyway), dated when the session was, so the first paint asks nothing; then it
 * is checked every minute and when the window regains focus, like the unread messages.
 */
export function useUnreadNotices(): number {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => api.get('/api/notices/unread-count', { signal }),
    enabled: user !== null,
    initialData: user?.unreadNotices === undefined ? undefined : { unread: user.unreadNotices },
    initialDataUpdatedAt: () => queryClient.getQueryState(sessionQueryKey)?.dataUpdatedAt,
    staleTime: 60_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  return user ? (query.data?.unread ?? 0) : 0;
}

/** The count the server answered after a change, wherever the page reads it. */
function setUnread(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData<UnreadNotices>(noticeKeys.unread, { unread });
  queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) => (user ? { ...user, unreadNotices: unread } : user));
}

/** Marks the shown pages' notices read (one, or all) without fetching them again. */
function markShown(queryClient: QueryClient, which: (id: string) => boolean) {
  const now = new Date().toISOString();
  queryClient.setQueriesData<InfiniteData<NoticesResponse>>({ queryKey: [...noticeKeys.all, 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notices: page.notices.map((notice) => (which(notice.id) && !notice.readAt ? { ...notice, readAt: now } : notice)),
          })),
        }
      : data,
  );
}

/** Opening a notice marks it read. */
export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/notices/:id/read', { params: { id } }),
    onMutate: (id) => markShown(queryClient, (noticeId) => noticeId === id),
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
  });
}

export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/notices/read-all'),
    onSuccess: ({ unread }) => {
      markShown(queryClient, () => true);
      setUnread(queryClient, unread);
    },
  });
}
