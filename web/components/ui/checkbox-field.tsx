import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { describedBy, FieldMessage } from './field.tsx';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> & {
  id: string;
  /** The text beside the box (may hold links). */
  label: ReactNode;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  labelClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label beside it and an optional hint or error below, wired through aria-describedby. */
export function CheckboxField({ id, label, error, hint, className, labelClassName, ...props }: CheckboxFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-2.5">
        <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-700" {...describedBy(id, error, hint)} {...props} />
        <label htmlFor={id} className={cn('text-sm text-slate-700 dark:text-slate-300', labelClassName)}>
          {label}
        </label>
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}
