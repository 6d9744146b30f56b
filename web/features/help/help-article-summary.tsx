import { Eye, Star } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatNumber, formatRating } from '../../../core/format.ts';
import type { HelpArticleSummary } from '../../../core/contracts/content.ts';
import type { Language } from '../../../core/languages.ts';
import { ratingScale } from '../../../core/constants.ts';

/** Views and rating of a help article, in the page's number format. */
export function HelpArticleStats({ article, language }: { article: HelpArticleSummary; language: Language }) {
  const { t } = useTranslation();
  const rating = formatRating(article.rating, language);
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <span className="inline-flex items-center gap-1">
        <Eye className="size-4" aria-hidden="true" />
        {t('help.views', { count: article.views, n: formatNumber(article.views, language) })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
        {t('help.rating', { rating, max: formatNumber(ratingScale, language) })}
      </span>
    </p>
  );
}
