import type { InputHTMLAttributes, Ref } from 'react';
import { describedBy, Field, inputClasses } from './field.tsx';

type FileFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

const fileButton =
  'h-auto py-2 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-800 dark:file:bg-brand-950 dark:file:text-brand-200';

/** A labelled file input styled like the other inputs, its "choose" button in the brand colour. */
export function FileField({ id, label, error, hint, className, ...props }: FileFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input id={id} type="file" className={inputClasses(Boolean(error), fileButton)} {...describedBy(id, error, hint)} {...props} />
    </Field>
  );
}
