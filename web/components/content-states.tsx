import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/error-message.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** Placeholder blocks while a content page loads; the label is for screen readers. */
export function ContentLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" data-testid="content-loading" className="space-y-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="h-28 animate-pulse rounded-2xl bg-slate-200/70 dark:bg-slate-800/70" />
      ))}
    </div>
  );
}

/** A content request that failed: the translated reason and a retry. */
export function ContentError({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="content-error"
      className="flex flex-col items-center rounded-2xl border border-rose-200 bg-rose-50 px-6 py-12 text-center dark:border-rose-900 dark:bg-rose-950/40"
    >
      <AlertTriangle className="size-8 text-rose-600 dark:text-rose-300" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(errorMessageKey(error))}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner className="size-4" /> : null}
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}
