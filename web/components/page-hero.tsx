import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** A page's opening card: its icon, its h1 and a line under it, on two soft colour glows; children follow the line (e.g. an action). */
export function PageHero({
  icon: Icon,
  title,
  intro,
  as: Element = 'header',
  className,
  textClassName,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro: string;
  as?: 'header' | 'section';
  className?: string;
  /** Classes of the column holding the text, e.g. its greatest width. */
  textClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Element
      className={cn(
        'relative overflow-hidden rounded-3xl border border-slate-200 bg-white px-6 py-12 shadow-sm sm:px-12 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -end-24 -top-24 size-72 rounded-full bg-brand-200/40 blur-3xl dark:bg-brand-700/20"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-24 -start-24 size-72 rounded-full bg-indigo-200/40 blur-3xl dark:bg-indigo-700/20"
      />
      <div className={cn('relative flex max-w-3xl flex-col items-start gap-5', textClassName)}>
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-900">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        <p className="text-lg leading-8 text-slate-600 dark:text-slate-300">{intro}</p>
        {children}
      </div>
    </Element>
  );
}
