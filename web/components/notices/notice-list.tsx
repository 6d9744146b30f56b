import { useInfiniteQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import type { Notice } from '../../../core/contracts/notices.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { LocalizedLink } from '../localized-link.tsx';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { ErrorState } from '../ui/error-state.tsx';
import { LoadingState } from '../ui/loading-state.tsx';
import { noticesQuery, useMarkAllNoticesRead, useMarkNoticeRead } from './notices-api.ts';

/** One notice: its words (as the server wrote them in the page's language), when, and whether it is new; the whole row is its link. */
function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const unread = notice.readAt === null;
  return (
    <li>
      <LocalizedLink
        to={notice.link}
        onClick={() => onOpen(notice)}
        data-testid="notice"
        data-kind={notice.kind}
        data-unread={unread ? 'true' : 'false'}
        className={cn(
          'flex gap-3 rounded-xl px-3 py-3 text-start transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
          unread
            ? 'bg-brand-50 hover:bg-brand-100 dark:bg-brand-950/50 dark:hover:bg-brand-950'
            : 'hover:bg-slate-100 dark:hover:bg-slate-800',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600 dark:bg-brand-400' : 'bg-transparent')}
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="text-sm font-semibold text-slate-900 dark:text-white">
            {notice.title}
            {unread ? <span className="sr-only"> ({t('notices.unread')})</span> : null}
          </span>
          <span className="text-sm break-words text-slate-700 dark:text-slate-300">{notice.body}</span>
          <time dateTime={notice.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
            {formatDate(new Date(notice.createdAt), 'dateTime', language)}
          </time>
        </span>
      </LocalizedLink>
    </li>
  );
}

/**
 * The member's notices, newest first, a page at a time, with "mark all as read"; opening one marks it
 * read and calls `onFollow` (the panel closes). The same list fills the bell's panel and the page.
 */
export function NoticeList({ onFollow, className }: { onFollow?: () => void; className?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useInfiniteQuery(noticesQuery(language));
  const markRead = useMarkNoticeRead();
  const markAll = useMarkAllNoticesRead();
  const pages = query.data?.pages;
  const items = pages?.flatMap((page) => page.notices) ?? [];
  const unread = pages?.at(-1)?.unread ?? 0;
  const open = (notice: Notice) => {
    if (notice.readAt === null) markRead.mutate(notice.id);
    onFollow?.();
  };

  if (query.isError && !pages) {
    return (
      <ErrorState
        size="sm"
        title={t('notices.errorTitle')}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        testId="notices-error"
      />
    );
  }
  if (!pages) return <LoadingState label={t('notices.loading')} variant="blocks" rows={3} testId="notices-loading" />;
  if (items.length === 0) {
    return <EmptyState size="md" icon={BellRing} title={t('notices.emptyTitle')} text={t('notices.emptyText')} testId="notices-empty" />;
  }
  return (
    <div className={cn('flex flex-col gap-2', className)} data-testid="notice-list">
      <div className="flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          data-testid="notices-mark-all"
          disabled={unread === 0 && items.every((notice) => notice.readAt !== null)}
          onClick={() => markAll.mutate()}
        >
          {t('notices.markAllRead')}
        </Button>
      </div>
      <ul className="flex flex-col gap-1">
        {items.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} onOpen={open} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-center"
          data-testid="notices-more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('notices.more')}
        </Button>
      ) : null}
    </div>
  );
}
