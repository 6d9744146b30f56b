import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { describedBy, Field, inputClasses } from './field.tsx';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  errorTestId?: string;
  /** Replaces the default vertical padding and height ('h-auto py-2'). */
  textareaClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line text input with its hint or error wired through aria-describedby. */
export function TextareaField({
  id,
  label,
  error,
  hint,
  className,
  errorTestId,
  textareaClassName = 'h-auto py-2',
  ...props
}: TextareaFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className} {...(errorTestId ? { errorTestId } : {})}>
      <textarea id={id} className={cn(inputClasses(Boolean(error)), textareaClassName)} {...describedBy(id, error, hint)} {...props} />
    </Field>
  );
}
