import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PageHero } from './page-hero.tsx';

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
      <PageHero as="section" icon={Icon} title={title} intro={description} className="py-14" textClassName="max-w-2xl">
        {children}
      </PageHero>
    </div>
  );
}
