import { CalendarDays, MapPin, Search } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Language } from '../../../core/languages.ts';
import type { ResultsFilters } from '../../../core/search-params.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatSummaryDates } from './results-model.ts';
import { Card } from '../../components/ui/card.tsx';

interface SearchSummaryProps {
  /** The search being edited: where and when. */
  draft: ResultsFilters;
  /** Where, as the page names it (the draft's location, in the page's language when known). */
  location: string;
  language: Language;
  searching: boolean;
  onEditLocation: () => void;
  onEditDates: () => void;
  onSearch: () => void;
}

const segment =
  'flex min-w-0 items-center gap-3 rounded-xl px-3 py-2 text-start transition-colors hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800/70';

/**
 * The search summary bar: where (or a prompt) and when, 'MMM dd - MMM dd' (or a prompt).
 * Each part takes the guest to its field in the filter panel; the button runs the search.
 */
export function SearchSummary({ draft, location, language, searching, onEditLocation, onEditDates, onSearch }: SearchSummaryProps) {
  const { t } = useTranslation();
  const dates = formatSummaryDates(draft.checkIn, draft.checkOut, language);
  return (
    <Card data-testid="results-summary" className="flex flex-wrap items-center gap-1 p-1.5 shadow-sm sm:flex-nowrap">
      <button
        type="button"
        onClick={onEditLocation}
        className={cn(segment, 'basis-full sm:flex-1 sm:basis-0')}
        data-testid="summary-location"
      >
        <MapPin className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <span className="flex min-w-0 flex-col">
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('results.summary.where')}</span>
          <span
            className={cn(
              'truncate text-sm font-medium',
              location ? 'text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400',
            )}
            dir="auto"
            data-testid="summary-location-value"
          >
            {location || t('results.summary.wherePrompt')}
          </span>
        </span>
      </button>
      <span aria-hidden="true" className="hidden h-8 w-px bg-slate-200 sm:block dark:bg-slate-700" />
      <button type="button" onClick={onEditDates} className={cn(segment, 'flex-1 sm:basis-0')} data-testid="summary-dates">
        <CalendarDays className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <span className="flex min-w-0 flex-col">
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('results.summary.when')}</span>
          <span
            className={cn('truncate text-sm font-medium', dates ? 'text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400')}
            data-testid="summary-dates-value"
          >
            {dates || t('results.summary.datesPrompt')}
          </span>
        </span>
      </button>
      <Button onClick={onSearch} disabled={searching} data-testid="summary-search" className="h-11 shrink-0 px-5">
        <Search className="size-4" aria-hidden="true" />
        {t('results.filters.search')}
      </Button>
    </Card>
  );
}
