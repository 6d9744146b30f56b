import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

type LoadingVariant = 'spinner' | 'screen' | 'blocks';

interface LoadingStateProps {
  /** What is loading, for screen readers (and shown under the spinner on the full screen); "Loading..." by default. */
  label?: string;
  /**
   * spinner: a centred spinner in the content; screen: a spinner filling the screen below the navigation
   * bar (routes and the session loading); blocks: placeholder blocks of a content page.
   * Skeletons given as children replace all three.
   */
  variant?: LoadingVariant;
  /** How many placeholder blocks (variant blocks). */
  rows?: number;
  /** Layout classes; for the spinner they replace its vertical padding (py-12). */
  className?: string;
  testId?: string;
  /** Skeletons shaped like the content (cards, rows) while it loads. */
  children?: ReactNode;
}

/** The one loading state: the label is announced politely, the placeholders are hidden from screen readers. */
export function LoadingState({ label, variant = 'spinner', rows = 3, className, testId, children }: LoadingStateProps) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  if (children !== undefined || variant === 'blocks') {
    return (
      <div aria-busy="true" data-testid={testId} className={className ?? 'space-y-4'}>
        <span className="sr-only" role="status">
          {text}
        </span>
        {children ??
          Array.from({ length: rows }, (_, index) => (
            <div key={index} className="h-28 animate-pulse rounded-2xl bg-slate-200/70 dark:bg-slate-800/70" />
          ))}
      </div>
    );
  }
  if (variant === 'screen') {
    return (
      <div
        role="status"
        aria-live="polite"
        data-testid={testId}
        className={cn(
          'flex min-h-[calc(100dvh-4rem)] flex-col items-center justify-center gap-3 text-brand-700 dark:text-brand-400',
          className,
        )}
      >
        <Spinner className="size-10 border-[3px]" />
        <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{text}</span>
      </div>
    );
  }
  return (
    <div role="status" data-testid={testId} className={cn('flex justify-center text-brand-700 dark:text-brand-300', className ?? 'py-12')}>
      <Spinner className="size-6" />
      <span className="sr-only">{text}</span>
    </div>
  );
}
