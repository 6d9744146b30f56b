import { X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import type { RangeCalendarProps } from '../../components/search/range-calendar.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { daysBetween } from '../../../core/dates.ts';
import { monthsShownInPicker, timings } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatStayRange } from '../../components/search/date-range.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

type CalendarComponent = ComponentType<RangeCalendarProps>;
const calendarChunk = lazyChunk(() => import('../../components/search/range-calendar.tsx'));
const loadCalendar = () => calendarChunk.load().then((module) => ({ default: module.default as CalendarComponent }));
/**
 * The calendar near the viewport (set once per visit): React.lazy fetches its chunk as soon as it is
 * rendered, hydration included, so in the browser the lazy calendar waits for this before fetching.
 * The server renders it at once (the page's HTML carries the calendar).
 */
let showCalendar: () => void = () => {};
const calendarNear = new Promise<void>((resolve) => {
  showCalendar = resolve;
});
const LazyCalendar = lazy(() => (typeof window === 'undefined' ? loadCalendar() : calendarNear.then(loadCalendar)));

/**
 * Whether the calendar's chunk has arrived. It is fetched when the calendar comes within 200 px of
 * the viewport, not with the page: the calendar (react-day-picker, the Hebrew calendar, a
 * Shabbat check per day) is the heaviest part of the page to load and draw, and on a phone it sits
 * below the photos and the description. Until then the calendar keeps the element of its first
 * render: a server-rendered calendar waits, not yet hydrated, for its chunk, and new props reaching
 * it meanwhile (the held nights arriving, the panel re-rendering) would make React drop the server's
 * calendar for the spinner and draw it again a moment later. Once loaded, the calendar is rendered
 * directly rather than through React.lazy, so hydrating it never suspends.
 */
function useCalendarLoaded(box: RefObject<HTMLElement | null>): boolean {
  const [loaded, setLoaded] = useState(calendarChunk.loaded() !== null);
  useEffect(() => {
    const element = box.current;
    if (loaded) return;
    const load = () => {
      showCalendar();
      void loadCalendar().then(() => setLoaded(true));
    };
    if (!element || typeof IntersectionObserver === 'undefined') {
      load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded, box]);
  return loaded;
}

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
  const calendarBox = useRef<HTMLDivElement>(null);
  const loaded = useCalendarLoaded(calendarBox);
  const LoadedCalendar = calendarChunk.loaded()?.default as CalendarComponent | undefined;
  const RangeCalendar = loaded && LoadedCalendar ? LoadedCalendar : LazyCalendar;
  const calendar = (
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
  );
  const [firstCalendar] = useState(calendar);
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
      <div ref={calendarBox} className="-mx-3 mt-2 flex justify-center sm:-mx-5">
        {loaded ? calendar : firstCalendar}
      </div>
    </div>
  );
}
