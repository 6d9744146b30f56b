import { ArrowLeft, LifeBuoy } from 'lucide-react';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLanguage } from '../../app/language.tsx';
import { ContentQueryPage } from '../../components/content-query-page.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useHelpArticle } from './help-api.ts';
import { HelpArticleStats } from './help-article-summary.tsx';

export default function HelpArticlePage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { slug = '' } = useParams();
  const back = (
    <LocalizedLink to="/help" className={buttonClasses('secondary', 'md')} data-testid="back-to-help">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('help.back')}
    </LocalizedLink>
  );
  return (
    <ContentQueryPage
      query={useHelpArticle(slug, language)}
      notFound={{ icon: LifeBuoy, title: t('help.notFound.title'), text: t('help.notFound.text'), testId: 'help-article-not-found', back }}
      loadFailed={t('help.loadFailed')}
      testId="page-help-article"
      className="max-w-3xl"
    >
      {(article) => (
        <article>
          {back}
          <h1 className="mt-8 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{article.title}</h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{article.excerpt}</p>
          <div className="mt-4">
            <HelpArticleStats article={article} language={language} />
          </div>
          <RichText html={article.html} className="mt-8" testId="help-article-content" />
          <p className="mt-12 rounded-2xl bg-slate-100 p-5 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            {t('help.stillNeedHelp')}{' '}
            <LocalizedLink to="/contact" className="font-medium text-brand-700 underline dark:text-brand-300">
              {t('help.contactUs')}
            </LocalizedLink>
          </p>
        </article>
      )}
    </ContentQueryPage>
  );
}
