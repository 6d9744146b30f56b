import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldMessage } from './field.tsx';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A line under the option's label. */
  hint?: ReactNode;
  testId?: string;
}

interface RadioGroupFieldProps<V extends string> {
  id: string;
  /** The question, as the group's legend. */
  legend: string;
  /** The group's radios share this name. */
  name: string;
  options: ReadonlyArray<RadioOption<V>>;
  value: V | undefined;
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  /** Classes of the list holding the options, e.g. a grid. */
  optionsClassName?: string;
  /** Classes of the legend, e.g. a section heading when the group is a card of its own. */
  legendClassName?: string;
}

/** A fieldset of radios: the legend names the group, the hint or error is tied to it through aria-describedby. */
export function RadioGroupField<V extends string>({
  id,
  legend,
  name,
  options,
  value,
  onChange,
  error,
  hint,
  className,
  optionsClassName,
  legendClassName,
}: RadioGroupFieldProps<V>) {
  const describedById = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset
      id={id}
      className={cn('flex flex-col gap-1.5', className)}
      aria-describedby={describedById}
      aria-invalid={error ? true : undefined}
    >
      <legend className={cn('mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200', legendClassName)}>{legend}</legend>
      <div className={cn('flex flex-col gap-2', optionsClassName)}>
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2.5 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              data-testid={option.testId}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
            />
            <span>
              {option.label}
              {option.hint && <span className="block text-xs text-slate-500 dark:text-slate-400">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}
