import { ArrowUpDown } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { searchSorts, type SearchSort } from '../../../core/search-params.ts';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatTotal, shownRange } from './results-model.ts';

const sortKeys: Record<SearchSort, `results.sort.${SearchSort}`> = {
  rating: 'results.sort.rating',
  price_asc: 'results.sort.price_asc',
  price_desc: 'results.sort.price_desc',
  newest: 'results.sort.newest',
};

interface ResultsToolbarProps {
  data: SearchResponse | undefined;
  searching: boolean;
  sort: SearchSort;
  language: Language;
  onSortChange: (sort: SearchSort) => void;
}

/** Above the results: which of them this page shows (with a spinner while a search runs) and the sort order. */
export function ResultsToolbar({ data, searching, sort, language, onSortChange }: ResultsToolbarProps) {
  const { t } = useTranslation();
  const range = data ? shownRange(data.page, data.pageSize, data.results.length) : null;
  return (
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
        <label
          htmlFor="results-sort"
          className="flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-200"
        >
          <ArrowUpDown className="size-4 text-slate-400" aria-hidden="true" />
          {t('results.sort.label')}
        </label>
        <select
          id="results-sort"
          value={sort}
          onChange={(event) => onSortChange(event.target.value as SearchSort)}
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
  );
}
