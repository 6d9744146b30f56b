import { CalendarDays, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { monthsShownInPicker } from '../../../core/constants.ts';
import { daysBetween } from '../../../core/dates.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { AnchoredPopover } from './anchored-popover.tsx';
import { formatDay, formatStayRange, fromIsoDate, pickRangeDay, type StayRange } from './date-range.ts';

// The calendar (react-day-picker) is its own chunk, fetched when a picker is about to open.
const loadCalendar = () => import('./range-calendar.tsx');
const RangeCalendar = lazy(loadCalendar);

export interface DateRangePickerProps {
  id: string;
  startLabel: string;
  endLabel: string;
  /** 'yyyy-MM-dd', '' for none. */
  checkIn: string;
  checkOut: string;
  onChange(range: StayRange): void;
  /** Test ids: `${testId}` (field), `${testId}-button`, `${testId}-clear`, `${testId}-dialog`, `${testId}-done`; days carry data-iso. */
  testId?: string;
  invalid?: boolean;
  className?: string;
  /**
   * The fields' names in a form that also works without scripts: there the picker cannot open, so
   * two native date inputs of these names stand in for it (inside <noscript>, and the button is hidden
   * when scripting is off).
   */
  names?: { start: string; end: string };
}

const nativeDateClasses =
  'h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-2 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white';

/**
 * A button showing the stay ('MMM dd - MMM dd, yyyy') that opens a range calendar: two months as the
 * specification asks, side by side, and one under the other on phones (the sheet scrolls), weeks from Sunday, past days disabled. The first click sets the start, the
 * second the end (swapped when earlier), which closes the calendar; the dates can be cleared.
 */
export function DateRangePicker({
  id,
  startLabel,
  endLabel,
  checkIn,
  checkOut,
  onChange,
  testId = 'date-range-picker',
  invalid = false,
  className,
  names,
}: DateRangePickerProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const range = { checkIn, checkOut };
  const text = formatStayRange(range, language);
  const hasDates = Boolean(checkIn || checkOut);

  const start = fromIsoDate(checkIn);
  const end = fromIsoDate(checkOut);
  const nights = start && end ? daysBetween(checkIn, checkOut) : 0;
  const status = !checkIn
    ? t('search.dates.pickStart')
    : !checkOut
      ? t('search.dates.pickEnd')
      : t('search.dates.nights', { count: nights });

  const pickDay = (day: string) => {
    const next = pickRangeDay(range, day);
    onChange(next);
    if (next.checkIn && next.checkOut) setOpen(false);
  };

  const trigger = (
    <button
      type="button"
      id={id}
      aria-labelledby={`${id}-label ${id}`}
      aria-invalid={invalid || undefined}
      data-testid={`${testId}-button`}
      onPointerEnter={() => void loadCalendar()}
      onFocus={() => void loadCalendar()}
      className={cn(
        'flex h-11 w-full items-center gap-2.5 rounded-xl border bg-white ps-3.5 text-start text-base shadow-xs transition-colors sm:text-sm',
        names && '[@media(scripting:none)]:hidden',
        'hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:bg-slate-900 dark:hover:border-slate-500',
        invalid ? 'border-rose-500 dark:border-rose-500' : 'border-slate-300 dark:border-slate-700',
        hasDates ? 'pe-10' : 'pe-3.5',
      )}
    >
      <CalendarDays className="size-4.5 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
      <span className={cn('truncate', text ? 'text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400')}>
        {text || t('search.dates.placeholder')}
      </span>
    </button>
  );

  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId}>
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {startLabel} <span aria-hidden="true">–</span>
        <span className="sr-only">,</span> {endLabel}
      </span>
      {names && (
        <noscript>
          <span className="flex gap-2">
            <input type="date" name={names.start} defaultValue={checkIn} aria-label={startLabel} className={nativeDateClasses} />
            <input type="date" name={names.end} defaultValue={checkOut} aria-label={endLabel} className={nativeDateClasses} />
          </span>
        </noscript>
      )}
      <div ref={anchorRef} className="relative">
        <AnchoredPopover
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          anchorRef={anchorRef}
          title={t('search.dates.dialogTitle')}
          description={status}
          testId={`${testId}-dialog`}
          // The calendar focuses the selected day (or today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          footer={
            <>
              <dl className="flex min-w-0 gap-4 text-xs">
                <div className="min-w-0">
                  <dt className="text-slate-500 dark:text-slate-400">{startLabel}</dt>
                  <dd className="truncate font-semibold text-slate-900 dark:text-white" data-testid={`${testId}-start`}>
                    {formatDay(checkIn, language) || t('search.dates.addDate')}
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-slate-500 dark:text-slate-400">{endLabel}</dt>
                  <dd className="truncate font-semibold text-slate-900 dark:text-white" data-testid={`${testId}-end`}>
                    {formatDay(checkOut, language) || t('search.dates.addDate')}
                  </dd>
                </div>
              </dl>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!hasDates}
                  onClick={() => onChange({ checkIn: '', checkOut: '' })}
                  data-testid={`${testId}-dialog-clear`}
                >
                  {t('search.dates.clear')}
                </Button>
                <Button size="sm" onClick={() => setOpen(false)} data-testid={`${testId}-done`}>
                  {t('search.dates.done')}
                </Button>
              </div>
            </>
          }
        >
          <Suspense
            fallback={
              <div className="flex h-80 w-full items-center justify-center text-brand-700 sm:w-[22rem] dark:text-brand-300">
                <Spinner />
              </div>
            }
          >
            <RangeCalendar
              checkIn={checkIn}
              checkOut={checkOut}
              onPickDay={pickDay}
              numberOfMonths={monthsShownInPicker}
              language={language}
              testId={`${testId}-calendar`}
            />
          </Suspense>
        </AnchoredPopover>
        {hasDates && (
          <button
            type="button"
            aria-label={t('search.dates.clear')}
            title={t('search.dates.clear')}
            data-testid={`${testId}-clear`}
            onClick={() => onChange({ checkIn: '', checkOut: '' })}
            className="absolute end-1.5 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
