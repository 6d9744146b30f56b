import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { InlineError } from './inline-error.tsx';

export function inputClasses(invalid: boolean, className?: string) {
  return cn(
    'block h-11 w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
    'focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 sm:text-sm',
    'dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-500 dark:[color-scheme:dark]',
    invalid ? 'border-rose-500 dark:border-rose-500' : 'border-slate-300 dark:border-slate-700',
    className,
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  className?: string;
  errorTestId?: string;
}

/** A labelled form field with an optional hint and error (ids `${id}-hint`, `${id}-error`). */
export function Field({ id, label, error, hint, children, className, errorTestId }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} errorTestId={errorTestId} />
    </div>
  );
}

/** A field's error (ids `${id}-error`) or else its hint (`${id}-hint`), for aria-describedby to point at. */
export function FieldMessage({
  id,
  error,
  hint,
  errorTestId,
}: {
  id: string;
  error: string | undefined;
  hint: string | undefined;
  errorTestId?: string | undefined;
}) {
  if (error) {
    return (
      <InlineError id={`${id}-error`} testId={errorTestId}>
        {error}
      </InlineError>
    );
  }
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
      {hint}
    </p>
  );
}

/** aria props tying an input to its Field's error or hint. */
export function describedBy(id: string, error: string | undefined, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
    inputClassName?: string;
    ref?: Ref<HTMLInputElement>;
  };

/** A Field holding one input (text, e-mail, number, date, tel, search…), with the input's id, styling and aria wiring derived from the field. */
export function TextField({ id, label, error, hint, className, inputClassName, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input id={id} className={inputClasses(Boolean(error), inputClassName)} {...describedBy(id, error, hint)} {...inputProps} />
    </Field>
  );
}

/** An e-mail TextField: addresses are written left to right, aligned to the end on Hebrew pages. */
export function EmailField({ inputClassName = 'rtl:text-end', ...props }: TextFieldProps) {
  return <TextField type="email" inputMode="email" autoComplete="email" dir="ltr" inputClassName={inputClassName} {...props} />;
}
