import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { describedBy, Field, inputClasses } from './field.tsx';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  selectClassName?: string;
  /** The `<option>` elements, or else `options` to write them from. */
  children?: ReactNode;
  options?: ReadonlyArray<{ value: string; label: string }>;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select (the platform's picker on phones) with its hint or error wired through aria-describedby. */
export function SelectField({ id, label, error, hint, className, selectClassName, children, options, ...props }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} className={inputClasses(Boolean(error), selectClassName)} {...describedBy(id, error, hint)} {...props}>
        {children}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
