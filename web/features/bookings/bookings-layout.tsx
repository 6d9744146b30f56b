import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Language } from '../../../core/languages.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { BookingCard, BookingCardSkeleton } from './booking-card.tsx';
import { BookingTabs } from './booking-tabs.tsx';
import { MessageThreadDialog } from './message-thread-dialog.tsx';

// What My Bookings and Hosting share: the tab and the open thread in the URL, the header, tabs,
// loading / error / empty states, the list of cards and the message thread.

/**
 * The selected tab (absent from the URL when it is the first) and the open message thread
 * (`?thread=<booking id>`, so the link in a message e-mail opens it). Both replace the history entry.
 */
export function useBookingsParams<Tab extends string>(tabs: readonly Tab[]) {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const asked = params.get('tab');
  return {
    tab: tabs.find((tab) => tab === asked) ?? tabs[0]!,
    select: (tab: Tab) => set('tab', tab === tabs[0] ? null : tab),
    threadId: params.get('thread'),
    openThread: (booking: BookingView | null) => set('thread', booking?.id ?? null),
  };
}

/** The title block of a bookings page. */
export function BookingsHeader({
  icon: Icon,
  title,
  subtitle,
  action,
}: {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  action?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-start gap-4">
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:flex dark:bg-brand-950/70 dark:text-brand-300">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{subtitle}</p>
      </div>
      {action && <div className="sm:ms-auto">{action}</div>}
    </header>
  );
}

interface BookingsLayoutProps<Tab extends string> {
  testId: string;
  icon: LucideIcon;
  title: string;
  subtitle: string;
  /** A link beside the title, e.g. from the hosts' requests to their listings. */
  headerAction?: ReactNode;
  /** What comes between the title and the tabs: questions asked before any request (inquiries.tsx). */
  beforeTabs?: ReactNode;
  viewer: 'guest' | 'host';
  language: Language;
  tabs: readonly Tab[];
  tabsLabel: string;
  labelOf: (tab: Tab) => string;
  /** The query's bookings split by tab, null until loaded. */
  groups: Record<Tab, BookingView[]> | null;
  query: UseQueryResult<BookingView[]>;
  loadingLabel: string;
  errorTitle: string;
  /** The empty state of the selected tab. */
  empty: ReactNode;
  /** The buttons of one card. */
  actionsOf: (booking: BookingView) => ReactNode;
  /** Which tab holds stays that are over. */
  pastTab: Tab;
  /** Dialogs of the page. */
  children?: ReactNode;
}

export function BookingsLayout<Tab extends string>(props: BookingsLayoutProps<Tab>) {
  const { testId, icon, title, subtitle, viewer, language, tabs, tabsLabel, labelOf, groups, query, empty, actionsOf, pastTab, children } =
    props;
  const id = useId();
  const { tab, select, threadId, openThread } = useBookingsParams(tabs);
  const list = groups ? groups[tab] : [];
  const thread = (threadId && query.data?.find((booking) => booking.id === threadId)) || null;

  let panel;
  if (query.isPending)
    panel = (
      <LoadingState label={props.loadingLabel} testId="bookings-loading">
        {[0, 1, 2].map((index) => (
          <BookingCardSkeleton key={index} />
        ))}
      </LoadingState>
    );
  else if (query.isError)
    panel = (
      <ErrorState
        title={props.errorTitle}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        testId="bookings-error"
        retryTestId="bookings-retry"
      />
    );
  else if (list.length === 0) panel = empty;
  else
    panel = (
      <ul className="space-y-4" data-testid="bookings-list">
        {list.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} language={language} viewer={viewer} past={tab === pastTab} actions={actionsOf(booking)} />
          </li>
        ))}
      </ul>
    );

  const counts = groups ? (Object.fromEntries(tabs.map((name) => [name, groups[name].length])) as Record<Tab, number>) : null;
  return (
    <div data-testid={testId} className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BookingsHeader icon={icon} title={title} subtitle={subtitle} action={props.headerAction} />
      {props.beforeTabs}
      <BookingTabs id={id} label={tabsLabel} tabs={tabs} selected={tab} labelOf={labelOf} counts={counts} onSelect={select} />
      <section
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        data-testid="bookings-panel"
        data-tab={tab}
        data-ready={query.isSuccess && !query.isFetching ? 'true' : 'false'}
        className="mt-6"
      >
        {panel}
      </section>
      {children}
      <MessageThreadDialog booking={thread} viewer={viewer} language={language} onClose={() => openThread(null)} />
    </div>
  );
}
