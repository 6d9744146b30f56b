import { Award, ShieldCheck, Star } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Language } from '../../../core/languages.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { Card } from '../../components/ui/card.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { initialsOf } from './property-model.ts';
import { reviewCategories } from '../../../core/review-rules.ts';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { formatNumber, formatRating } from '../../../core/format.ts';
import { Section, Stars } from './property-sections.tsx';
import { memberName } from '../../lib/member-name.ts';

// The people of a listing: its host, and the guests' reviews.

function parseTimestamp(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

export function HostCard({ listing, language }: { listing: ListingDetail; language: Language }) {
  const { t } = useTranslation();
  const { host } = listing;
  return (
    <Section
      title={t('property.host.title')}
      testId="property-host"
      className="drawn-when-near [--drawn-size:340px] sm:[--drawn-size:260px]"
    >
      <Card className="flex flex-col gap-4 p-5 shadow-xs sm:flex-row sm:items-center">
        <div className="flex items-center gap-4">
          {host.photoUrl ? (
            <img src={host.photoUrl} alt="" className="size-16 shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-800" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
            >
              {initialsOf(host.firstName)}
            </span>
          )}
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900 dark:text-white" data-testid="host-name">
              <span dir="auto">{t('property.host.hostedBy', { name: host.firstName })}</span>
            </p>
            <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="host-member-since">
              {t('property.host.memberSince', { date: formatDate(parseTimestamp(host.memberSince), 'monthYear', language) })}
            </p>
          </div>
        </div>
        <ul className="flex flex-col gap-2 text-sm text-slate-700 sm:ms-auto sm:items-end dark:text-slate-300">
          {host.superHost && (
            <li
              data-testid="host-super-host"
              className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900"
            >
              <Award className="size-4" aria-hidden="true" />
              {t('property.host.superHost')}
            </li>
          )}
          {host.idVerified && (
            <li
              data-testid="host-verified"
              className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-900"
            >
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t('property.host.idVerified')}
            </li>
          )}
          <li data-testid="host-rating">
            {host.ratingAverage === null ? (
              t('property.host.noRating')
            ) : (
              <RatingSummaryInline average={host.ratingAverage} count={host.reviewCount} language={language} />
            )}
          </li>
          {host.responseRate !== null && (
            <li data-testid="host-response-rate">{t('property.host.responseRate', { n: formatNumber(host.responseRate, language) })}</li>
          )}
          {host.responseTimeHours !== null && (
            <li data-testid="host-response-time">
              {t('property.host.responds', { count: host.responseTimeHours, n: host.responseTimeHours })}
            </li>
          )}
          <li>
            <LocalizedLink
              to={`/people/${host.id}`}
              data-testid="host-profile-link"
              className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {t('property.host.profile')}
            </LocalizedLink>
          </li>
        </ul>
      </Card>
    </Section>
  );
}

function RatingSummaryInline({ average, count, language }: { average: number; count: number; language: Language }) {
  const { t } = useTranslation();
  const rating = formatRating(average, language);
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="font-semibold text-slate-900 dark:text-white">{rating}</span>
      <span className="text-slate-500 dark:text-slate-400">{t('listing.reviewCount', { count, n: count })}</span>
      <span className="sr-only">{t('listing.ratingLabel', { rating })}</span>
    </span>
  );
}

export function Reviews({ listing, language }: { listing: ListingDetail; language: Language }) {
  const { t } = useTranslation();
  return (
    <Section title={t('property.reviewsTitle')} testId="property-reviews" className="drawn-when-near [--drawn-size:300px]">
      <CategoryAverages averages={listing.categoryAverages} language={language} />
      {listing.reviews.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="reviews-empty">
          {t('property.noReviews')}
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {listing.reviews.map((review) => (
            <Card as="li" key={review.id} data-testid="review" className="flex flex-col gap-3 p-5">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  {initialsOf(memberName(t, review.authorFirstName))}
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 dark:text-white" dir="auto" data-testid="review-author">
                    {memberName(t, review.authorFirstName)}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatDate(parseTimestamp(review.createdAt), 'monthYear', language)}
                  </p>
                </div>
                <Stars value={review.rating} className="ms-auto" />
              </div>
              <p className="text-sm leading-6 text-slate-700 dark:text-slate-300" dir="auto">
                {review.body}
              </p>
              {review.reply ? (
                <div data-testid="review-reply" className="border-s-2 border-brand-200 ps-3 text-sm dark:border-brand-800">
                  <p className="font-medium text-slate-900 dark:text-white">{t('property.hostReply', { name: listing.host.firstName })}</p>
                  <p className="mt-0.5 leading-6 text-slate-700 dark:text-slate-300" dir="auto">
                    {review.reply.body}
                  </p>
                </div>
              ) : null}
            </Card>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Each category's average over the published reviews, as a labelled bar; nothing until one is rated. */
function CategoryAverages({ averages, language }: { averages: ListingDetail['categoryAverages']; language: Language }) {
  const { t } = useTranslation();
  const rated = reviewCategories.filter((category) => averages[category] !== null);
  if (rated.length === 0) return null;
  return (
    <div className="mb-6">
      <h3 className="sr-only">{t('property.categoriesTitle')}</h3>
      <dl data-testid="category-averages" className="grid gap-x-10 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {rated.map((category) => {
          const value = averages[category]!;
          return (
            <div key={category} data-testid={`category-${category}`} data-value={value} className="flex items-center gap-3">
              <dt className="w-32 shrink-0 text-sm text-slate-700 dark:text-slate-300">{t(`property.categories.${category}`)}</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                  <span className="block h-full rounded-full bg-slate-800 dark:bg-slate-200" style={{ width: `${(value / 5) * 100}%` }} />
                </span>
                <span className="w-8 text-end text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatRating(value, language)}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
