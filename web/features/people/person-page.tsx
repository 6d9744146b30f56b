import { Award, Clock, MessageCircle, ShieldCheck, Star, UserRound } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useParams } from 'react-router';
import type { Person } from '../../../core/contracts/people.ts';
import { formatNumber, formatRating } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePerson } from './people-api.ts';
import { memberName } from '../../lib/member-name.ts';

// A member's public profile (/people/:id): who they are as a host, and what hosts wrote about them as a guest.

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= value ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300 dark:text-slate-600'}
        />
      ))}
    </span>
  );
}

function Header({ person, language }: { person: Person; language: Language }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-start">
      {person.photoUrl ? (
        <img src={person.photoUrl} alt="" className="size-24 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-4xl font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
        >
          {person.firstName.slice(0, 1) || <UserRound className="size-10" />}
        </span>
      )}
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white" data-testid="person-name">
          <span dir="auto">{person.firstName}</span>
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('people.memberSince', { date: formatDate(new Date(person.memberSince), 'monthYear', language) })}
        </p>
        <ul className="mt-3 flex flex-wrap justify-center gap-2 text-sm sm:justify-start">
          {person.host?.superHost ? (
            <li
              data-testid="person-super-host"
              className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900"
            >
              <Award className="size-4" aria-hidden="true" />
              {t('people.superHost')}
            </li>
          ) : null}
          {person.idVerified ? (
            <li className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-900">
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t('people.idVerified')}
            </li>
          ) : null}
        </ul>
      </div>
    </Card>
  );
}

function HostFigures({ host, language }: { host: NonNullable<Person['host']>; language: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="person-host-title" data-testid="person-host">
      <h2 id="person-host-title" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
        {t('people.asHost')}
      </h2>
      <Card className="p-5">
        <ul className="grid gap-3 text-sm text-slate-700 sm:grid-cols-3 dark:text-slate-300">
          <li className="flex items-center gap-2">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            {host.ratingAverage === null
              ? t('people.noHostRating')
              : t('people.hostRating', {
                  rating: formatRating(host.ratingAverage, language),
                  count: formatNumber(host.reviewCount, language),
                })}
          </li>
          {host.responseRate !== null ? (
            <li className="flex items-center gap-2" data-testid="person-response-rate">
              <MessageCircle className="size-4 text-slate-500 rtl:-scale-x-100 dark:text-slate-400" aria-hidden="true" />
              {t('property.host.responseRate', { n: formatNumber(host.responseRate, language) })}
            </li>
          ) : null}
          {host.responseTimeHours !== null ? (
            <li className="flex items-center gap-2" data-testid="person-response-time">
              <Clock className="size-4 text-slate-500 dark:text-slate-400" aria-hidden="true" />
              {t('property.host.responds', { count: host.responseTimeHours, n: host.responseTimeHours })}
            </li>
          ) : null}
        </ul>
      </Card>
    </section>
  );
}

function ReviewsFromHosts({ person, language }: { person: Person; language: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="person-reviews-title" data-testid="person-reviews">
      <h2 id="person-reviews-title" className="mb-1 text-xl font-semibold text-slate-900 dark:text-white">
        {t('people.reviewsFromHosts')}
      </h2>
      {person.guestRatingAverage !== null ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {t('people.guestRating', { rating: formatRating(person.guestRatingAverage, language) })} ·{' '}
          {t('listing.reviewCount', { count: person.reviewsFromHostsCount, n: person.reviewsFromHostsCount })}
        </p>
      ) : null}
      {person.reviewsFromHosts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="person-reviews-empty">
          {t('people.noReviewsFromHosts')}
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {person.reviewsFromHosts.map((review) => (
            <Card as="li" key={review.id} data-testid="person-review" className="flex flex-col gap-2 p-5">
              <div className="flex items-center gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 dark:text-white" dir="auto">
                    {memberName(t, review.authorFirstName)}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {formatDate(new Date(review.createdAt), 'monthYear', language)}
                  </p>
                </div>
                <span className="ms-auto">
                  <Stars value={review.rating} label={t('bookings.stars', { count: review.rating, n: review.rating })} />
                </span>
              </div>
              <p className="text-sm leading-6 text-slate-700 dark:text-slate-300" dir="auto">
                {review.body}
              </p>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PersonPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const person = usePerson(id);
  useDocumentTitle(person.data ? t('people.title', { name: person.data.firstName }) : t('people.reviewsFromHosts'));

  let content;
  if (person.isPending) content = <LoadingState className="py-24" />;
  else if (person.isError) {
    // A profile that does not exist (or an id that is not one) is said so, with nothing to retry.
    const missing = isApiError(person.error) && (person.error.status === 404 || person.error.status === 400);
    content = missing ? (
      <ErrorState title={t('people.notFound')} testId="person-error" />
    ) : (
      <ErrorState
        title={t('people.loadError')}
        error={person.error}
        retrying={person.isFetching}
        onRetry={() => void person.refetch()}
        testId="person-error"
      />
    );
  } else
    content = (
      <div className="flex flex-col gap-8">
        <Header person={person.data} language={language} />
        {person.data.host ? <HostFigures host={person.data.host} language={language} /> : null}
        <ReviewsFromHosts person={person.data} language={language} />
      </div>
    );

  return (
    <div
      className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 md:py-14 lg:px-8"
      data-testid="page-person"
      data-state={person.isSuccess ? 'ready' : person.isError ? 'error' : 'loading'}
    >
      {content}
    </div>
  );
}
