import { parseISO } from 'date-fns';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { LegalDocument } from '../../../core/content.ts';
import { useLanguage } from '../../app/language.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useLegalDocument } from './legal-api.ts';

interface LegalDocumentPageProps {
  doc: LegalDocument;
  icon: LucideIcon;
  title: string;
  testId: string;
}

/** Terms and privacy: a table of contents beside numbered sections, each one a link target. */
export function LegalDocumentPage({ doc, icon: Icon, title, testId }: LegalDocumentPageProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useLegalDocument(doc, language);
  useDocumentTitle(title);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-14 lg:px-8" data-testid={testId}>
      <header className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:flex dark:bg-brand-950/70 dark:text-brand-300">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
          {query.data && (
            <p className="mt-2 text-slate-600 dark:text-slate-400" data-testid="legal-last-updated">
              {t('legal.lastUpdated', { date: formatDate(parseISO(query.data.lastUpdated), 'long', language) })}
            </p>
          )}
        </div>
      </header>

      <div className="mt-10">
        {query.isPending ? (
          <LoadingState variant="blocks" testId="content-loading" />
        ) : query.isError ? (
          <ErrorState
            title={t('legal.loadFailed')}
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
            testId="content-error"
          />
        ) : (
          <div className="grid gap-10 lg:grid-cols-[18rem_minmax(0,1fr)]">
            <nav
              aria-label={t('legal.contents')}
              className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto"
            >
              <h2 className="text-sm font-semibold text-slate-500 dark:text-slate-400">{t('legal.contents')}</h2>
              <ol className="mt-3 space-y-1 text-sm" data-testid="legal-toc">
                {query.data.sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="block rounded-lg px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="min-w-0 max-w-3xl">
              <RichText html={query.data.introHtml} className="text-lg" />
              {query.data.sections.map((section) => (
                <section
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-title`}
                  className="mt-10 scroll-mt-24"
                  data-testid="legal-section"
                >
                  <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900 dark:text-white">
                    {section.title}
                  </h2>
                  <RichText html={section.html} className="mt-3" />
                </section>
              ))}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
