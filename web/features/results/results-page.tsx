import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchQueries } from '../../components/search/search-api.ts';
import { List, Map as MapIcon, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useLocation, useSearchParams } from 'react-router';
import { timings } from '../../../core/constants.ts';
import {
  clearedResultsFilters,
  parseResultsFilters,
  resultsFiltersToParams,
  type ResultsFilters,
  type SearchSort,
} from '../../../core/search-params.ts';
import { appliedFilterCount } from '../../../core/search-params.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useStickyTop } from '../../lib/use-sticky-top.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { FilterPanel, filterFieldIds } from './filter-panel.tsx';
import { filterKeyOf, formatTotal, searchQueryOf, shownLocation } from './results-model.ts';
import { ResultsContent } from './results-content.tsx';
import { ResultsToolbar } from './results-toolbar.tsx';
import { SearchSummary } from './search-summary.tsx';
import { whenNearScreen } from '../../lib/near-screen.ts';
import { useResultsView } from './use-results-view.ts';
import { keepScroll } from '../../app/scroll-restoration.tsx';

// Only signed-in members see it, and nothing needs it before the page answers taps: a chunk of its own,
// hydrated when it arrives (the server's button stays on screen until then; docs/performance-rules.md, rule 6).
// The page links below the results: links work before hydration, so they too may hydrate when their chunk
// arrives, and it is fetched when they near the screen (or at the first scroll, tap or key, lib/near-screen.ts).
const ResultsPagination = lazy(() =>
  whenNearScreen('[data-testid="results-pagination"]').then(() =>
    import('./results-pagination.tsx').then((module) => ({ default: module.ResultsPagination })),
  ),
);
const SaveSearch = lazy(() => import('./save-search.tsx').then((module) => ({ default: module.SaveSearch })));

// MapLibre and the map are their own chunk, fetched only when the map is shown.
const ResultsMap = lazy(() => import('./results-map.tsx'));
// The sentence search box is a chunk of its own (issue 38): it stays out of the page's first load.
const SentenceSearch = lazy(() =>
  import('../../components/search/sentence-search.tsx').then((module) => ({ default: module.SentenceSearch })),
);

const titleKeys = {
  hotel: 'results.titles.hotel',
  sublet: 'results.titles.sublet',
  rental: 'results.titles.rental',
} as const;
const nounKeys = {
  hotel: 'results.nouns.hotel',
  sublet: 'results.nouns.sublet',
  rental: 'results.nouns.rental',
} as const;

/** Moves focus to a filter's field; `open` also opens it (the dates' picker), as a tap on it would. */
function focusField(id: string, open = false) {
  const root = document.getElementById(id);
  const target =
    root && root.matches('input, button, select, textarea, [tabindex]')
      ? root
      : (root ?? document.querySelector(`[data-testid="filter-dates"]`))?.querySelector<HTMLElement>('input, button');
  target?.focus();
  target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (open) target?.click();
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
  // List or map; from 1024 px the map shows beside the list.
  const [view, setView] = useResultsView();
  const split = useMediaQuery('(min-width: 1024px)');
  const mapShown = view === 'map';
  const panelRef = useRef<HTMLElement>(null);
  // The nav bar is 64 px, plus the type switcher row below 1280 px.
  // The filters are a sticky column from Tailwind's md (768 px) on.
  const stickyTop = useStickyTop(panelRef, wide ? 88 : 136, 768);

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
  const data =
    query.data && (!query.isPlaceholderData || query.data.results.every((card) => card.type === filters.type)) ? query.data : undefined;
  const searching = query.isFetching;

  // A page past the end (results changed, or an edited link): go to the last page.
  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    if (data.results.length === 0 && data.total > 0 && filters.page > 1) {
      setParams(resultsFiltersToParams({ ...filters, page: Math.max(1, data.pageCount) }), { replace: true });
    }
  }, [data, query.isPlaceholderData, filters, setParams]);

  const search = () => {
    // A new place replaces the map's area.
    const next = searchQueryOf(draft.location !== filters.location ? { ...draft, bbox: undefined } : draft, filters.sort);
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

  // "Search this area": the map's box with the same filters, in place of a searched place.
  const searchArea = (bbox: string) =>
    setParams(resultsFiltersToParams({ ...filters, location: '', bbox, page: 1 }), { state: keepScroll });

  const changeSort = (sort: SearchSort) => setParams(resultsFiltersToParams({ ...filters, sort, page: 1 }), { state: keepScroll });

  const edit = (id: string, open = false) => {
    if (desktop) {
      focusField(id, open);
      return;
    }
    setPanelOpen(true);
    requestAnimationFrame(() => focusField(id, open));
  };

  const typeNoun = (count: number) => t(nounKeys[filters.type], { count });
  const locationName = data && !query.isPlaceholderData ? data.locationName : null;
  let subtitle = t('results.refine');
  if (data && data.total > 0) {
    const n = formatTotal(data.total, data.totalIsCapped, language);
    subtitle = filters.location
      ? t('results.found', { count: data.total, n, type: typeNoun(data.total), location: locationName ?? filters.location })
      : filters.bbox
        ? t('map.foundInArea', { count: data.total, n, type: typeNoun(data.total) })
        : t('results.foundAnywhere', { count: data.total, n, type: typeNoun(data.total) });
  }

  return (
    <div
      className={cn('mx-auto w-full px-4 py-6 sm:px-6 md:py-8 lg:px-8', mapShown && split ? 'max-w-screen-2xl' : 'max-w-7xl')}
      data-testid="page-results"
      // For tests: the URL this render shows, and whether its results (or error) have arrived.
      data-search={rawSearch}
      data-ready={(query.isError && !data) || (data && !query.isPlaceholderData && !query.isFetching) ? 'true' : 'false'}
      data-total={data && !query.isPlaceholderData ? data.total : undefined}
    >
      <Suspense fallback={<div className="mb-4 h-12" aria-hidden="true" />}>
        <SentenceSearch type={filters.type} sort={filters.sort} className="mb-4" />
      </Suspense>
      <SearchSummary
        draft={draft}
        location={shownLocation(draft.location, filters.location, locationName)}
        language={language}
        searching={searching}
        onEditLocation={() => edit(filterFieldIds.location)}
        onEditDates={() => edit(filterFieldIds.dates, true)}
        onSearch={search}
      />

      <header className="mt-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-3 md:mt-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white" data-testid="results-title">
            {title}
          </h1>
          <p className="mt-1.5 text-base text-slate-600 dark:text-slate-300" data-testid="results-subtitle" aria-live="polite">
            {subtitle}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Suspense fallback={null}>
            <SaveSearch query={canonical} suggestedName={locationName ?? filters.location ?? ''} language={language} />
          </Suspense>
          <Button variant="secondary" onClick={() => setView(mapShown ? 'list' : 'map')} data-testid="results-view-toggle" data-view={view}>
            {mapShown ? <List className="size-4" aria-hidden="true" /> : <MapIcon className="size-4" aria-hidden="true" />}
            {mapShown ? t('map.showList') : t('map.showMap')}
          </Button>
        </div>
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
            className="w-full md:hidden [@media(scripting:none)]:hidden" // without scripts the panel is shown instead
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {t('results.filters.show')}
          </Button>
        )}

        <aside
          id="results-filters"
          ref={panelRef}
          style={{ top: stickyTop }}
          className={cn(panelOpen ? 'block' : 'hidden', 'md:sticky md:block [@media(scripting:none)]:block')}
          aria-label={t('results.filters.title')}
        >
          <FilterPanel
            draft={draft}
            onDraftChange={setDraft}
            onSearch={search}
            onClearAll={clearAll}
            searching={searching}
            language={language}
            appliedCount={appliedFilterCount(filters)}
            locationShown={shownLocation(draft.location, filters.location, locationName)}
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
          <ResultsToolbar data={data} searching={searching} sort={filters.sort} language={language} onSortChange={changeSort} />

          <div className={cn(mapShown && 'grid items-start gap-5', mapShown && split && 'grid-cols-2')}>
            {/* On phones the map takes the list's place; the list stays the accessible primary view beside it. */}
            <div className={cn('@container flex min-w-0 flex-col gap-5', mapShown && !split && 'hidden')}>
              <ResultsContent
                query={query}
                data={data}
                type={filters.type}
                language={language}
                onRetry={() => void query.refetch()}
                onClearAll={clearAll}
                compact={mapShown}
              />
            </div>
            {mapShown && (
              <section
                aria-label={t('map.resultsLabel')}
                className={cn('min-w-0', split ? 'sticky h-[calc(100dvh-7rem)]' : 'h-[70dvh]')}
                style={split ? { top: wide ? 88 : 136 } : undefined}
              >
                <Suspense fallback={<div className="size-full animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800" />}>
                  <ResultsMap listings={data?.results ?? []} language={language} bbox={filters.bbox} onSearchArea={searchArea} />
                </Suspense>
              </section>
            )}
          </div>

          {data && data.results.length > 0 && (
            <Suspense fallback={null}>
              <ResultsPagination
                page={data.page}
                pageCount={data.pageCount}
                hrefOf={(page) => `/results?${resultsFiltersToParams({ ...filters, page }).toString()}`}
                language={language}
              />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
