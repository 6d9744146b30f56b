import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface PlaceholderPageProps {
  icon: LucideIcon;
  title: string;
  description: string;
  testId: string;
  children?: ReactNode;
}

/** A page whose content arrives in a later issue: a heading, one line and an optional action. */
export function PlaceholderPage({ icon: Icon, title, description, testId, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 md:py-20 lg:px-8" data-testid={testId}>
      <section className="relative overflow-hidden rounded-3xl border border-slate-200 bg-white px-6 py-14 shadow-sm sm:px-12 dark:border-slate-800 dark:bg-slate-900">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -end-24 -top-24 size-72 rounded-full bg-brand-200/40 blur-3xl dark:bg-brand-700/20"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-24 -start-24 size-72 rounded-full bg-indigo-200/40 blur-3xl dark:bg-indigo-700/20"
        />
        <div className="relative flex max-w-2xl flex-col items-start gap-5">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-900">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
          <p className="text-lg leading-8 text-slate-600 dark:text-slate-300">{description}</p>
          {children}
        </div>
      </section>
    </div>
  );
}
