import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface InlineErrorProps {
  /** The id an input's `aria-describedby` points at. */
  id?: string;
  /** Announce it as it appears (a form-level error nobody's focus is on); field errors are read through aria-describedby instead. */
  announce?: boolean;
  className?: string;
  testId?: string | undefined;
  children: ReactNode;
}

/** Error text under a field or a form, in the error colour for light and dark mode. */
export function InlineError({ id, announce = false, className, testId, children }: InlineErrorProps) {
  return (
    <p
      id={id}
      role={announce ? 'alert' : undefined}
      data-testid={testId}
      className={cn('text-sm text-rose-600 dark:text-rose-400', className)}
    >
      {children}
    </p>
  );
}
