import { X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { daysBetween } from '../../../core/booking-rules.ts';
import { monthsShownInPicker, timings } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatStayRange } from '../../components/search/date-range.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';

const RangeCalendar = lazy(() => import('../../components/search/range-calendar.tsx'));

/** The panel's dates: the chosen range and what to pick next (read as it changes), a way to clear them, and the calendar. */
export function BookingDates({
  stay,
  onPickDay,
  onClear,
  disabled,
  initialMonth,
  shabbat,
}: {
  stay: { checkIn: string; checkOut: string };
  onPickDay: (day: string) => void;
  onClear: () => void;
  disabled: (date: Date) => boolean;
  initialMonth: string | undefined;
  /** The listing keeps Shabbat: its check-in time and city (the calendar disables the days it refuses). */
  shabbat?: { checkInTime: string; city: { slug: string; latitude: number; longitude: number } };
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const wide = useMediaQuery(`(min-width: ${timings.mobileBreakpointPx}px)`);
  const nights = stay.checkIn && stay.checkOut ? daysBetween(stay.checkIn, stay.checkOut) : 0;
  const status = !stay.checkIn
    ? t('search.dates.pickStart')
    : !stay.checkOut
      ? t('search.dates.pickEnd')
      : t('search.dates.nights', { count: nights });
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('property.booking.datesLabel')}</h3>
        {(stay.checkIn || stay.checkOut) && (
          <button
            type="button"
            onClick={onClear}
            data-testid="booking-clear-dates"
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X className="size-3.5" aria-hidden="true" />
            {t('search.dates.clear')}
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="booking-dates">
        {stay.checkIn ? <span className="font-semibold text-slate-900 dark:text-white">{formatStayRange(stay, language)}</span> : null}
        {stay.checkIn ? ' · ' : null}
        {status}
      </p>
      <div className="-mx-3 mt-2 flex justify-center sm:-mx-5">
        <Suspense
          fallback={
            <div className="flex h-80 w-full items-center justify-center text-brand-700 dark:text-brand-300">
              <Spinner />
            </div>
          }
        >
          <RangeCalendar
            checkIn={stay.checkIn}
            checkOut={stay.checkOut}
            onPickDay={onPickDay}
            numberOfMonths={wide ? monthsShownInPicker : 1}
            language={language}
            testId="booking-calendar"
            disabled={disabled}
            initialMonth={initialMonth}
            autoFocus={false}
            shabbat={shabbat}
          />
        </Suspense>
      </div>
    </div>
  );
}
