import { CalendarClock, Check, History, Inbox, KeyRound, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { BookingView } from '../../../core/listing-types.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BookingCard, MessageButton } from './booking-card.tsx';
import { BookingsEmpty, BookingsError, BookingsHeader, BookingsLoading } from './booking-list-states.tsx';
import { BookingTabs } from './booking-tabs.tsx';
import { useChangeBooking, useHostBookings } from './bookings-api.ts';
import { canCancel, groupHostBookings, hostTabs, isoToday, type HostTab } from './bookings-model.ts';
import { ConfirmChangeDialog, type PendingChange } from './confirm-change-dialog.tsx';
import { MessageThreadDialog } from './message-thread-dialog.tsx';

const tabLabels = { requests: 'hosting.tabs.requests', upcoming: 'hosting.tabs.upcoming', past: 'hosting.tabs.past' } as const;
const empty = {
  requests: { icon: Inbox, title: 'hosting.empty.requestsTitle', text: 'hosting.empty.requestsText' },
  upcoming: { icon: CalendarClock, title: 'hosting.empty.upcomingTitle', text: 'hosting.empty.upcomingText' },
  past: { icon: History, title: 'hosting.empty.pastTitle', text: 'hosting.empty.pastText' },
} as const;

function AcceptButton({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const accept = useChangeBooking();
  return (
    <Button
      size="sm"
      data-testid="booking-accept"
      disabled={accept.isPending}
      onClick={() =>
        accept.mutate(
          { id: booking.id, action: 'accept' },
          {
            onSuccess: () => toast.success(t('hosting.accepted', { name: booking.guestFirstName })),
            onError: (error) => toast.error(t(errorMessageKey(error))),
          },
        )
      }
    >
      {accept.isPending ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden="true" />}
      {t('hosting.accept')}
    </Button>
  );
}

/** Hosting: requests for the host's listings to accept or decline, and their stays ahead and behind. */
export default function HostBookingsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('hosting.title'));
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: HostTab = tabParam === 'upcoming' || tabParam === 'past' ? tabParam : 'requests';
  const [change, setChange] = useState<PendingChange | null>(null);

  const query = useHostBookings(language);
  const today = isoToday();
  const groups = useMemo(() => (query.data ? groupHostBookings(query.data, today) : null), [query.data, today]);
  const list = groups ? groups[tab] : [];
  const threadId = params.get('thread');
  const thread = (threadId && query.data?.find((booking) => booking.id === threadId)) || null;

  const setParam = (name: string, value: string | null) => {
    const nextParams = new URLSearchParams(params);
    if (value === null) nextParams.delete(name);
    else nextParams.set(name, value);
    setParams(nextParams, { replace: true });
  };
  const select = (next: HostTab) => setParam('tab', next === 'requests' ? null : next);
  const openThread = (booking: BookingView | null) => setParam('thread', booking?.id ?? null);

  let panel;
  if (query.isPending) {
    panel = <BookingsLoading label={t('hosting.loading')} />;
  } else if (query.isError) {
    panel = <BookingsError title={t('hosting.error')} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (list.length === 0) {
    const state = empty[tab];
    panel = (
      <BookingsEmpty
        icon={state.icon}
        title={t(state.title)}
        text={t(state.text)}
        action={
          query.data.length === 0 ? (
            <LocalizedLink to="/become-host" className={buttonClasses('primary', 'md', 'mt-6')}>
              {t('hosting.listPlace')}
            </LocalizedLink>
          ) : null
        }
      />
    );
  } else {
    panel = (
      <ul className="space-y-4" data-testid="bookings-list">
        {list.map((booking) => (
          <li key={booking.id}>
            <BookingCard
              booking={booking}
              language={language}
              viewer="host"
              past={tab === 'past'}
              actions={
                <>
                  {tab === 'requests' ? (
                    <>
                      <Button variant="secondary" size="sm" data-testid="booking-decline" onClick={() => setChange({ booking, action: 'decline', viewer: 'host' })}>
                        <X className="size-4" aria-hidden="true" />
                        {t('hosting.decline')}
                      </Button>
                      <AcceptButton booking={booking} />
                    </>
                  ) : null}
                  {tab === 'upcoming' && canCancel(booking, today) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      data-testid="booking-cancel"
                      onClick={() => setChange({ booking, action: 'cancel', viewer: 'host' })}
                      className="text-rose-700 hover:bg-rose-50 hover:text-rose-800 dark:text-rose-300 dark:hover:bg-rose-950/60 dark:hover:text-rose-200"
                    >
                      {t('bookings.cancel')}
                    </Button>
                  ) : null}
                  <MessageButton booking={booking} viewer="host" onOpen={openThread} />
                </>
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div data-testid="page-hosting" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BookingsHeader icon={KeyRound} title={t('hosting.title')} subtitle={t('hosting.subtitle')} />
      <BookingTabs
        id={id}
        label={t('hosting.tabsLabel')}
        tabs={hostTabs}
        selected={tab}
        labelOf={(name) => t(tabLabels[name])}
        counts={groups ? { requests: groups.requests.length, upcoming: groups.upcoming.length, past: groups.past.length } : null}
        onSelect={select}
      />
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
      <ConfirmChangeDialog change={change} onClose={() => setChange(null)} />
      <MessageThreadDialog booking={thread} viewer="host" language={language} onClose={() => openThread(null)} />
    </div>
  );
}
