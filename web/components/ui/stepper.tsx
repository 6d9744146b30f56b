import { Minus, Plus } from 'lucide-react';

interface StepperProps {
  label: string;
  /** A line under the label, e.g. an age range or a limit. */
  hint?: string;
  value: number;
  min: number;
  max: number;
  lessLabel: string;
  moreLabel: string;
  onChange(value: number): void;
  testId: string;
}

/** A labelled count with − and + buttons, each named for screen readers; the count is announced as it changes. */
export function Stepper({ label, hint, value, min, max, lessLabel, moreLabel, onChange, testId }: StepperProps) {
  const step =
    'flex size-9 items-center justify-center rounded-full border border-slate-300 text-slate-700 transition-colors hover:border-brand-600 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-35 dark:border-slate-600 dark:text-slate-200 dark:hover:border-brand-400 dark:hover:text-brand-300';
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{label}</p>
        {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <button
          type="button"
          className={step}
          aria-label={lessLabel}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
          data-testid={`${testId}-decrease`}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <output
          aria-live="polite"
          aria-label={label}
          className="w-5 text-center text-base font-semibold tabular-nums"
          data-testid={`${testId}-value`}
        >
          {value}
        </output>
        <button
          type="button"
          className={step}
          aria-label={moreLabel}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
          data-testid={`${testId}-increase`}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
