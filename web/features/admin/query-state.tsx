import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../lib/error-message.ts';

/** Loading, error and empty states of one admin list, then the list itself. */
export function QueryState<T>({ query, empty, children }: { query: UseQueryResult<T>; empty: (data: T) => boolean; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-700 dark:text-brand-300" role="status">
        <Spinner className="size-6" />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-8 text-center text-sm text-rose-900 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-100">
        {t(errorMessageKey(query.error))}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  if (empty(query.data)) return <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">{t('admin.empty')}</p>;
  return <>{children(query.data)}</>;
}

/** Runs an admin action with a toast for its outcome; rethrows so a dialog stays open on failure. */
export function useActionFeedback() {
  const { t } = useTranslation();
  return async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      toast.success(success);
    } catch (error) {
      toast.error(t('admin.actionFailed'), { description: t(errorMessageKey(error)) });
      throw error;
    }
  };
}

export const cardClasses = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900';
