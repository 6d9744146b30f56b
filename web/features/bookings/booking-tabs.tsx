import { useRef, type KeyboardEvent } from 'react';
import { formatNumber } from '../../../core/format.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';

interface BookingTabsProps<Tab extends string> {
  /** Prefix of the tab and panel ids (useId). */
  id: string;
  label: string;
  tabs: readonly Tab[];
  selected: Tab;
  labelOf: (tab: Tab) => string;
  /** Shown beside each label once the list has loaded. */
  counts: Record<Tab, number> | null;
  onSelect: (tab: Tab) => void;
}

/** An ARIA tab list (arrow keys mirrored in RTL, Home and End) with a count on each tab. */
export function BookingTabs<Tab extends string>({ id, label, tabs, selected, labelOf, counts, onSelect }: BookingTabsProps<Tab>) {
  const { language, dir } = useLanguage();
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: Tab | undefined;
    if (event.key === forward) next = tabs[(index + 1) % tabs.length];
    else if (event.key === backward) next = tabs[(index - 1 + tabs.length) % tabs.length];
    else if (event.key === 'Home') next = tabs[0];
    else if (event.key === 'End') next = tabs[tabs.length - 1];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      className="mt-8 inline-flex w-full gap-1 rounded-2xl bg-slate-100 p-1 sm:w-auto dark:bg-slate-800/70"
    >
      {tabs.map((name) => {
        const isSelected = name === selected;
        const count = counts ? counts[name] : null;
        return (
          <button
            key={name}
            ref={(node) => {
              refs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={isSelected}
            aria-controls={`${id}-panel`}
            tabIndex={isSelected ? 0 : -1}
            data-testid={`bookings-tab-${name}`}
            onClick={() => onSelect(name)}
            onKeyDown={onKeyDown}
            className={cn(
              'inline-flex flex-1 items-center justify-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold transition-colors sm:flex-none sm:px-5',
              'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-100 dark:focus-visible:ring-offset-slate-900',
              isSelected
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {labelOf(name)}
            {count !== null ? (
              <span
                data-testid={`bookings-count-${name}`}
                className={cn(
                  'min-w-6 rounded-full px-1.5 py-0.5 text-xs tabular-nums',
                  isSelected
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
  );
}
