/**
 * One booking as a card on the guest's trips and the host's bookings pages, with the small pieces
 * both pages use (status badge, message and cancel buttons, stars) and the reviews shown on a past
 * stay. Over 300 lines on purpose: the card and its review boxes render the same booking for two
 * viewers, and splitting them would pass the whole booking and viewer through another file.
 */
import { BedDouble, CalendarDays, Clock, FileText, MapPin, MessageCircle, Receipt, Star, UserRound, Users } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { BookingStatus } from '../../../core/constants.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import { listingFallbackImage } from '../../components/listing-card/listing-card-model.ts';
import { isLeaseOption, leaseOptionKeys } from '../../components/listing-card/listing-card-model.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatDateRange } from '../../../core/format-date.ts';
import { parseDay, statusTones, stayLength, type StatusTone } from './bookings-model.ts';
import { Card } from '../../components/ui/card.tsx';
import { ResponsivePhoto } from '../../components/responsive-photo.tsx';
import { BookingPayment } from './booking-payment.tsx';
import { ArrivalDetails } from './arrival-details.tsx';
// A long stay's panels are a chunk of their own (booking-extras.tsx): the bookings pages' first load
// stays within its budget (docs/performance-rules.md).
const StayExtras = lazy(() => import('./booking-extras.tsx'));

const toneClasses: Record<StatusTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/70 dark:text-emerald-200 dark:ring-emerald-900',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/70 dark:text-amber-200 dark:ring-amber-900',
  slate: 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
  red: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950/70 dark:text-rose-200 dark:ring-rose-900',
  grey: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
};
const dotClasses: Record<StatusTone, string> = {
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  slate: 'bg-slate-500',
  red: 'bg-rose-500',
  grey: 'bg-zinc-400',
};

const statusKeys: Record<BookingStatus, `bookings.status.${BookingStatus}`> = {
  pending: 'bookings.status.pending',
  confirmed: 'bookings.status.confirmed',
  completed: 'bookings.status.completed',
  declined: 'bookings.status.declined',
  expired: 'bookings.status.expired',
  cancelled: 'bookings.status.cancelled',
};
const lengthKeys = { night: 'bookings.nights', week: 'bookings.weeks', month: 'bookings.months' } as const;

/** 'MMM dd - MMM dd, yyyy' (both ends with their year when the stay spans a new year). */
export function formatStayDates(checkIn: string, checkOut: string, language: Language): string {
  return formatDateRange(parseDay(checkIn), parseDay(checkOut), language);
}

function formatDeadline(value: string, language: Language): string {
  return formatDate(new Date(value), 'dateTime', language);
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  const tone = statusTones[status];
  return (
    <span
      data-testid="booking-status"
      data-status={status}
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset', toneClasses[tone])}
    >
      <span className={cn('size-1.5 rounded-full', dotClasses[tone])} aria-hidden="true" />
      {t(statusKeys[status])}
    </span>
  );
}

function Detail({ icon: Icon, children, testId }: { icon: typeof MapPin; children: string; testId?: string }) {
  return (
    <li className="flex items-center gap-1.5" data-testid={testId}>
      <Icon className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/** 'Message host' / 'Message guest', with the number of unread messages. */
export function MessageButton({
  booking,
  viewer,
  onOpen,
}: {
  booking: BookingView;
  viewer: 'guest' | 'host';
  onOpen: (booking: BookingView) => void;
}) {
  const { t } = useTranslation();
  const unread = booking.unreadMessages;
  return (
    <Button variant="secondary" size="sm" data-testid="booking-message" onClick={() => onOpen(booking)}>
      <MessageCircle className="size-4" aria-hidden="true" />
      {t(viewer === 'guest' ? 'bookings.messageHost' : 'bookings.messageGuest')}
      {unread > 0 ? (
        <span
          data-testid="booking-unread"
          className="min-w-5 rounded-full bg-rose-600 px-1.5 text-xs font-semibold leading-5 text-white tabular-nums"
        >
          {unread}
          <span className="sr-only"> {t('bookings.unread', { count: unread, n: unread })}</span>
        </span>
      ) : null}
    </Button>
  );
}

/** Cancel a stay before it starts (asks first); a request not yet answered is withdrawn, not cancelled. */
export function CancelButton({ status, onClick }: { status: BookingView['status']; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      data-testid="booking-cancel"
      onClick={onClick}
      className="text-rose-700 hover:bg-rose-50 hover:text-rose-800 dark:text-rose-300 dark:hover:bg-rose-950/60 dark:hover:text-rose-200"
    >
      {t(status === 'pending' ? 'bookings.withdraw' : 'bookings.cancel')}
    </Button>
  );
}

/** Five stars, `rating` of them filled. */
export function RatingStars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((stars) => (
        <Star
          key={stars}
          aria-hidden="true"
          className={cn('size-4', stars <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300 dark:text-slate-600')}
        />
      ))}
    </span>
  );
}

interface BookingCardProps {
  booking: BookingView;
  language: Language;
  /** Whose list it is: the guest's My Bookings or the host's requests. */
  viewer: 'guest' | 'host';
  past: boolean;
  /** The buttons for what can be done with it. */
  actions: ReactNode;
}

/** One stay: photo, title, place, dates, length, guests, total, the other person, status and what can be done with it. */
export function BookingCard({ booking, language, viewer, past, actions }: BookingCardProps) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const length = stayLength(booking);
  const href = `/property/${booking.propertyId}`;
  const lease = booking.propertyType === 'rental' && booking.leaseOption ? booking.leaseOption : null;
  const leaseText = lease ? (isLeaseOption(lease) ? t(`listing.lease.${leaseOptionKeys[lease]}`) : lease) : null;

  return (
    <Card
      as="article"
      data-testid="booking-card"
      data-id={booking.id}
      data-status={booking.status}
      data-check-in={booking.checkIn}
      className="group flex flex-col overflow-hidden shadow-sm transition-shadow hover:shadow-md sm:flex-row"
    >
      <LocalizedLink
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-[16/9] shrink-0 overflow-hidden bg-slate-100 sm:aspect-auto sm:w-56 md:w-64 dark:bg-slate-800"
      >
        <ResponsivePhoto
          photo={imageFailed ? null : (booking.photo ?? (booking.photoUrl ? { url: booking.photoUrl, width: null, height: null } : null))}
          fallbackSrc={listingFallbackImage}
          fallbackWidth={800}
          fallbackHeight={450}
          // Full width above the details on phones, a 14–16rem column beside them from 640 px.
          sizes="(min-width: 768px) 256px, (min-width: 640px) 224px, 100vw"
          alt=""
          onError={() => setImageFailed(true)}
          className={cn(
            'size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] sm:absolute sm:inset-0',
            past && booking.status !== 'completed' && 'opacity-80 grayscale-[35%]',
          )}
        />
      </LocalizedLink>

      <div className="flex min-w-0 flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold leading-snug text-slate-900 dark:text-white">
              <LocalizedLink
                to={href}
                dir="auto"
                data-testid="booking-title"
                className="rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:text-brand-300"
              >
                {booking.propertyTitle}
              </LocalizedLink>
            </h3>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
              <MapPin className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
              <span dir="auto">{booking.location}</span>
            </p>
          </div>
          <StatusBadge status={booking.status} />
        </div>

        {booking.status === 'pending' && booking.expiresAt && !past ? (
          <p
            data-testid="booking-pending-note"
            className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
          >
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {t(viewer === 'guest' ? 'bookings.pendingUntil' : 'bookings.answerBy', { time: formatDeadline(booking.expiresAt, language) })}
            </span>
          </p>
        ) : null}

        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
          <Detail icon={CalendarDays} testId="booking-dates">
            {formatStayDates(booking.checkIn, booking.checkOut, language)}
          </Detail>
          <Detail icon={Clock} testId="booking-length">
            {t(lengthKeys[length.unit], { count: length.count, n: length.count })}
          </Detail>
          {booking.propertyType === 'hotel' ? (
            <Detail icon={BedDouble} testId="booking-rooms">
              {t('bookings.rooms', { count: booking.rooms, n: booking.rooms })}
            </Detail>
          ) : null}
          <Detail icon={Users} testId="booking-guests">
            {/* Older answers (and caches of them) carry no ages. */}
            {t('bookings.guests', { count: booking.guests, n: booking.guests }) +
              (booking.childAges?.length ? ` (${t('bookings.childAges', { ages: booking.childAges.join(', ') })})` : '')}
          </Detail>
          {leaseText ? (
            <Detail icon={FileText} testId="booking-lease">
              {t('bookings.lease', { lease: leaseText })}
            </Detail>
          ) : null}
          {viewer === 'guest' && booking.hostFirstName ? (
            <Detail icon={UserRound} testId="booking-host">
              {t('bookings.hostedBy', { name: booking.hostFirstName })}
            </Detail>
          ) : null}
          {viewer === 'host' && booking.guestFirstName ? (
            <Detail icon={UserRound} testId="booking-guest">
              {t('bookings.guestName', { name: booking.guestFirstName })}
            </Detail>
          ) : null}
        </ul>

        {/* Older answers (and caches of them) carry no money. */}
        {booking.money ? <BookingPayment booking={booking} viewer={viewer} language={language} /> : null}

        {/* Only the guest of a confirmed stay: the server refuses it to anyone else (decision 046). */}
        {viewer === 'guest' && booking.status === 'confirmed' ? <ArrivalDetails bookingId={booking.id} language={language} /> : null}
        {/* A long stay's schedule, changing a stay, its agreement and move-in protection (decisions 054-058). */}
        <Suspense fallback={null}>
          <StayExtras booking={booking} viewer={viewer} language={language} />
        </Suspense>

        <StayReviews booking={booking} viewer={viewer} language={language} />

        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('bookings.total')}{' '}
            <span data-testid="booking-total" className="ms-1 text-lg font-semibold text-slate-900 dark:text-white">
              {formatPrice(booking.total, language)}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {/* A confirmed stay has a numbered receipt (also once cancelled: it shows the refund). */}
            {booking.money?.receiptNumber != null ? (
              <LocalizedLink
                to={`/my-bookings/${booking.id}/receipt`}
                className={buttonClasses('secondary', 'sm')}
                data-testid="booking-receipt"
              >
                <Receipt className="size-4" aria-hidden="true" />
                {t('receipts.open')}
              </LocalizedLink>
            ) : null}
            {actions}
          </div>
        </div>
      </div>
    </Card>
  );
}

/**
 * A completed stay's two reviews as one side sees them (the server leaves out the other side's
 * until published): the guest's of the stay with the host's reply, the host's of the guest, and,
 * while the other side's is hidden, a note that it waits for this side's review or the window's end.
 */
function StayReviews({ booking, viewer, language }: { booking: BookingView; viewer: 'guest' | 'host'; language: Language }) {
  const { t } = useTranslation();
  const other = viewer === 'guest' ? booking.hostFirstName : booking.guestFirstName;
  const windowEnd = booking.reviews ? formatDate(new Date(booking.reviews.windowEndsAt), 'date', language) : '';
  const hiddenNote = (published: boolean) =>
    published ? null : (
      <p data-testid="review-hidden" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('review.hiddenUntil', { name: other, date: windowEnd })}
      </p>
    );
  const otherWaiting =
    booking.reviews &&
    booking.reviews.windowOpen &&
    (viewer === 'guest' ? booking.reviews.hostReviewed && !booking.guestReview : booking.reviews.guestReviewed && !booking.review);
  return (
    <>
      {booking.review ? (
        <ReviewBox
          testId="booking-review"
          rating={booking.review.rating}
          published={booking.review.published}
          title={t(viewer === 'guest' ? 'bookings.yourRating' : 'bookings.guestRating')}
          body={booking.review.body}
          note={viewer === 'guest' ? hiddenNote(booking.review.published) : null}
        >
          {booking.review.reply ? (
            <p
              data-testid="booking-review-reply"
              className="mt-2 border-s-2 border-slate-300 ps-3 text-slate-600 dark:border-slate-600 dark:text-slate-400"
            >
              <span className="font-medium text-slate-800 dark:text-slate-200">
                {t('bookings.reviewReply', { name: booking.hostFirstName })}:{' '}
              </span>
              <span dir="auto">{booking.review.reply.body}</span>
            </p>
          ) : null}
        </ReviewBox>
      ) : null}
      {booking.guestReview ? (
        <ReviewBox
          testId="booking-guest-review"
          rating={booking.guestReview.rating}
          published={booking.guestReview.published}
          title={
            viewer === 'host'
              ? t('bookings.yourReviewOfGuest', { name: booking.guestFirstName })
              : t('bookings.hostReviewOfYou', { name: booking.hostFirstName })
          }
          body={booking.guestReview.body}
          note={viewer === 'host' ? hiddenNote(booking.guestReview.published) : null}
        />
      ) : null}
      {otherWaiting ? (
        <p
          data-testid="review-waiting"
          className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-950/50 dark:text-brand-100"
        >
          {t('bookings.otherReviewed', { name: other, date: windowEnd })}
        </p>
      ) : null}
    </>
  );
}

export function BookingCardSkeleton() {
  return (
    <Card aria-hidden="true" className="flex animate-pulse flex-col overflow-hidden sm:flex-row">
      <div className="aspect-[16/9] bg-slate-200 sm:aspect-auto sm:h-52 sm:w-56 md:w-64 dark:bg-slate-800" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-5 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="mt-2 h-4 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="mt-auto h-9 w-1/2 self-end rounded-xl bg-slate-200 dark:bg-slate-800" />
      </div>
    </Card>
  );
}

/** One review on a booking card: who wrote it about whom, its stars and text, and what follows it. */
function ReviewBox({
  testId,
  rating,
  published,
  title,
  body,
  note,
  children,
}: {
  testId: string;
  rating: number;
  published: boolean;
  title: ReactNode;
  body: string;
  note: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid={testId}
      data-rating={rating}
      data-published={published}
      className="rounded-xl bg-slate-50 px-3 py-2.5 text-sm dark:bg-slate-800/60"
    >
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-800 dark:text-slate-200">
        {title}
        <RatingStars rating={rating} label={t('bookings.stars', { count: rating, n: rating })} />
      </p>
      <p dir="auto" className="mt-1 line-clamp-3 text-slate-600 dark:text-slate-400">
        {body}
      </p>
      {note}
      {children}
    </div>
  );
}
