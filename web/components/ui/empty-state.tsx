import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface EmptyStateProps {
  /** A picture of what is missing, in a round badge. */
  icon?: LucideIcon;
  /** The badge's colour: brand by default, rose for saved (hearts), slate for searches. */
  iconTone?: keyof typeof iconTones;
  title: string;
  /** h1 when the state replaces a whole page's content, h3 inside a section with its own h2. */
  titleAs?: 'h1' | 'h2' | 'h3';
  text?: ReactNode;
  /** What to do next: a link or a button. */
  action?: ReactNode;
  /** sm: one line in a dashed box inside a panel (admin lists). */
  size?: 'md' | 'sm';
  className?: string;
  testId?: string;
}

const iconTones = {
  brand: 'bg-brand-50 text-brand-700 dark:bg-brand-950/70 dark:text-brand-300',
  rose: 'bg-rose-50 text-rose-600 dark:bg-rose-950/60 dark:text-rose-300',
  slate: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
};

/** Nothing to show yet: a dashed box saying so and, where there is one, the way forward. */
export function EmptyState({
  icon: Icon,
  iconTone = 'brand',
  title,
  titleAs: Title = 'h2',
  text,
  action,
  size = 'md',
  className,
  testId,
}: EmptyStateProps) {
  if (size === 'sm') {
    return (
      <p
        data-testid={testId}
        className={cn(
          'rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300',
          className,
        )}
      >
        {title}
      </p>
    );
  }
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900/60',
        className,
      )}
    >
      {Icon && (
        <span className={cn('mb-4 flex size-14 items-center justify-center rounded-full', iconTones[iconTone])}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
      )}
      <Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Title>
      {text && <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{text}</p>}
      {action}
    </div>
  );
}
