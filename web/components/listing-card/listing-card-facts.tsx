import { CalendarCheck, CalendarDays, Star } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { ratingScale } from '../../../core/constants.ts';
import { formatRating } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { ListingCard as Listing } from '../../../core/contracts/search.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../../core/format-date.ts';

// The listing card's facts: hotel stars, the guests' rating, and when a sublet is available.

function parseDay(value: string): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function StarRow({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('listing.starsLabel', { stars })} data-testid="card-stars" className="flex items-center gap-0.5">
      {Array.from({ length: ratingScale }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn('size-4', index < stars ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300 dark:text-slate-600')}
        />
      ))}
    </span>
  );
}

export function Rating({ listing, language }: { listing: Listing; language: Language }) {
  const { t } = useTranslation();
  if (listing.ratingAverage === null) {
    return (
      <span
        data-testid="card-rating"
        className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100 dark:bg-brand-950/70 dark:text-brand-200 dark:ring-brand-900"
      >
        {t('listing.new')}
      </span>
    );
  }
  const rating = formatRating(listing.ratingAverage, language);
  return (
    <span data-testid="card-rating" className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
      <Star className="size-4 fill-slate-900 text-slate-900 dark:fill-white dark:text-white" aria-hidden="true" />
      <span className="font-semibold">{rating}</span>
      <span className="text-slate-500 dark:text-slate-400">
        {t('listing.reviewCount', { count: listing.reviewCount, n: listing.reviewCount })}
      </span>
      <span className="sr-only">{t('listing.ratingLabel', { rating })}</span>
    </span>
  );
}

export function Availability({ listing, language }: { listing: Listing; language: Language }) {
  const { t } = useTranslation();
  const format = (value: string) => formatDate(parseDay(value), 'date', language);
  const { availableFrom: from, availableUntil: until } = listing;
  const text =
    from && until
      ? t('listing.availableRange', { from: format(from), until: format(until) })
      : from
        ? t('listing.availableFrom', { date: format(from) })
        : until
          ? t('listing.availableUntil', { date: format(until) })
          : t('listing.availableAnytime');
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300" data-testid="card-availability">
      <CalendarDays className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/**
 * A flexible sublet search (core/flexible-dates.ts): the stay that fits this listing, and how far it
 * moved from the asked start when it did.
 */
export function FittingStay({
  stay,
  askedCheckIn,
  language,
}: {
  stay: { checkIn: string; checkOut: string };
  askedCheckIn: string | null;
  language: Language;
}) {
  const { t } = useTranslation();
  const format = (value: string) => formatDate(parseDay(value), 'date', language);
  const shift = askedCheckIn ? Math.round((parseDay(stay.checkIn).getTime() - parseDay(askedCheckIn).getTime()) / 86_400_000) : 0;
  const n = Math.abs(shift);
  return (
    <p className="flex items-start gap-1.5 text-sm font-medium text-brand-800 dark:text-brand-300" data-testid="card-fitting-stay">
      <CalendarCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {t('listing.fitsStay', { from: format(stay.checkIn), until: format(stay.checkOut) })}
        {shift !== 0 && (
          <span className="ms-1 text-xs font-normal text-slate-600 dark:text-slate-400" data-testid="card-fitting-shift">
            ({shift > 0 ? t('listing.startsLater', { count: n, n }) : t('listing.startsEarlier', { count: n, n })})
          </span>
        )}
      </span>
    </p>
  );
}
