import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';

type QueryLike<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;

interface QueryStatesProps<T> {
  query: QueryLike<T>;
  /** The loading state; a spinner by default. */
  loading?: ReactNode;
  /** What failed, as the error state's title. */
  errorTitle?: string;
  /** sm: compact error and empty states inside a panel. */
  size?: 'md' | 'sm';
  errorTestId?: string;
  retryTestId?: string;
  /** Whether the data counts as empty; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The right state of one query: its data once there is some (kept while a refetch runs or fails),
 * else the error with a retry, else loading; empty data shows `empty`.
 */
export function QueryStates<T>({
  query,
  loading,
  errorTitle,
  size = 'md',
  errorTestId,
  retryTestId,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<T>) {
  if (query.data !== undefined) return <>{isEmpty?.(query.data) ? empty : children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorState
        size={size}
        {...(errorTitle ? { title: errorTitle } : {})}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        {...(errorTestId ? { testId: errorTestId } : {})}
        {...(retryTestId ? { retryTestId } : {})}
      />
    );
  }
  return <>{loading ?? <LoadingState />}</>;
}
