import { Award, ShieldCheck, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/languages.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { Card } from '../../components/ui/card.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { initialsOf } from './property-model.ts';
import { formatRating, Section, Stars } from './property-sections.tsx';

// The people of a listing: its host, and the guests' reviews.

function parseTimestamp(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

export function HostCard({ listing, language }: { listing: ListingDetail; language: Language }) {
  const { t } = useTranslation();
  const { host } = listing;
  return (
    <Section title={t('property.host.title')} testId="property-host">
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
          {host.responseTimeHours !== null && (
            <li data-testid="host-response-time">
              {t('property.host.responds', { count: host.responseTimeHours, n: host.responseTimeHours })}
            </li>
          )}
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
    <Section title={t('property.reviewsTitle')} testId="property-reviews">
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
                  {initialsOf(review.authorFirstName)}
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 dark:text-white" dir="auto" data-testid="review-author">
                    {review.authorFirstName}
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
            </Card>
          ))}
        </ul>
      )}
    </Section>
  );
}
