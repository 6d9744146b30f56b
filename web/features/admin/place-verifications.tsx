import { ExternalLink } from 'lucide-react';
import type { PendingPlace, PhotoMatch } from '../../../core/contracts/admin.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { decidePlace, useAdminAction } from './admin-api.ts';
import { Decision } from './decision.tsx';
import { cardClasses, useActionFeedback } from './query-state.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The "Places" queue: a listing's deed, lease or licence, opened through the admin-only link, then verified or rejected with a reason. */
export function PlaceVerificationRow({ place }: { place: PendingPlace }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const feedback = useActionFeedback();
  const action = useAdminAction(decidePlace);
  const title = (language === 'he' ? place.titleHe : place.titleEn) || place.titleEn;
  return (
    <li
      className={`${cardClasses} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}
      data-testid="place-verification-item"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <LocalizedLink
            to={`/property/${place.id}`}
            className="font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white"
          >
            {title}
          </LocalizedLink>
          <StatusBadge tone="yellow">{t('admin.places.pending')}</StatusBadge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(`admin.propertyType.${place.propertyType}`)} · {place.host.firstName} {place.host.lastName}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {place.kind ? t(`hostListings.place.kinds.${place.kind}`) : t('admin.places.document')}
          {place.submittedAt ? ` · ${t('admin.submitted', { date: formatDate(new Date(place.submittedAt), 'date', language) })}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={place.documentUrl}
          target="_blank"
          rel="noreferrer"
          data-testid="place-document-link"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('admin.viewDocument')}
        </a>
        <Decision
          name={title}
          testId="place-verification"
          pending={action.isPending}
          onApprove={() => feedback(() => action.mutateAsync({ id: place.id, approve: true }), t('admin.places.approved', { name: title }))}
          onReject={(reason) =>
            feedback(() => action.mutateAsync({ id: place.id, approve: false, reason }), t('admin.places.rejected', { name: title }))
          }
        />
      </div>
    </li>
  );
}

/** A listing's photos that copy another listing's, each beside the photo it copies and that listing: held until the admin decides. */
export function PhotoMatches({ matches }: { matches: PhotoMatch[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (matches.length === 0) return null;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950/50 dark:text-rose-100"
      data-testid="photo-matches"
    >
      <p className="font-semibold">{t('admin.photoMatches.title', { count: matches.length, n: matches.length })}</p>
      <p className="text-xs">{t('admin.photoMatches.text')}</p>
      <ul className="flex flex-col gap-3">
        {matches.map((match) => {
          const title = (language === 'he' ? match.matched.titleHe : match.matched.titleEn) || match.matched.titleEn;
          return (
            <li key={`${match.photoUrl}-${match.matched.photoUrl}`} className="grid grid-cols-2 gap-2" data-testid="photo-match">
              <figure className="flex flex-col gap-1">
                <img src={match.photoUrl} alt={t('admin.photoMatches.thisPhoto')} className="aspect-[4/3] w-full rounded-md object-cover" />
                <figcaption className="text-xs">{t('admin.photoMatches.thisPhoto')}</figcaption>
              </figure>
              <figure className="flex flex-col gap-1">
                <img
                  src={match.matched.photoUrl}
                  alt={t('admin.photoMatches.theirPhoto')}
                  className="aspect-[4/3] w-full rounded-md object-cover"
                />
                <figcaption className="text-xs" data-testid="photo-match-listing">
                  <LocalizedLink to={`/property/${match.matched.id}`} className="font-medium underline-offset-4 hover:underline">
                    {title}
                  </LocalizedLink>{' '}
                  · {t(`hostListings.status.${match.matched.status}`)} · <span dir="ltr">{match.matched.hostEmail}</span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
