import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchQueries } from '../../components/search/search-api.ts';
import { AlertTriangle, ArrowUpDown, SearchX, SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { skeletonCardCount, timings } from '../../../core/constants.ts';
import { formatNumber } from '../../../core/format.ts';
import {
  clearedResultsFilters,
  parseResultsFilters,
  resultsFiltersToParams,
  searchSorts,
  type ResultsFilters,
  type SearchSort,
} from '../../../core/search-params.ts';
import { useLanguage } from '../../app/language.tsx';
import { ListingCard, ListingCardSkeleton } from '../../components/listing-card/listing-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStickyTop } from '../../lib/use-sticky-top.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { FilterPanel, filterFieldIds } from './filter-panel.tsx';
import { ResultsPagination } from './results-pagination.tsx';
import { filterKeyOf, formatTotal, searchQueryOf, shownLocation, shownRange } from './results-model.ts';
import { SearchSummary } from './search-summary.tsx';

const titleKeys = {
  hotel: 'results.titles.hotel',
  sublet: 'results.titles.sublet',
  rental: 'results.titles.rental',
} as const;
const emptyKeys = {
  hotel: 'results.empty.hotel',
  sublet: 'results.empty.sublet',
  rental: 'results.empty.rental',
} as const;
const nounKeys = {
  hotel: 'results.nouns.hotel',
  sublet: 'results.nouns.sublet',
  rental: 'results.nouns.rental',
} as const;
const sortKeys: Record<SearchSort, `results.sort.${SearchSort}`> = {
  rating: 'results.sort.rating',
  price_asc: 'results.sort.price_asc',
  price_desc: 'results.sort.price_desc',
  newest: 'results.sort.newest',
};

function focusField(id: string) {
  const root = document.getElementById(id);
  const target =
    root && root.matches('input, button, select, textarea, [tabindex]')
      ? root
      : (root ?? document.querySelector(`[data-testid="filter-dates"]`))?.querySelector<HTMLElement>('input, button');
  target?.focus();
  target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

export default function ResultsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const { search: rawSearch } = useLocation();
  const filters = parseResultsFilters(params);
  const canonical = resultsFiltersToParams(filters).toString();
  const filterKey = filterKeyOf(filters);
  const desktop = useMediaQuery(`(min-width: ${timings.mobileBreakpointPx}px)`);
  const wide = useMediaQuery('(min-width: 1280px)');
  const [panelOpen, setPanelOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  // The nav bar is 64 px, plus the type switcher row below 1280 px.
  const stickyTop = useStickyTop(panelRef, wide ? 88 : 136);

  // The panel edits a draft; it starts over whenever the URL's filters change (Search, Clear All, back button, type switch).
  const [draft, setDraft] = useState<ResultsFilters>(filters);
  const [draftKey, setDraftKey] = useState(filterKey);
  if (draftKey !== filterKey) {
    setDraftKey(filterKey);
    setDraft(filters);
  }

  const query = useQuery({
    ...searchQueries.results(language, canonical),
    placeholderData: keepPreviousData,
    // A bad request stays bad: no retry for 4xx answers.
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });

  const title = t(titleKeys[filters.type]);
  useDocumentTitle(title);

  // Results of another property type are no preview of these: show skeletons instead.
  const data = query.data && (!query.isPlaceholderData || query.data.results.every((card) => card.type === filters.type)) ? query.data : undefined;
  const searching = query.isFetching;

  // A page past the end (results changed, or an edited link): go to the last page.
  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    if (data.results.length === 0 && data.total > 0 && filters.page > 1) {
      setParams(resultsFiltersToParams({ ...filters, page: Math.max(1, data.pageCount) }), { replace: true });
    }
  }, [data, query.isPlaceholderData, filters, setParams]);

  const search = () => {
    const next = searchQueryOf(draft, filters.sort);
    if (next === canonical) void query.refetch();
    else setParams(next);
    setPanelOpen(false);
  };

  const clearAll = () => {
    const cleared: ResultsFilters = { ...clearedResultsFilters(filters.type), sort: filters.sort };
    setDraft(cleared);
    const next = resultsFiltersToParams(cleared).toString();
    if (next === canonical) void query.refetch();
    else setParams(next);
  };

  const changeSort = (sort: SearchSort) => setParams(resultsFiltersToParams({ ...filters, sort, page: 1 }), { preventScrollReset: true });

  const edit = (id: string) => {
    if (desktop) {
      focusField(id);
      return;
    }
    setPanelOpen(true);
    requestAnimationFrame(() => focusField(id));
  };

  const typeNoun = (count: number) => t(nounKeys[filters.type], { count });
  const locationName = data && !query.isPlaceholderData ? data.locationName : null;
  let subtitle = t('results.refine');
  if (data && data.total > 0) {
    const n = formatTotal(data.total, data.totalIsCapped, language);
    subtitle = filters.location
      ? t('results.found', { count: data.total, n, type: typeNoun(data.total), location: locationName ?? filters.location })
      : t('results.foundAnywhere', { count: data.total, n, type: typeNoun(data.total) });
  }

  let content;
  if (query.isError && !data) {
    content = (
      <div
        role="alert"
        data-testid="results-error"
        className="flex flex-col items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50 px-6 py-14 text-center dark:border-rose-900 dark:bg-rose-950/40"
      >
        <AlertTriangle className="size-8 text-rose-600 dark:text-rose-300" aria-hidden="true" />
        <p className="font-semibold text-rose-900 dark:text-rose-100">{t('results.error')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="results-retry">
          {query.isFetching && <Spinner className="size-4" />}
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else if (!data) {
    content = (
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="results-loading">
        <span className="sr-only" role="status">
          {t('common.loading')}
        </span>
        {Array.from({ length: skeletonCardCount }, (_, index) => (
          <ListingCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (data.results.length === 0) {
    content = (
      <div
        data-testid="results-empty"
        className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center dark:border-slate-700 dark:bg-slate-900"
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          <SearchX className="size-7" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{t(emptyKeys[filters.type])}</p>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">{t('results.emptyHint')}</p>
        <Button variant="secondary" onClick={clearAll} className="mt-2" data-testid="results-empty-clear">
          {t('results.filters.clearAll')}
        </Button>
      </div>
    );
  } else {
    content = (
      <ul
        className={cn(
          'grid gap-5 transition-opacity sm:grid-cols-2 xl:grid-cols-3',
          query.isPlaceholderData && 'opacity-60',
        )}
        data-testid="results-list"
      >
        {data.results.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} language={language} />
          </li>
        ))}
      </ul>
    );
  }

  const range = data ? shownRange(data.page, data.pageSize, data.results.length) : null;

  return (
    <div
      className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-8 lg:px-8"
      data-testid="page-results"
      // For tests: the URL this render shows, and whether its results (or error) have arrived.
      data-search={rawSearch}
      data-ready={(query.isError && !data) || (data && !query.isPlaceholderData && !query.isFetching) ? 'true' : 'false'}
      data-total={data && !query.isPlaceholderData ? data.total : undefined}
    >
      <SearchSummary
        draft={draft}
        location={shownLocation(draft.location, filters.location, locationName)}
        language={language}
        searching={searching}
        onEditLocation={() => edit(filterFieldIds.location)}
        onEditDates={() => edit(filterFieldIds.dates)}
        onSearch={search}
      />

      <header className="mt-6 md:mt-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white" data-testid="results-title">
          {title}
        </h1>
        <p className="mt-1.5 text-base text-slate-600 dark:text-slate-300" data-testid="results-subtitle" aria-live="polite">
          {subtitle}
        </p>
      </header>

      <div className="mt-6 grid items-start gap-6 md:grid-cols-[16rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-8">
        {!panelOpen && (
          <Button
            variant="secondary"
            onClick={() => {
              setPanelOpen(true);
              // The button goes away: focus moves into the panel (its close button).
              requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="filter-close"]')?.focus());
            }}
            aria-expanded="false"
            aria-controls="results-filters"
            id="results-show-filters"
            data-testid="results-show-filters"
            className="w-full md:hidden"
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {t('results.filters.show')}
          </Button>
        )}

        <aside
          id="results-filters"
          ref={panelRef}
          style={{ top: stickyTop }}
          className={cn(panelOpen ? 'block' : 'hidden', 'md:sticky md:block')}
          aria-label={t('results.filters.title')}
        >
          <FilterPanel
            draft={draft}
            onDraftChange={setDraft}
            onSearch={search}
            onClearAll={clearAll}
            searching={searching}
            language={language}
            onClose={() => {
              setPanelOpen(false);
              // Back to the button that opened the panel.
              requestAnimationFrame(() => document.getElementById('results-show-filters')?.focus());
            }}
          />
        </aside>

        <section aria-labelledby="results-heading" aria-busy={searching} className="flex min-w-0 flex-col gap-5">
          <h2 id="results-heading" className="sr-only">
            {title}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" data-testid="results-count">
              {data && range && data.total > 0
                ? t('results.showing', {
                    from: formatNumber(range.from, language),
                    to: formatNumber(range.to, language),
                    total: formatTotal(data.total, data.totalIsCapped, language),
                  })
                : null}
              {searching && data && <Spinner className="size-4 text-brand-700 dark:text-brand-300" />}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="results-sort" className="flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-200">
                <ArrowUpDown className="size-4 text-slate-400" aria-hidden="true" />
                {t('results.sort.label')}
              </label>
              <select
                id="results-sort"
                value={filters.sort}
                onChange={(event) => changeSort(event.target.value as SearchSort)}
                data-testid="results-sort"
                className="h-10 rounded-xl border border-slate-300 bg-white ps-3 pe-8 text-sm text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:[color-scheme:dark]"
              >
                {searchSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(sortKeys[sort])}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {content}

          {data && data.results.length > 0 && (
            <ResultsPagination
              page={data.page}
              pageCount={data.pageCount}
              hrefOf={(page) => `/results?${resultsFiltersToParams({ ...filters, page }).toString()}`}
              language={language}
            />
          )}
        </section>
      </div>
    </div>
  );
}
