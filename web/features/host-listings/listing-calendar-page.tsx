import { CalendarX, Lock, Unlock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatStayRange, pickRangeDay, type StayRange } from '../../components/search/date-range.ts';
import { localIsoDate, today } from '../../../core/dates.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useBlockDates, useHostListing, useListingCalendar, useUnblockDates } from './host-listings-api.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { formatPrice } from '../../../core/format.ts';
import { nightRate } from '../../../core/price-rules.ts';
import { PriceRulesPanel } from './price-rules-panel.tsx';
import { usePriceRules } from './price-rules-api.ts';
import { CalendarSyncPanel } from './calendar-sync-panel.tsx';

const RangeCalendar = lazy(() => import('../../components/search/range-calendar.tsx'));

/** /host/listings/:id/calendar: the stays ahead and the dates the host closed; pick a range to close more. */
export default function ListingCalendarPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = Number(useParams().id);
  const listing = useHostListing(Number.isInteger(id) ? id : null);
  const calendar = useListingCalendar(id);
  const onError = (error: unknown) => toast.error(errorText(t, error));
  const block = useBlockDates(id, onError);
  const unblock = useUnblockDates(id, onError);
  const [range, setRange] = useState<StayRange>({ checkIn: '', checkOut: '' });
  const wide = useMediaQuery('(min-width: 768px)');
  const priceRules = usePriceRules(id);
  const title = listing.data
    ? language === 'he'
      ? listing.data.titleHe || listing.data.titleEn
      : listing.data.titleEn || listing.data.titleHe
    : '';
  useDocumentTitle(t('hostListings.calendar.title'));

  const taken = [
    ...(calendar.data?.stays.map((stay) => [stay.checkIn, stay.checkOut] as const) ?? []),
    ...(calendar.data?.blocks.map((b) => [b.startDate, b.endDate] as const) ?? []),
    ...(calendar.data?.imported.map((b) => [b.startDate, b.endDate] as const) ?? []),
  ];
  // A night is taken from its first day up to, not including, the day the stay or block ends.
  const disabledDay = (date: Date) => {
    const day = localIsoDate(date);
    return taken.some(([from, to]) => from <= day && day < to);
  };

  // Each day from today shows the price of its night: the listing's (a week's or month's spread over its days) or its rule's.
  const priced = listing.data;
  const rules = priceRules.data?.rules;
  const firstDay = today();
  const dayNote =
    priced && rules ? (day: string) => (day < firstDay ? null : formatPrice(nightRate(priced, rules, day), language)) : undefined;

  if (listing.isError || calendar.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="page-listing-calendar">
        <p className="text-slate-700 dark:text-slate-300">{errorText(t, listing.error ?? calendar.error)}</p>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12" data-testid="page-listing-calendar">
      <LocalizedLink to="/host/listings" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        {t('hostListings.backToListings')}
      </LocalizedLink>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('hostListings.calendar.title')}</h1>
      {title ? <p className="mt-1 text-slate-600 dark:text-slate-400">{title}</p> : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card as="section" className="p-4 shadow-sm sm:p-6">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('hostListings.calendar.hint')}</p>
          <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.calendar.priceHint')}</p>
          {calendar.isPending ? (
            <LoadingState />
          ) : (
            <Suspense fallback={<LoadingState />}>
              <RangeCalendar
                checkIn={range.checkIn}
                checkOut={range.checkOut}
                onPickDay={(day) => setRange((current) => pickRangeDay(current, day))}
                numberOfMonths={wide ? 2 : 1}
                language={language}
                disabled={disabledDay}
                testId="host-calendar"
                dayNote={dayNote}
              />
            </Suspense>
          )}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200" aria-live="polite">
              {range.checkIn ? formatStayRange(range, language) : t('hostListings.calendar.pick')}
            </p>
            <Button
              disabled={!range.checkIn || !range.checkOut || block.isPending || range.checkIn < today()}
              data-testid="host-calendar-block"
              onClick={() =>
                block.mutate(
                  { startDate: range.checkIn, endDate: range.checkOut },
                  { onSuccess: () => setRange({ checkIn: '', checkOut: '' }) },
                )
              }
            >
              {block.isPending ? <Spinner className="size-4" /> : <Lock className="size-4" aria-hidden="true" />}
              {t('hostListings.calendar.block')}
            </Button>
          </div>
        </Card>
        <aside className="flex flex-col gap-6">
          <PriceRulesPanel
            listingId={id}
            propertyType={listing.data?.propertyType}
            range={range}
            onAdded={() => setRange({ checkIn: '', checkOut: '' })}
          />
          <Card as="section" aria-labelledby="calendar-blocks" className="p-5 shadow-sm">
            <h2 id="calendar-blocks" className="font-semibold text-slate-900 dark:text-white">
              {t('hostListings.calendar.blocked')}
            </h2>
            {calendar.data?.blocks.length ? (
              <ul className="mt-3 flex flex-col gap-2" data-testid="host-calendar-blocks">
                {calendar.data.blocks.map((b) => (
                  <li key={b.id} className="flex items-center justify-between gap-2 text-sm text-slate-800 dark:text-slate-200">
                    {formatStayRange({ checkIn: b.startDate, checkOut: b.endDate }, language)}
                    <Button variant="ghost" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate(b.id)}>
                      <Unlock className="size-4" aria-hidden="true" />
                      {t('hostListings.calendar.unblock')}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                <CalendarX className="size-4" aria-hidden="true" />
                {t('hostListings.calendar.noBlocks')}
              </p>
            )}
          </Card>
          <Card as="section" aria-labelledby="calendar-stays" className="p-5 shadow-sm">
            <h2 id="calendar-stays" className="font-semibold text-slate-900 dark:text-white">
              {t('hostListings.calendar.stays')}
            </h2>
            {calendar.data?.stays.length ? (
              <ul className="mt-3 flex flex-col gap-2 text-sm text-slate-800 dark:text-slate-200">
                {calendar.data.stays.map((stay) => (
                  <li key={stay.id} className="flex items-center justify-between gap-2">
                    {formatStayRange(stay, language)}
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {t(`hostListings.calendar.stayStatus.${stay.status}`)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.calendar.noStays')}</p>
            )}
            <LocalizedLink to="/host/bookings" className={buttonClasses('secondary', 'sm', 'mt-4')}>
              {t('hostListings.requests')}
            </LocalizedLink>
          </Card>
        </aside>
      </div>
      {Number.isInteger(id) ? <CalendarSyncPanel listingId={id} /> : null}
    </div>
  );
}
