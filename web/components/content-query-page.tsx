import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { isApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PlaceholderPage } from './placeholder-page.tsx';
import { ErrorState } from './ui/error-state.tsx';
import { LoadingState } from './ui/loading-state.tsx';

interface ContentQueryPageProps<T extends { title: string }> {
  query: UseQueryResult<T>;
  /** The page shown for an unknown or malformed slug, with a way back to the list. */
  notFound: { icon: LucideIcon; title: string; text: string; testId: string; back: ReactNode };
  /** What failed when the request did ("We couldn't load this article"). */
  loadFailed: string;
  testId: string;
  /** Classes of the page's column, e.g. its width. */
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * A page showing one piece of content fetched by its slug (a blog post, a help article): titled by it, a loading state while it
 * comes, an error with a retry when it fails, and a not-found page when there is no such slug (malformed ones alike).
 */
export function ContentQueryPage<T extends { title: string }>({
  query,
  notFound,
  loadFailed,
  testId,
  className,
  children,
}: ContentQueryPageProps<T>) {
  useDocumentTitle(query.data?.title ?? (query.isError ? notFound.title : null));
  if (query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
    return (
      <PlaceholderPage icon={notFound.icon} title={notFound.title} description={notFound.text} testId={notFound.testId}>
        {notFound.back}
      </PlaceholderPage>
    );
  }
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:px-6 md:py-14', className)} data-testid={testId}>
      {query.isPending ? (
        <LoadingState variant="blocks" testId="content-loading" />
      ) : query.isError ? (
        <ErrorState
          title={loadFailed}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          testId="content-error"
        />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
