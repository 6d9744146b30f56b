import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { describedBy, Field, inputClasses } from './field.tsx';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  selectClassName?: string;
  /** The `<option>` elements. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select (the platform's picker on phones) with its hint or error wired through aria-describedby. */
export function SelectField({ id, label, error, hint, className, selectClassName, children, ...props }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} className={inputClasses(Boolean(error), selectClassName)} {...describedBy(id, error, hint)} {...props}>
        {children}
      </select>
    </Field>
  );
}
