import { ArrowLeft, MapPinOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLocation } from 'react-router';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(t('notFound.title'));

  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-16" data-testid="page-not-found">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-900">
          <MapPinOff className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 bg-gradient-to-br from-brand-600 to-indigo-600 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent dark:from-brand-400 dark:to-indigo-400">
          {t('notFound.code')}
        </p>
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('notFound.title')}</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{t('notFound.description')}</p>
        <LocalizedLink to="/" className={buttonClasses('primary', 'lg', 'mt-8')} data-testid="not-found-home">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('common.returnHome')}
        </LocalizedLink>
      </div>
    </div>
  );
}
