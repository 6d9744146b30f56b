import { Heart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { skeletonCardCount } from '../../../core/constants.ts';
import { formatNumber } from '../../../core/format.ts';
import type { ListingCard as Listing } from '../../../core/contracts/search.ts';
import { useLanguage } from '../../app/language.tsx';
import { ListingCard, ListingCardSkeleton } from '../../components/listing-card/listing-card.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useResaveListing, useSavedListings, useUnsaveListing } from './saved-api.ts';
import { focusIndexAfterRemoval } from './saved-model.ts';
import { SavedSearches } from './saved-searches.tsx';

const gridClasses = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

/** The heart over a card's photo: pressing it takes the listing off the list. */
function RemoveButton({ listing, onRemove }: { listing: Listing; onRemove(listing: Listing): void }) {
  const { t } = useTranslation();
  const label = t('saved.remove', { title: listing.title });
  return (
    <button
      type="button"
      onClick={() => onRemove(listing)}
      aria-label={label}
      title={label}
      data-testid="saved-remove"
      className="flex size-10 items-center justify-center rounded-full bg-white/95 text-rose-600 shadow-md ring-1 ring-slate-900/5 backdrop-blur transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 motion-reduce:hover:scale-100 dark:bg-slate-950/85 dark:text-rose-400 dark:ring-white/10 dark:focus-visible:ring-brand-400 dark:focus-visible:ring-offset-slate-950"
    >
      <Heart className="size-5 fill-current" aria-hidden="true" />
    </button>
  );
}

/** Saved (signed-in users): the listings they saved, latest first, each one removable from the list. */
export default function SavedPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('saved.title'));
  const query = useSavedListings(language);
  const unsave = useUnsaveListing(language);
  const resave = useResaveListing();
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listings = query.data;
  // Where focus goes once a removed card has left the list: a card's index, or null for the heading.
  const focusAfterRemoval = useRef<number | null | undefined>(undefined);

  // The pressed button is gone with its card: keep keyboard users in the list rather than at the top of the page.
  useEffect(() => {
    if (focusAfterRemoval.current === undefined) return;
    const index = focusAfterRemoval.current;
    focusAfterRemoval.current = undefined;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-testid="saved-remove"]');
    ((index === null ? null : buttons?.[index]) ?? headingRef.current)?.focus();
  }, [listings]);

  const remove = (listing: Listing) => {
    const index = listings?.findIndex((card) => card.id === listing.id) ?? -1;
    focusAfterRemoval.current = focusIndexAfterRemoval(index, listings?.length ?? 0);
    unsave.mutate(listing, {
      onSuccess: () =>
        toast.success(t('saved.removed'), {
          description: listing.title,
          action: {
            label: t('saved.undo'),
            onClick: () =>
              resave.mutate(listing.id, {
                onError: (error) => toast.error(t('saved.undoFailed'), { description: errorText(t, error) }),
              }),
          },
        }),
      onError: (error) => toast.error(t('saved.removeFailed'), { description: errorText(t, error) }),
    });
  };

  let content;
  if (query.isError && !listings) {
    content = (
      <ErrorState
        title={t('saved.errorTitle')}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        testId="saved-error"
        retryTestId="saved-retry"
      />
    );
  } else if (!listings) {
    content = (
      <LoadingState label={t('saved.loading')} className={gridClasses} testId="saved-loading">
        {Array.from({ length: skeletonCardCount }, (_, index) => (
          <ListingCardSkeleton key={index} />
        ))}
      </LoadingState>
    );
  } else if (listings.length === 0) {
    content = (
      <EmptyState
        icon={Heart}
        iconTone="rose"
        title={t('saved.empty.title')}
        text={t('saved.empty.text')}
        testId="saved-empty"
        action={
          <LocalizedLink to="/explore" data-testid="saved-explore" className={buttonClasses('primary', 'md', 'mt-6')}>
            {t('saved.empty.explore')}
          </LocalizedLink>
        }
      />
    );
  } else {
    content = (
      <ul ref={listRef} className={gridClasses} data-testid="saved-list">
        {listings.map((listing) => (
          <li key={listing.id} data-testid="saved-item" data-id={listing.id}>
            <ListingCard listing={listing} language={language} photoAction={<RemoveButton listing={listing} onRemove={remove} />} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      data-testid="page-saved"
      data-state={query.isError && !listings ? 'error' : !listings ? 'loading' : listings.length === 0 ? 'empty' : 'ready'}
      className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8"
    >
      <header className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-rose-50 text-rose-600 sm:flex dark:bg-rose-950/60 dark:text-rose-300">
          <Heart className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1
            ref={headingRef}
            tabIndex={-1}
            data-testid="saved-title"
            className="text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl dark:text-white"
          >
            {t('saved.title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400" data-testid="saved-subtitle">
            {t('saved.subtitle')}
          </p>
          {listings && listings.length > 0 && (
            <p className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="saved-count" aria-live="polite">
              {t('saved.count', { count: listings.length, n: formatNumber(listings.length, language) })}
            </p>
          )}
        </div>
      </header>
      <SavedSearches />
      <section aria-labelledby="saved-heading" className="mt-10">
        <h2 id="saved-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          {t('saved.searches.listingsTitle')}
        </h2>
        {content}
      </section>
    </div>
  );
}
