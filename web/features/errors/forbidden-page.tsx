import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forbidden.title'));
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-16" data-testid="page-forbidden">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-rose-50 text-rose-600 ring-1 ring-rose-100 dark:bg-rose-950/60 dark:text-rose-300 dark:ring-rose-900">
          <ShieldAlert className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 text-6xl font-extrabold tracking-tight text-slate-300 dark:text-slate-700">403</p>
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('forbidden.title')}</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{t('forbidden.description')}</p>
        <LocalizedLink to="/" className={buttonClasses('primary', 'lg', 'mt-8')} data-testid="forbidden-home">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('common.returnHome')}
        </LocalizedLink>
      </div>
    </div>
  );
}
