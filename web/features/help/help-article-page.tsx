import { ArrowLeft, LifeBuoy } from 'lucide-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/language.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useHelpArticle } from './help-api.ts';
import { HelpArticleStats } from './help-article-summary.tsx';

export default function HelpArticlePage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { slug = '' } = useParams();
  const query = useHelpArticle(slug, language);
  useDocumentTitle(query.data?.title ?? (query.isError ? t('help.notFound.title') : null));

  const back = (
    <LocalizedLink to="/help" className={buttonClasses('secondary', 'md')} data-testid="back-to-help">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('help.back')}
    </LocalizedLink>
  );

  if (query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
    return (
      <PlaceholderPage
        icon={LifeBuoy}
        title={t('help.notFound.title')}
        description={t('help.notFound.text')}
        testId="help-article-not-found"
      >
        {back}
      </PlaceholderPage>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14" data-testid="page-help-article">
      {query.isPending ? (
        <LoadingState variant="blocks" testId="content-loading" />
      ) : query.isError ? (
        <ErrorState
          title={t('help.loadFailed')}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          testId="content-error"
        />
      ) : (
        <article>
          {back}
          <h1 className="mt-8 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{query.data.title}</h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{query.data.excerpt}</p>
          <div className="mt-4">
            <HelpArticleStats article={query.data} language={language} />
          </div>
          <RichText html={query.data.html} className="mt-8" testId="help-article-content" />
          <p className="mt-12 rounded-2xl bg-slate-100 p-5 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            {t('help.stillNeedHelp')}{' '}
            <LocalizedLink to="/contact" className="font-medium text-brand-700 underline dark:text-brand-300">
              {t('help.contactUs')}
            </LocalizedLink>
          </p>
        </article>
      )}
    </div>
  );
}
