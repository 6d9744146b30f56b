import { ChevronLeft, ChevronRight } from 'lucide-react';
import { createContext, use, useEffect, useRef } from 'react';
import { DayPicker, type DayButtonProps, type Matcher } from 'react-day-picker';
import { enUS, he } from 'react-day-picker/locale';
import { format } from 'date-fns';
import { enUS as dateFnsEnUS } from 'date-fns/locale';
import { weekStartsOn } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import { cn } from '../../lib/cn.ts';
import { fromIsoDate, toIsoDate } from './date-range.ts';

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
  /** A short line under a day's number (e.g. the host's price of the night); the cells grow to hold it. */
  dayNote?: (day: string) => string | null;
}

/** The dayNote of the calendar a DayButton is in (react-day-picker renders DayButton itself). */
const DayNoteContext = createContext<RangeCalendarProps['dayNote']>(undefined);

/** A day: a round button, the stay's ends filled with the brand colour, days between on a light band. */
function DayButton({ day, modifiers, className, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // As react-day-picker's own button: keyboard focus follows the focused day.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const end = modifiers.range_start || modifiers.range_end;
  const note = use(DayNoteContext)?.(toIsoDate(day.date));
  const button = (
    <button
      ref={ref}
      {...props}
      data-iso={toIsoDate(day.date)}
      className={cn(
        className,
        'relative flex size-10 items-center justify-center rounded-full text-sm tabular-nums transition-colors',
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
      {props.children}
      {modifiers.today && <span aria-hidden="true" className="absolute bottom-1.5 size-1 rounded-full bg-current" />}
    </button>
  );
  if (!note) return button;
  // Under the button, not in it: the button's name stays its date (the page lists what makes the prices).
  return (
    <span className="flex flex-col items-center">
      {button}
      <span
        aria-hidden="true"
        className="text-[10px] leading-tight whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400"
        data-testid="day-note"
      >
        {note}
      </span>
    </span>
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
  dayNote,
}: RangeCalendarProps) {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const from = fromIsoDate(checkIn);
  const to = fromIsoDate(checkOut);
  const initial = initialMonth ? fromIsoDate(initialMonth) : undefined;
  const extraDisabled = disabled === undefined ? [] : Array.isArray(disabled) ? disabled : [disabled];
  const navButton =
    'z-10 inline-flex size-9 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 aria-disabled:pointer-events-none aria-disabled:opacity-30 dark:text-slate-200 dark:hover:bg-slate-800';
  const picker = (
    <DayPicker
      mode="range"
      data-testid={testId}
      selected={from ? { from, to: to ?? from } : undefined}
      onSelect={(_range, day) => onPickDay(toIsoDate(day))}
      numberOfMonths={numberOfMonths}
      defaultMonth={from && from >= today ? from : initial && initial > today ? initial : today}
      startMonth={today}
      disabled={[{ before: today }, ...extraDisabled]}
      locale={language === 'he' ? he : enUS}
      labels={language === 'he' ? undefined : { labelDayButton: englishDayLabel }}
      dir={language === 'he' ? 'rtl' : 'ltr'}
      weekStartsOn={weekStartsOn}
      showOutsideDays={false}
      fixedWeeks
      autoFocus={autoFocus}
      components={{ DayButton, Chevron }}
      className="relative px-3 pt-3 pb-1 sm:px-5"
      classNames={{
        months: 'relative flex flex-wrap justify-center gap-x-8 gap-y-4',
        month: 'flex flex-col gap-2',
        month_caption: 'flex h-9 items-center justify-center px-10',
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
    />
  );
  // Only a calendar with notes needs their context.
  return dayNote ? <DayNoteContext value={dayNote}>{picker}</DayNoteContext> : picker;
}
