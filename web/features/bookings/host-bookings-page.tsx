import { Building2, CalendarClock, Check, History, Inbox, KeyRound, MessageSquareReply, Star, UserRound, X } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CancelButton, MessageButton } from './booking-card.tsx';
import { Inquiries } from './inquiries.tsx';
import { BookingsLayout, useBookingsParams } from './bookings-layout.tsx';
import { useChangeBooking, useHostBookings } from './bookings-api.ts';
import { canCancel, groupHostBookings, hostTabs, isoToday } from './bookings-model.ts';
import { ConfirmChangeDialog, type PendingChange } from './confirm-change-dialog.tsx';

// The review and reply forms are their own chunks, loaded when the host first opens one.
const ReviewDialog = lazy(() => import('./review-dialog.tsx').then((module) => ({ default: module.ReviewDialog })));
const ReplyDialog = lazy(() => import('./reply-dialog.tsx').then((module) => ({ default: module.ReplyDialog })));

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
            onError: (error) => toast.error(errorText(t, error)),
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
  const { tab, openThread } = useBookingsParams(hostTabs);
  const [change, setChange] = useState<PendingChange | null>(null);
  const [reviewing, setReviewing] = useState<BookingView | null>(null);
  const [replying, setReplying] = useState<BookingView | null>(null);
  // Mounted from the first use on, so the dialogs can play their closing.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if ((reviewing || replying) && !dialogsUsed) setDialogsUsed(true);
  const query = useHostBookings(language);
  const today = isoToday();
  const groups = useMemo(() => (query.data ? groupHostBookings(query.data, today) : null), [query.data, today]);
  const state = empty[tab];

  const actionsOf = (booking: BookingView) => (
    <>
      {tab === 'requests' ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            data-testid="booking-decline"
            onClick={() => setChange({ booking, action: 'decline', viewer: 'host' })}
          >
            <X className="size-4" aria-hidden="true" />
            {t('hosting.decline')}
          </Button>
          <AcceptButton booking={booking} />
        </>
      ) : null}
      {tab === 'upcoming' && canCancel(booking, today) ? (
        <CancelButton status={booking.status} onClick={() => setChange({ booking, action: 'cancel', viewer: 'host' })} />
      ) : null}
      <MessageButton booking={booking} viewer="host" onOpen={openThread} />
      {tab === 'requests' ? (
        // What other hosts wrote about this guest, before answering.
        <LocalizedLink to={`/people/${booking.guestId}`} data-testid="booking-guest-profile" className={buttonClasses('secondary', 'sm')}>
          <UserRound className="size-4" aria-hidden="true" />
          {t('bookings.guestProfile')}
        </LocalizedLink>
      ) : null}
      {booking.status === 'completed' && booking.reviews?.windowOpen && !booking.reviews.hostReviewed ? (
        <Button size="sm" data-testid="booking-guest-review-open" onClick={() => setReviewing(booking)}>
          <Star className="size-4" aria-hidden="true" />
          {t('bookings.reviewGuest')}
        </Button>
      ) : null}
      {booking.review?.published && !booking.review.reply ? (
        <Button variant="secondary" size="sm" data-testid="booking-reply-open" onClick={() => setReplying(booking)}>
          <MessageSquareReply className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('bookings.replyToReview')}
        </Button>
      ) : null}
    </>
  );

  return (
    <BookingsLayout
      testId="page-hosting"
      icon={KeyRound}
      title={t('hosting.title')}
      subtitle={t('hosting.subtitle')}
      headerAction={
        <LocalizedLink to="/host/listings" className={buttonClasses('secondary')} data-testid="hosting-listings-link">
          <Building2 className="size-4" aria-hidden="true" />
          {t('hostListings.title')}
        </LocalizedLink>
      }
      viewer="host"
      beforeTabs={<Inquiries viewer="host" language={language} />}
      language={language}
      tabs={hostTabs}
      tabsLabel={t('hosting.tabsLabel')}
      labelOf={(name) => t(tabLabels[name])}
      groups={groups}
      query={query}
      loadingLabel={t('hosting.loading')}
      errorTitle={t('hosting.error')}
      empty={
        <EmptyState
          testId="bookings-empty"
          icon={state.icon}
          title={t(state.title)}
          text={t(state.text)}
          action={
            query.data?.length === 0 ? (
              <LocalizedLink to="/host/listings/new" className={buttonClasses('primary', 'md', 'mt-6')}>
                {t('hosting.listPlace')}
              </LocalizedLink>
            ) : null
          }
        />
      }
      actionsOf={actionsOf}
      pastTab="past"
    >
      <ConfirmChangeDialog change={change} onClose={() => setChange(null)} />
      {dialogsUsed && (
        <Suspense fallback={null}>
          <ReviewDialog booking={reviewing} side="guest" language={language} onClose={() => setReviewing(null)} />
          <ReplyDialog booking={replying} language={language} onClose={() => setReplying(null)} />
        </Suspense>
      )}
    </BookingsLayout>
  );
}
