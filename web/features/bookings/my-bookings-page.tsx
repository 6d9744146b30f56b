import { CalendarCheck, History, Luggage } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CancelButton, MessageButton } from './booking-card.tsx';
import { Inquiries } from './inquiries.tsx';
import { BookingsLayout, useBookingsParams } from './bookings-layout.tsx';
import { useMyBookings } from './bookings-api.ts';
import { bookingTabs, canCancel, groupBookings, isoToday } from './bookings-model.ts';
import { ConfirmChangeDialog, type PendingChange } from './confirm-change-dialog.tsx';

// The review form (react-hook-form, zod) is its own chunk, loaded when a guest first opens a review.
const ReviewDialog = lazy(() => import('./review-dialog.tsx').then((module) => ({ default: module.ReviewDialog })));

/** My Bookings: the guest's stays under Upcoming and Past; cancel, message the host, review, book again. */
export default function MyBookingsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('bookings.title'));
  const { tab, openThread } = useBookingsParams(bookingTabs);
  const [change, setChange] = useState<PendingChange | null>(null);
  const [reviewing, setReviewing] = useState<BookingView | null>(null);
  // Mounted from the first review on, so the dialog can play its closing.
  const [reviewed, setReviewed] = useState(false);
  if (reviewing && !reviewed) setReviewed(true);
  const query = useMyBookings(language);
  // Back from the card payment page (Stripe Checkout's success or cancel address).
  const [searchParams] = useSearchParams();
  const returned = searchParams.get('payment');
  const paymentNote =
    returned === 'success' || returned === 'cancelled' ? (
      <p
        role="status"
        data-testid="payment-returned"
        data-result={returned}
        className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-950/50 dark:text-brand-100"
      >
        {t(returned === 'success' ? 'payments.returned.success' : 'payments.returned.cancelled')}
      </p>
    ) : null;
  const today = isoToday();
  const groups = useMemo(() => (query.data ? groupBookings(query.data, today) : null), [query.data, today]);

  const actionsOf = (booking: BookingView) => {
    const reviewable = booking.status === 'completed' && !booking.review && booking.reviews?.windowOpen === true;
    return (
      <>
        {tab === 'upcoming' && canCancel(booking, today) ? (
          <CancelButton status={booking.status} onClick={() => setChange({ booking, action: 'cancel', viewer: 'guest' })} />
        ) : null}
        <MessageButton booking={booking} viewer="guest" onOpen={openThread} />
        <LocalizedLink to={`/property/${booking.propertyId}`} data-testid="booking-view" className={buttonClasses('secondary', 'sm')}>
          {t('bookings.viewListing')}
        </LocalizedLink>
        {reviewable ? (
          <Button size="sm" data-testid="booking-review-open" onClick={() => setReviewing(booking)}>
            {t('bookings.leaveReview')}
          </Button>
        ) : null}
        {tab === 'past' ? (
          <LocalizedLink
            to={`/property/${booking.propertyId}`}
            data-testid="booking-again"
            className={buttonClasses(reviewable ? 'secondary' : 'primary', 'sm')}
          >
            {t('bookings.bookAgain')}
          </LocalizedLink>
        ) : null}
      </>
    );
  };

  return (
    <BookingsLayout
      testId="page-my-bookings"
      icon={CalendarCheck}
      title={t('bookings.title')}
      subtitle={t('bookings.subtitle')}
      viewer="guest"
      beforeTabs={
        <>
          {paymentNote}
          <Inquiries viewer="guest" language={language} />
        </>
      }
      language={language}
      tabs={bookingTabs}
      tabsLabel={t('bookings.tabsLabel')}
      labelOf={(name) => t(name === 'upcoming' ? 'bookings.tabs.upcoming' : 'bookings.tabs.past')}
      groups={groups}
      query={query}
      loadingLabel={t('bookings.loading')}
      errorTitle={t('bookings.error.title')}
      empty={
        <EmptyState
          testId="bookings-empty"
          icon={tab === 'upcoming' ? Luggage : History}
          title={t(tab === 'upcoming' ? 'bookings.empty.upcomingTitle' : 'bookings.empty.pastTitle')}
          text={t(tab === 'upcoming' ? 'bookings.empty.upcomingText' : 'bookings.empty.pastText')}
          action={
            <LocalizedLink to="/explore" data-testid="bookings-explore" className={buttonClasses('primary', 'md', 'mt-6')}>
              {t('bookings.empty.explore')}
            </LocalizedLink>
          }
        />
      }
      actionsOf={actionsOf}
      pastTab="past"
    >
      <ConfirmChangeDialog change={change} onClose={() => setChange(null)} />
      {reviewed && (
        <Suspense fallback={null}>
          <ReviewDialog booking={reviewing} language={language} onClose={() => setReviewing(null)} />
        </Suspense>
      )}
    </BookingsLayout>
  );
}
