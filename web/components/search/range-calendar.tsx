/**
 * The date-range calendar (react-day-picker) used by search and the booking panel, with the day
 * button, the month caption (Hebrew months on Hebrew pages) and day notes (holidays, Hebrew dates,
 * why a day is refused). Over 300 lines on purpose: react-day-picker takes these as components it
 * renders itself, and they share the calendar's contexts declared here.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { DayPicker, type DayButtonProps, type DayProps, type Matcher, type MonthCaptionProps } from 'react-day-picker';
import { enUS, he } from 'react-day-picker/locale';
import { addMonths, endOfMonth, format, startOfMonth } from 'date-fns';
import { enUS as dateFnsEnUS } from 'date-fns/locale';
import { weekStartsOn } from '../../../core/constants.ts';
import { addDaysIso, horizonOf, localIsoDate } from '../../../core/dates.ts';
import {
  hebrewDate,
  hebrewDayOfMonth,
  hebrewMonthRange,
  holidaySpans,
  israeliHolidays,
  type Holiday,
} from '../../../core/hebrew-calendar.ts';
import type { Language } from '../../../core/languages.ts';
import { candleLightingTime, checkInProblem, checkOutProblem, type ShabbatPlace } from '../../../core/shabbat-rules.ts';
import { cn } from '../../lib/cn.ts';
import { formatDaySpan, fromIsoDate } from './date-range.ts';

export interface RangeCalendarProps {
  checkIn: string;
  checkOut: string;
  /** A day was clicked (yyyy-MM-dd); the caller decides what it does to the range. */
  onPickDay(day: string): void;
  numberOfMonths: number;
  language: Language;
  testId?: string;
  /** Days disabled on top of the past ones (e.g. a listing's booked nights). */
  disabled?: Matcher | Matcher[];
  /** The month shown first when no future start is selected (yyyy-MM-dd); today's month by default. */
  initialMonth?: string;
  /** Focus the selected day (or today) on mount: true in pop-ups, false when the calendar sits in a page. */
  autoFocus?: boolean;
  /**
   * A listing that keeps Shabbat (core/shabbat-rules.ts): the days it refuses for the end being
   * picked (arrival first, then departure) are disabled, the reason in the day's label and title.
   */
  shabbat?: { checkInTime: string; city: ShabbatPlace };
  /** A short line under a day's number (e.g. the host's price of the night); the cells grow to hold it. */
  dayNote?: (day: string) => string | null;
}

/** The dayNote of the calendar a DayButton is in (react-day-picker renders DayButton itself). */
const DayNoteContext = createContext<RangeCalendarProps['dayNote']>(undefined);

/** What a day of the calendar says besides its number: its holidays, Hebrew date and why it is refused. */
interface DayNote {
  holidays: Holiday[];
  /** The Hebrew day of the month (Hebrew pages only). */
  hebrewDay: string | null;
  /** The whole Hebrew date ('כ״א כסלו תשפ״ז'), for the day's accessible name on Hebrew pages. */
  hebrewDate: string | null;
  /** Why a listing that keeps Shabbat refuses the day for the end being picked. */
  refusal: string | null;
}

const noNote: DayNote = { holidays: [], hebrewDay: null, hebrewDate: null, refusal: null };
const DayNotes = createContext<ReadonlyMap<string, DayNote>>(new Map());
const HebrewCaptions = createContext<Language | null>(null);

/**
 * A day's cell without react-day-picker's role="gridcell": a td of a role="grid" table is a grid
 * cell already, and HTML forbids the role on it (the Nu HTML Checker counted 84 per page).
 */
function Day({ day: _day, modifiers: _modifiers, role: _role, ...props }: DayProps) {
  return <td {...props} />;
}

/** A day: a round button, the stay's ends filled with the brand colour, days between on a light band. */
function DayButton({ day, modifiers, className, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // As react-day-picker's own button: keyboard focus follows the focused day.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const end = modifiers.range_start || modifiers.range_end;
  const iso = localIsoDate(day.date);
  const note = use(DayNotes).get(iso) ?? noNote;
  const holidayNames = note.holidays.map((holiday) => holiday.name);
  const extra = [...holidayNames, ...(note.refusal ? [note.refusal] : [])];
  const { 'aria-label': dayLabel, ...buttonProps } = props;
  const label = [dayLabel, note.hebrewDate, ...extra].filter(Boolean).join(', ');
  const priceNote = use(DayNoteContext)?.(iso);
  const button = (
    <button
      ref={ref}
      {...buttonProps}
      // With the Hebrew day in small print the name comes from hidden text, not aria-label: a label
      // must contain a button's visible text (axe label-content-name-mismatch), and the two numbers
      // side by side are in no sentence. The visible numbers are hidden from the name instead.
      aria-label={note.hebrewDay ? undefined : label}
      title={extra.length ? extra.join(' · ') : undefined}
      data-iso={iso}
      data-holiday={holidayNames.length ? holidayNames.join(', ') : undefined}
      data-refusal={note.refusal ?? undefined}
      className={cn(
        className,
        'relative flex size-10 flex-col items-center justify-center rounded-full text-sm leading-none tabular-nums transition-colors',
        'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-900',
        modifiers.disabled
          ? 'cursor-not-allowed text-slate-300 line-through decoration-slate-300/70 dark:text-slate-600 dark:decoration-slate-600/70'
          : end
            ? 'bg-brand-700 font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300'
            : modifiers.range_middle
              ? 'text-brand-950 hover:bg-brand-200 dark:text-brand-50 dark:hover:bg-brand-800'
              : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
        modifiers.today && !end && !modifiers.disabled && 'font-bold text-brand-700 dark:text-brand-300',
      )}
    >
      {note.hebrewDay ? <span aria-hidden="true">{props.children}</span> : props.children}
      {note.hebrewDay && <span className="sr-only">{label}</span>}
      {note.hebrewDay && (
        // Faded only on plain days: white on a range end's fill at three quarters fails the contrast minimum.
        <span aria-hidden="true" data-hebrew-day className={cn('mt-0.5 text-[0.6rem] leading-none font-normal', !end && 'opacity-75')}>
          {note.hebrewDay}
        </span>
      )}
      {holidayNames.length > 0 && (
        <span
          aria-hidden="true"
          data-holiday-mark
          className={cn(
            'absolute top-1 end-1 size-1.5 rounded-full',
            note.holidays.some((holiday) => holiday.kind === 'yom-tov') ? 'bg-amber-600 dark:bg-amber-400' : 'bg-sky-600 dark:bg-sky-400',
          )}
        />
      )}
      {modifiers.today && !note.hebrewDay && <span aria-hidden="true" className="absolute bottom-1.5 size-1 rounded-full bg-current" />}
    </button>
  );
  if (!priceNote) return button;
  // Under the button, not in it: the button's name stays its date (the page lists what makes the prices).
  return (
    <span className="flex flex-col items-center">
      {button}
      <span
        aria-hidden="true"
        className="text-[10px] leading-tight whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400"
        data-testid="day-note"
      >
        {priceNote}
      </span>
    </span>
  );
}

/** The month's name and, on Hebrew pages, the Hebrew months it spans ('חשון–כסלו תשפ״ז'). */
function MonthCaption({ calendarMonth, displayIndex: _index, children, ...props }: MonthCaptionProps) {
  const language = use(HebrewCaptions);
  const month = calendarMonth.date;
  return (
    <div {...props}>
      {children}
      {language && (
        <span className="text-xs font-normal text-slate-600 dark:text-slate-400" data-testid="hebrew-month-range">
          {hebrewMonthRange(localIsoDate(startOfMonth(month)), localIsoDate(endOfMonth(month)), language)}
        </span>
      )}
    </div>
  );
}

/**
 * English day labels as 'Sunday, November 1, 2026' (react-day-picker says 'November 1st'): the label
 * contains the day's visible number, as screen-reader and voice-control users expect (axe
 * label-content-name-mismatch). Hebrew labels ('יום ראשון, 1 בנובמבר 2026') already do.
 */
function englishDayLabel(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  let label = format(date, 'EEEE, MMMM d, yyyy', { locale: dateFnsEnUS });
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.selected) label = `${label}, selected`;
  return label;
}

function Chevron({ orientation, className }: { orientation?: 'up' | 'down' | 'left' | 'right'; className?: string }) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-5 rtl:-scale-x-100', className)} aria-hidden="true" />;
}

/**
 * The range calendar of the date-range picker: weeks start on Sunday, past days disabled,
 * Hebrew month and day names (right to left) on Hebrew pages. Loaded only when a picker opens.
 */
export default function RangeCalendar({
  checkIn,
  checkOut,
  onPickDay,
  numberOfMonths,
  language,
  testId,
  disabled,
  initialMonth,
  autoFocus = true,
  shabbat,
  dayNote,
}: RangeCalendarProps) {
  const { t } = useTranslation();
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  // The last day of the date horizon (core/dates.ts): the API takes no stay, block or rule beyond it.
  const lastDay = fromIsoDate(horizonOf().last)!;
  const from = fromIsoDate(checkIn);
  const to = fromIsoDate(checkOut);
  const initial = initialMonth ? fromIsoDate(initialMonth) : undefined;
  const [month, setMonth] = useState(() => startOfMonth(from && from >= today ? from : initial && initial > today ? initial : today));
  const firstShown = localIsoDate(month);
  const lastShown = localIsoDate(endOfMonth(addMonths(month, numberOfMonths - 1)));
  const holidays = useMemo(() => israeliHolidays(firstShown, lastShown, language), [firstShown, lastShown, language]);
  // The end being picked: the departure once an arrival is chosen alone, else (again) the arrival.
  const pickingDeparture = Boolean(checkIn && !checkOut);
  // The rules are computed per shown month, not per render (tens of milliseconds for two months):
  // the memo depends on the listing's values, not on the object the caller makes each render.
  const checkInTime = shabbat?.checkInTime;
  const { slug, latitude, longitude } = shabbat?.city ?? { slug: '', latitude: 0, longitude: 0 };
  const notes = useMemo(() => {
    const map = new Map<string, DayNote>();
    const listing = checkInTime ? { keepsShabbat: true, checkInTime } : null;
    const city = { slug, latitude, longitude };
    for (let day = firstShown; day <= lastShown; day = addDaysIso(day, 1)) {
      let refusal: string | null = null;
      if (listing) {
        const problem = pickingDeparture ? checkOutProblem(listing, day) : checkInProblem(listing, city, day);
        if (problem === 'check_out_on_shabbat') refusal = t('search.dates.noCheckOut.check_out_on_shabbat');
        else if (problem === 'check_in_on_shabbat') refusal = t('search.dates.noCheckIn.check_in_on_shabbat');
        else if (problem === 'check_in_after_candle_lighting')
          refusal = t('search.dates.noCheckIn.check_in_after_candle_lighting', { time: candleLightingTime(day, city) });
      }
      map.set(day, {
        holidays: holidays.filter((holiday) => holiday.date === day),
        hebrewDay: language === 'he' ? hebrewDayOfMonth(day) : null,
        hebrewDate: language === 'he' ? hebrewDate(day, 'he') : null,
        refusal,
      });
    }
    return map;
  }, [firstShown, lastShown, holidays, language, checkInTime, slug, latitude, longitude, pickingDeparture, t]);
  const refused = (date: Date) => Boolean(notes.get(localIsoDate(date))?.refusal);
  const spans = holidaySpans(holidays);
  const extraDisabled = [...(disabled === undefined ? [] : Array.isArray(disabled) ? disabled : [disabled]), ...(shabbat ? [refused] : [])];
  const navButton =
    'z-10 inline-flex size-9 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 aria-disabled:pointer-events-none aria-disabled:opacity-30 dark:text-slate-200 dark:hover:bg-slate-800';
  // Only a calendar with notes needs their context.
  const withDayNote = (picker: ReactNode) => (dayNote ? <DayNoteContext value={dayNote}>{picker}</DayNoteContext> : picker);
  return withDayNote(
    <DayNotes value={notes}>
      <HebrewCaptions value={language === 'he' ? language : null}>
        <DayPicker
          mode="range"
          data-testid={testId}
          selected={from ? { from, to: to ?? from } : undefined}
          onSelect={(_range, day) => onPickDay(localIsoDate(day))}
          numberOfMonths={numberOfMonths}
          month={month}
          onMonthChange={setMonth}
          startMonth={today}
          endMonth={lastDay}
          disabled={[{ before: today }, { after: lastDay }, ...extraDisabled]}
          locale={language === 'he' ? he : enUS}
          labels={language === 'he' ? undefined : { labelDayButton: englishDayLabel }}
          dir={language === 'he' ? 'rtl' : 'ltr'}
          weekStartsOn={weekStartsOn}
          showOutsideDays={false}
          fixedWeeks
          autoFocus={autoFocus}
          components={{ Day, DayButton, Chevron, MonthCaption }}
          className="relative px-3 pt-3 pb-1 sm:px-5"
          classNames={{
            months: 'relative flex flex-wrap justify-center gap-x-8 gap-y-4',
            month: 'flex flex-col gap-2',
            month_caption: 'flex min-h-9 flex-col items-center justify-center px-10',
            caption_label: 'text-sm font-semibold text-slate-900 dark:text-white',
            nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
            button_previous: navButton,
            button_next: navButton,
            month_grid: 'border-separate [border-spacing:0_4px]',
            weekdays: '',
            weekday: cn('h-8 text-xs font-medium text-slate-500 dark:text-slate-400', dayNote ? 'w-11' : 'w-10'),
            week: '',
            day: 'p-0 text-center',
            range_start: 'rounded-s-full bg-brand-100 dark:bg-brand-900/60',
            range_end: 'rounded-e-full bg-brand-100 dark:bg-brand-900/60',
            range_middle: 'bg-brand-100 dark:bg-brand-900/60',
            hidden: 'invisible',
          }}
          footer={
            spans.length > 0 || shabbat ? (
              <div className="mx-auto mt-2 flex max-w-xl flex-col gap-2 px-1 pb-1 text-xs text-slate-600 dark:text-slate-300">
                {shabbat && <p data-testid={testId ? `${testId}-shabbat-note` : undefined}>{t('search.dates.shabbatNote')}</p>}
                {spans.length > 0 && (
                  <div>
                    <h4 className="font-semibold text-slate-800 dark:text-slate-100">{t('search.dates.holidays')}</h4>
                    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1" data-testid={testId ? `${testId}-holidays` : undefined}>
                      {spans.map((span) => (
                        <li key={`${span.from}-${span.name}`} className="flex items-center gap-1.5">
                          <span
                            aria-hidden="true"
                            className={cn(
                              'size-1.5 shrink-0 rounded-full',
                              span.kind === 'yom-tov' ? 'bg-amber-600 dark:bg-amber-400' : 'bg-sky-600 dark:bg-sky-400',
                            )}
                          />
                          {`${span.name} (${formatDaySpan(span.from, span.to, language)})`}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            ) : undefined
          }
        />
      </HebrewCaptions>
    </DayNotes>,
  );
}
