import { MessageSquareQuote, Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { ratingScale } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../../core/format-date.ts';
import { Avatar } from './avatar.tsx';
import { useRecommendations } from './profile-api.ts';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={t('profile.recommendations.rating', { rating })}>
      {Array.from({ length: ratingScale }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn('size-4', index < rating ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300 dark:text-slate-600')}
        />
      ))}
    </span>
  );
}

/** What others wrote about the user, newest first; fetch errors are only logged. */
export function RecommendationsList() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const query = useRecommendations();
  if (query.isError) console.error('recommendations could not be loaded', query.error);
  const items = query.data ?? [];

  return (
    <Card as="section" aria-labelledby={`${id}-title`} data-testid="recommendations" className="p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.recommendations.title')}
      </h2>
      {query.isPending ? (
        <LoadingState className="py-8" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={MessageSquareQuote}
          iconTone="slate"
          title={t('profile.recommendations.empty')}
          text={t('profile.recommendations.emptyText')}
          titleAs="h3"
          className="mt-4"
          testId="recommendations-empty"
        />
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((item) => {
            const name = `${item.recommender.firstName} ${item.recommender.lastName}`.trim();
            return (
              <li key={item.id} className="flex gap-4 py-5 first:pt-0 last:pb-0" data-testid="recommendation">
                <Avatar
                  url={item.recommender.profileImageUrl}
                  firstName={item.recommender.firstName}
                  lastName={item.recommender.lastName}
                  alt=""
                  className="size-11 text-sm ring-0"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <p className="font-medium text-slate-900 dark:text-white">{name}</p>
                    <time dateTime={item.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                      {formatDate(new Date(item.createdAt), 'date', language)}
                    </time>
                  </div>
                  {item.relationshipContext && (
                    <p dir="auto" className="text-sm text-slate-600 dark:text-slate-400">
                      {item.relationshipContext}
                    </p>
                  )}
                  <div className="mt-1.5">
                    <Stars rating={item.rating} />
                  </div>
                  <blockquote dir="auto" className="mt-2 text-sm leading-6 text-slate-700 dark:text-slate-300">
                    {item.recommendationText}
                  </blockquote>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
