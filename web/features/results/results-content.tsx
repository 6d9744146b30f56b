import { SearchX } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { skeletonCardCount } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { ListingCard, ListingCardSkeleton } from '../../components/listing-card/listing-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { cn } from '../../lib/cn.ts';

/** Cards beside the filter column (from 768 px): one column on phones, two from 640 px, three from 1280 px. */
const resultsPhotoSizes = '(min-width: 1280px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw';

const emptyKeys = {
  hotel: 'results.empty.hotel',
  sublet: 'results.empty.sublet',
  rental: 'results.empty.rental',
} as const;

interface ResultsContentProps {
  query: { isError: boolean; isFetching: boolean; isPlaceholderData: boolean };
  /** The results to show: absent while the first page of this property type loads, or when it failed. */
  data: SearchResponse | undefined;
  type: keyof typeof emptyKeys;
  language: Language;
  onRetry: () => void;
  onClearAll: () => void;
  /** Beside the map: columns by the list's own width (a container query), not the window's. */
  compact?: boolean;
}

/** The results grid, or its loading skeletons, its failure with a retry, or "nothing found" with a way to clear the filters. */
export function ResultsContent({ query, data, type, language, onRetry, onClearAll, compact = false }: ResultsContentProps) {
  const { t } = useTranslation();
  const columns = compact ? '@2xl:grid-cols-2' : 'sm:grid-cols-2 xl:grid-cols-3';
  if (query.isError && !data) {
    return (
      <ErrorState
        title={t('results.error')}
        retrying={query.isFetching}
        onRetry={onRetry}
        testId="results-error"
        retryTestId="results-retry"
      />
    );
  }
  if (!data) {
    return (
      <LoadingState className={cn('grid gap-5', columns)} testId="results-loading">
        {Array.from({ length: skeletonCardCount }, (_, index) => (
          <ListingCardSkeleton key={index} />
        ))}
      </LoadingState>
    );
  }
  if (data.results.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        iconTone="slate"
        title={t(emptyKeys[type])}
        text={t('results.emptyHint')}
        testId="results-empty"
        action={
          <Button variant="secondary" onClick={onClearAll} className="mt-6" data-testid="results-empty-clear">
            {t('results.filters.clearAll')}
          </Button>
        }
      />
    );
  }
  return (
    <ul className={cn('grid gap-5 transition-opacity', columns, query.isPlaceholderData && 'opacity-60')} data-testid="results-list">
      {data.results.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} language={language} priority={index === 0} photoSizes={resultsPhotoSizes} />
        </li>
      ))}
    </ul>
  );
}
