import { CalendarCheck, History, Luggage } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BookingView } from '../../../core/listing-types.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BookingCard, MessageButton } from './booking-card.tsx';
import { BookingsEmpty, BookingsError, BookingsHeader, BookingsLoading } from './booking-list-states.tsx';
import { BookingTabs } from './booking-tabs.tsx';
import { useMyBookings } from './bookings-api.ts';
import { ConfirmChangeDialog, type PendingChange } from './confirm-change-dialog.tsx';
import { MessageThreadDialog } from './message-thread-dialog.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { bookingTabs, canCancel, groupBookings, isoToday, type BookingTab } from './bookings-model.ts';

/** My Bookings (spec §2): the guest's stays under Upcoming and Past, with cancelling before a stay starts. */
export default function MyBookingsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('bookings.title'));
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab: BookingTab = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const [change, setChange] = useState<PendingChange | null>(null);
  const [reviewing, setReviewing] = useState<BookingView | null>(null);
  // The open thread is in the URL, so the link in a message e-mail opens it.
  const threadId = params.get('thread');
  const openThread = (booking: BookingView | null) => {
    const nextParams = new URLSearchParams(params);
    if (booking) nextParams.set('thread', booking.id);
    else nextParams.delete('thread');
    setParams(nextParams, { replace: true });
  };

  const query = useMyBookings(language);
  const today = isoToday();
  const groups = useMemo(() => (query.data ? groupBookings(query.data, today) : null), [query.data, today]);

  const select = (next: BookingTab) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'upcoming') nextParams.delete('tab');
    else nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };

  const list = groups ? groups[tab] : [];
  const thread = (threadId && query.data?.find((booking) => booking.id === threadId)) || null;

  let panel;
  if (query.isPending) {
    panel = <BookingsLoading label={t('bookings.loading')} />;
  } else if (query.isError) {
    panel = <BookingsError title={t('bookings.error.title')} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (list.length === 0) {
    panel = (
      <BookingsEmpty
        icon={tab === 'upcoming' ? Luggage : History}
        title={t(tab === 'upcoming' ? 'bookings.empty.upcomingTitle' : 'bookings.empty.pastTitle')}
        text={t(tab === 'upcoming' ? 'bookings.empty.upcomingText' : 'bookings.empty.pastText')}
        action={
          <LocalizedLink to="/explore" data-testid="bookings-explore" className={buttonClasses('primary', 'md', 'mt-6')}>
            {t('bookings.empty.explore')}
          </LocalizedLink>
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
              viewer="guest"
              past={tab === 'past'}
              actions={
                <>
                  {tab === 'upcoming' && canCancel(booking, today) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      data-testid="booking-cancel"
                      onClick={() => setChange({ booking, action: 'cancel', viewer: 'guest' })}
                      className="text-rose-700 hover:bg-rose-50 hover:text-rose-800 dark:text-rose-300 dark:hover:bg-rose-950/60 dark:hover:text-rose-200"
                    >
                      {t('bookings.cancel')}
                    </Button>
                  ) : null}
                  <MessageButton booking={booking} viewer="guest" onOpen={openThread} />
                  <LocalizedLink to={`/property/${booking.propertyId}`} data-testid="booking-view" className={buttonClasses('secondary', 'sm')}>
                    {t('bookings.viewListing')}
                  </LocalizedLink>
                  {booking.status === 'completed' && !booking.review ? (
                    <Button size="sm" data-testid="booking-review-open" onClick={() => setReviewing(booking)}>
                      {t('bookings.leaveReview')}
                    </Button>
                  ) : null}
                  {tab === 'past' ? (
                    <LocalizedLink
                      to={`/property/${booking.propertyId}`}
                      data-testid="booking-again"
                      className={buttonClasses(booking.status === 'completed' && !booking.review ? 'secondary' : 'primary', 'sm')}
                    >
                      {t('bookings.bookAgain')}
                    </LocalizedLink>
                  ) : null}
                </>
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div data-testid="page-my-bookings" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BookingsHeader icon={CalendarCheck} title={t('bookings.title')} subtitle={t('bookings.subtitle')} />

      <BookingTabs
        id={id}
        label={t('bookings.tabsLabel')}
        tabs={bookingTabs}
        selected={tab}
        labelOf={(name) => t(name === 'upcoming' ? 'bookings.tabs.upcoming' : 'bookings.tabs.past')}
        counts={groups ? { upcoming: groups.upcoming.length, past: groups.past.length } : null}
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
      <ReviewDialog booking={reviewing} language={language} onClose={() => setReviewing(null)} />
      <MessageThreadDialog booking={thread} viewer="guest" language={language} onClose={() => openThread(null)} />
    </div>
  );
}
