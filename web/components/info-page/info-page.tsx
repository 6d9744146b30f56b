import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from '../../lib/cn.ts';
import { Card } from '../ui/card.tsx';
import { PageHero } from '../page-hero.tsx';

/** The frame of an information page: a hero with the page's h1, then its sections. */
export function InfoPage({
  icon: Icon,
  title,
  intro,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  intro: string;
  testId: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-16 px-4 py-12 sm:px-6 md:py-16 lg:px-8" data-testid={testId}>
      <PageHero icon={Icon} title={title} intro={intro} />
      {children}
    </div>
  );
}

export function InfoSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-6', className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A card with an icon, a title and a line of text. */
export function InfoCard({
  icon: Icon,
  title,
  text,
  children,
  testId,
}: {
  icon?: LucideIcon;
  title: string;
  text: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex flex-col gap-3 p-6 shadow-xs" data-testid={testId}>
      {Icon && (
        <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{text}</p>
      {children}
    </Card>
  );
}

/** A list item of an info page's grid: an icon beside a short title and text. `compact` for four-up grids. */
export function InfoTile({
  icon: Icon,
  title,
  text,
  compact = false,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  compact?: boolean;
}) {
  return (
    <Card as="li" className={cn('flex p-5', compact ? 'gap-3' : 'gap-4')}>
      <Icon className={cn('mt-0.5 shrink-0 text-brand-700 dark:text-brand-300', compact ? 'size-5' : 'size-6')} aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
        <p className={cn('text-sm text-slate-600 dark:text-slate-300', !compact && 'leading-6')}>{text}</p>
      </div>
    </Card>
  );
}
