import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { cardClasses as cardSurface } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryStates } from '../../components/ui/query-states.tsx';
import { errorText } from '../../lib/error-message.ts';

/** Loading, error and empty states of one admin list (compact, inside the panel), then the list itself. */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  empty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryStates query={query} size="sm" isEmpty={empty} empty={<EmptyState size="sm" title={t('admin.empty')} />}>
      {children}
    </QueryStates>
  );
}

/** Runs an admin action with a toast for its outcome; rethrows so a dialog stays open on failure. */
export function useActionFeedback() {
  const { t } = useTranslation();
  return async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      toast.success(success);
    } catch (error) {
      toast.error(t('admin.actionFailed'), { description: errorText(t, error) });
      throw error;
    }
  };
}

/** An admin list item or panel: the app's card, compact. */
export const cardClasses = `${cardSurface} p-4 shadow-sm sm:p-5`;
