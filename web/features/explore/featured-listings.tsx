import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { skeletonCardCount } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { ListingCard, ListingCardSkeleton } from '../../components/listing-card/listing-card.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { searchQueries } from '../../components/search/search-api.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';

/** Six top-rated listings from GET /api/listings/featured, as result cards. */
export function FeaturedListings() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useQuery(searchQueries.featured(language));

  return (
    <section
      aria-labelledby="explore-featured-title"
      data-testid="explore-featured"
      className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="explore-featured-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('explore.featured.title')}
          </h2>
          <p className="mt-1.5 text-base text-slate-600 dark:text-slate-400">{t('explore.featured.text')}</p>
        </div>
        <LocalizedLink
          to="/results?type=sublet"
          className="hidden items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-800 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-500 sm:inline-flex dark:text-brand-300 dark:hover:text-brand-200"
        >
          {t('explore.browseAll')}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </LocalizedLink>
      </div>

      {query.isError ? (
        <ErrorState
          className="mt-8"
          title={t('explore.featured.error')}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
          testId="explore-featured-error"
        />
      ) : query.data && query.data.length === 0 ? (
        <EmptyState
          className="mt-8"
          title={t('explore.featured.empty')}
          action={
            <LocalizedLink to="/results?type=sublet" className={buttonClasses('secondary', 'md', 'mt-6')}>
              {t('explore.browseAll')}
            </LocalizedLink>
          }
        />
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={query.isPending || undefined}>
          {query.data
            ? query.data.map((listing) => (
                <li key={listing.id} className="min-w-0">
                  <ListingCard listing={listing} language={language} />
                </li>
              ))
            : Array.from({ length: skeletonCardCount }, (_, index) => (
                <li key={index}>
                  <ListingCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
