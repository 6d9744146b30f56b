import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatNumber } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { cn } from '../../lib/cn.ts';
import { pageItems } from './results-model.ts';

interface ResultsPaginationProps {
  page: number;
  pageCount: number;
  /** The /results path of a page, without language prefix. */
  hrefOf: (page: number) => string;
  language: Language;
}

const itemClass =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-xl px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * Page links (real links: a page can be opened in a new tab or shared; following one scrolls to the
 * top). Previous and next point the reading direction's way, so their chevrons flip in Hebrew.
 */
export function ResultsPagination({ page, pageCount, hrefOf, language }: ResultsPaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const disabled = 'pointer-events-none text-slate-300 dark:text-slate-600';
  const idle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

  return (
    <nav aria-label={t('results.pagination.label')} data-testid="results-pagination" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <LocalizedLink to={hrefOf(page - 1)} rel="prev" className={cn(itemClass, idle)} data-testid="pagination-previous">
              <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              <span className="max-sm:sr-only">{t('results.pagination.previous')}</span>
            </LocalizedLink>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, disabled)} data-testid="pagination-previous">
              <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              <span className="max-sm:sr-only">{t('results.pagination.previous')}</span>
            </span>
          )}
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400 dark:text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <LocalizedLink
                to={hrefOf(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('results.pagination.page', { page: formatNumber(item, language) })}
                data-testid={`pagination-page-${item}`}
                className={cn(
                  itemClass,
                  item === page
                    ? 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300'
                    : idle,
                )}
              >
                {formatNumber(item, language)}
              </LocalizedLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <LocalizedLink to={hrefOf(page + 1)} rel="next" className={cn(itemClass, idle)} data-testid="pagination-next">
              <span className="max-sm:sr-only">{t('results.pagination.next')}</span>
              <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </LocalizedLink>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, disabled)} data-testid="pagination-next">
              <span className="max-sm:sr-only">{t('results.pagination.next')}</span>
              <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
