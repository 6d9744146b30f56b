import * as Dialog from '@radix-ui/react-dialog';
import { AlertTriangle, CalendarCheck, History, Luggage } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatNumber } from '../../../core/format.ts';
import type { BookingView } from '../../../core/listing-types.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BookingCard, BookingCardSkeleton, formatStayDates } from './booking-card.tsx';
import { useCancelBooking, useMyBookings } from './bookings-api.ts';
import { bookingTabs, canCancel, groupBookings, isoToday, type BookingTab } from './bookings-model.ts';

function EmptyState({ tab }: { tab: BookingTab }) {
  const { t } = useTranslation();
  const Icon = tab === 'upcoming' ? Luggage : History;
  return (
    <div
      data-testid="bookings-empty"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900/60"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950/70 dark:text-brand-300">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
        {t(tab === 'upcoming' ? 'bookings.empty.upcomingTitle' : 'bookings.empty.pastTitle')}
      </h2>
      <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {t(tab === 'upcoming' ? 'bookings.empty.upcomingText' : 'bookings.empty.pastText')}
      </p>
      <LocalizedLink to="/explore" data-testid="bookings-explore" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('bookings.empty.explore')}
      </LocalizedLink>
    </div>
  );
}

function CancelDialog({ booking, onClose }: { booking: BookingView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { dir, language } = useLanguage();
  const cancel = useCancelBooking();
  // Keep the last booking while the dialog fades out.
  const shown = useRef<BookingView | null>(null);
  if (booking) shown.current = booking;
  const target = booking ?? shown.current;

  const confirm = () => {
    if (!booking) return;
    cancel.mutate(booking.id, {
      onSuccess: () => {
        toast.success(t('bookings.cancelled'));
        onClose();
      },
      onError: (error) => {
        toast.error(t(errorMessageKey(error)));
        onClose();
      },
    });
  };

  return (
    <Dialog.Root open={booking !== null} onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          dir={dir}
          data-testid="cancel-dialog"
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t('bookings.cancelDialog.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
            {target
              ? t('bookings.cancelDialog.text', {
                  title: target.propertyTitle,
                  dates: formatStayDates(target.checkIn, target.checkOut, language),
                })
              : null}
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={cancel.isPending} data-testid="cancel-keep">
                {t('bookings.cancelDialog.keep')}
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={confirm} disabled={cancel.isPending} data-testid="cancel-confirm">
              {cancel.isPending ? (
                <>
                  <Spinner className="size-4" />
                  {t('bookings.cancelDialog.cancelling')}
                </>
              ) : (
                t('bookings.cancelDialog.confirm')
              )}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** My Bookings (spec §2): the guest's stays under Upcoming and Past, with cancelling before a stay starts. */
export default function MyBookingsPage() {
  const { t } = useTranslation();
  const { language, dir } = useLanguage();
  useDocumentTitle(t('bookings.title'));
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab: BookingTab = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const [cancelling, setCancelling] = useState<BookingView | null>(null);
  const tabRefs = useRef<Record<BookingTab, HTMLButtonElement | null>>({ upcoming: null, past: null });

  const query = useMyBookings(language);
  const today = isoToday();
  const groups = useMemo(() => (query.data ? groupBookings(query.data, today) : null), [query.data, today]);

  const select = (next: BookingTab) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'upcoming') nextParams.delete('tab');
    else nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = bookingTabs.indexOf(tab);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: BookingTab | undefined;
    if (event.key === forward) next = bookingTabs[(index + 1) % bookingTabs.length];
    else if (event.key === backward) next = bookingTabs[(index - 1 + bookingTabs.length) % bookingTabs.length];
    else if (event.key === 'Home') next = bookingTabs[0];
    else if (event.key === 'End') next = bookingTabs[bookingTabs.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next);
    tabRefs.current[next]?.focus();
  };

  const list = groups ? groups[tab] : [];

  let panel;
  if (query.isPending) {
    panel = (
      <div data-testid="bookings-loading" aria-busy="true" className="space-y-4">
        <span className="sr-only" role="status">
          {t('bookings.loading')}
        </span>
        {[0, 1, 2].map((index) => (
          <BookingCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (query.isError) {
    panel = (
      <div
        data-testid="bookings-error"
        role="alert"
        className="flex flex-col items-center rounded-2xl border border-rose-200 bg-rose-50 px-6 py-12 text-center dark:border-rose-900 dark:bg-rose-950/40"
      >
        <AlertTriangle className="size-8 text-rose-600 dark:text-rose-300" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{t('bookings.error.title')}</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(errorMessageKey(query.error))}</p>
        <Button variant="secondary" className="mt-5" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="bookings-retry">
          {query.isFetching ? <Spinner className="size-4" /> : null}
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else if (list.length === 0) {
    panel = <EmptyState tab={tab} />;
  } else {
    panel = (
      <ul className="space-y-4" data-testid="bookings-list">
        {list.map((booking) => (
          <li key={booking.id}>
            <BookingCard
              booking={booking}
              language={language}
              past={tab === 'past'}
              cancellable={tab === 'upcoming' && canCancel(booking, today)}
              onCancel={setCancelling}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div data-testid="page-my-bookings" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:flex dark:bg-brand-950/70 dark:text-brand-300">
          <CalendarCheck className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{t('bookings.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('bookings.subtitle')}</p>
        </div>
      </header>

      <div
        role="tablist"
        aria-label={t('bookings.tabsLabel')}
        className="mt-8 inline-flex w-full gap-1 rounded-2xl bg-slate-100 p-1 sm:w-auto dark:bg-slate-800/70"
      >
        {bookingTabs.map((name) => {
          const selected = name === tab;
          const count = groups ? groups[name].length : null;
          return (
            <button
              key={name}
              ref={(node) => {
                tabRefs.current[name] = node;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              data-testid={`bookings-tab-${name}`}
              onClick={() => select(name)}
              onKeyDown={onTabKey}
              className={cn(
                'inline-flex flex-1 items-center justify-center gap-2 rounded-xl px-5 py-2 text-sm font-semibold transition-colors sm:flex-none',
                'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-100 dark:focus-visible:ring-offset-slate-900',
                selected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {t(name === 'upcoming' ? 'bookings.tabs.upcoming' : 'bookings.tabs.past')}
              {count !== null ? (
                <span
                  data-testid={`bookings-count-${name}`}
                  className={cn(
                    'min-w-6 rounded-full px-1.5 py-0.5 text-xs tabular-nums',
                    selected
                      ? 'bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950'
                      : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
                  )}
                >
                  {formatNumber(count, language)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

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

      <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
