/**
 * The admin verifications tab: identity documents, new listings, listing changes and places'
 * documents waiting for a decision, each approved or rejected with a reason; a listing whose photos
 * copy another's shows both side by side (place-verifications.tsx). Near 300 lines: the queues share
 * one layout.
 */
import { ExternalLink } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ChangeValue, IdDocument, ListingChange, PendingListing } from '../../../core/contracts/admin.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { formatNumber, formatPrice } from '../../../core/format.ts';
import { Decision } from './decision.tsx';
import { PhotoMatches, PlaceVerificationRow } from './place-verifications.tsx';
import { decideIdDocument, decideListing, decideListingChange, useAdminAction, useVerifications } from './admin-api.ts';
import { cardClasses, QueryState, useActionFeedback } from './query-state.tsx';
import { cancellationPolicyNames, type CancellationPolicy } from '../../../core/cancellation-policies.ts';
import { StatusBadge, toneOf } from './status-badge.tsx';

/** A policy's name stands for itself in the comparison of a listing's changes. */
const isCancellationPolicy = (value: string): value is CancellationPolicy => (cancellationPolicyNames as readonly string[]).includes(value);

/** The fields that are amounts of shekels: compared as the site shows money ('₪6,200'), not as bare numbers. */
const moneyFields: ReadonlySet<string> = new Set([
  'pricePerNight',
  'pricePerWeek',
  'pricePerMonth',
  'cleaningFee',
  'securityDeposit',
  'extraGuestFee',
]);

export function VerificationsTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const verifications = useVerifications();
  const feedback = useActionFeedback();
  const idAction = useAdminAction(decideIdDocument);
  const listingAction = useAdminAction(decideListing);
  const changeAction = useAdminAction(decideListingChange);

  const documentRow = (doc: IdDocument) => {
    const name = `${doc.firstName} ${doc.lastName}`;
    return (
      <li
        key={doc.userId}
        className={`${cardClasses} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}
        data-testid="id-verification"
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 dark:text-white">{name}</span>
            <StatusBadge tone={toneOf(doc.status)}>{t(`admin.status.${doc.status}`)}</StatusBadge>
          </div>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300" dir="ltr">
            {doc.email}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('admin.idDocument')} ·{' '}
            {doc.submittedAt ? t('admin.submitted', { date: formatDate(new Date(doc.submittedAt), 'date', language) }) : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={doc.documentUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('admin.viewDocument')}
          </a>
          <Decision
            name={name}
            testId="id-verification"
            pending={idAction.isPending}
            onApprove={() => feedback(() => idAction.mutateAsync({ userId: doc.userId, approve: true }), t('admin.idApproved', { name }))}
            onReject={(reason) =>
              feedback(() => idAction.mutateAsync({ userId: doc.userId, approve: false, reason }), t('admin.idRejected', { name }))
            }
          />
        </div>
      </li>
    );
  };

  const listingRow = (listing: PendingListing) => {
    const title = language === 'he' ? listing.titleHe : listing.titleEn;
    return (
      <li key={listing.id} className={`${cardClasses} flex flex-col gap-3`} data-testid="listing-verification">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <LocalizedLink
                to={`/property/${listing.id}`}
                className="font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white"
              >
                {title}
              </LocalizedLink>
              <StatusBadge tone={toneOf(listing.status)}>{t('admin.status.review')}</StatusBadge>
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t(`admin.propertyType.${listing.propertyType}`)} · {listing.host.firstName} {listing.host.lastName}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('admin.submitted', { date: formatDate(new Date(listing.submittedAt), 'date', language) })}
            </p>
          </div>
          <Decision
            name={title}
            testId="listing-verification"
            pending={listingAction.isPending}
            onApprove={() =>
              feedback(() => listingAction.mutateAsync({ id: listing.id, approve: true }), t('admin.listingApproved', { name: title }))
            }
            onReject={(reason) =>
              feedback(
                () => listingAction.mutateAsync({ id: listing.id, approve: false, reason }),
                t('admin.listingRejected', { name: title }),
              )
            }
          />
        </div>
        <PhotoMatches matches={listing.photoMatches} />
      </li>
    );
  };

  const shown = (value: ChangeValue, field?: string) =>
    value === null || value === ''
      ? '—'
      : field === 'cancellationPolicy' && typeof value === 'string' && isCancellationPolicy(value)
        ? t(`cancellation.names.${value}`)
        : Array.isArray(value)
          ? value.join(', ') || '—'
          : typeof value === 'boolean'
            ? t(value ? 'admin.changes.yes' : 'admin.changes.no')
            : typeof value === 'number'
              ? field !== undefined && moneyFields.has(field)
                ? formatPrice(value, language)
                : formatNumber(value, language)
              : String(value);

  const photoStrip = (urls: string[], label: string) => (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</span>
      <ul className="flex flex-wrap gap-1.5">
        {urls.map((url, index) => (
          <li key={url}>
            <img src={url} alt={t('admin.changes.photoNumber', { n: index + 1 })} className="h-14 w-20 rounded-md object-cover" />
          </li>
        ))}
      </ul>
    </div>
  );

  // The text's own direction goes on an inner span: padding stays on the page's side between columns.
  const changeColumns: DataTableColumn<ListingChange['changes'][number]>[] = [
    {
      id: 'field',
      header: t('admin.changes.field'),
      rowHeader: true,
      cell: (row) => t(`hostListings.fields.${row.field === 'placeId' ? 'place' : row.field}` as 'hostListings.fields.place'),
      className: 'font-medium text-slate-700 dark:text-slate-200',
    },
    {
      id: 'before',
      header: t('admin.changes.before'),
      cell: (row) => (
        <span dir="auto" data-testid="listing-change-before">
          {shown(row.before, row.field)}
        </span>
      ),
      className: 'break-words text-slate-600 line-through decoration-rose-400 dark:text-slate-300',
    },
    {
      id: 'after',
      header: t('admin.changes.after'),
      cell: (row) => (
        <span dir="auto" data-testid="listing-change-after">
          {shown(row.after, row.field)}
        </span>
      ),
      className: 'break-words font-medium text-slate-900 dark:text-white',
    },
  ];

  const changeRow = (change: ListingChange) => {
    const title = language === 'he' ? change.titleHe : change.titleEn;
    return (
      <li key={change.id} className={`${cardClasses} flex flex-col gap-3`} data-testid="listing-change">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <LocalizedLink
              to={`/property/${change.id}`}
              className="font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white"
            >
              {title}
            </LocalizedLink>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t(`admin.propertyType.${change.propertyType}`)} · {change.host.firstName} {change.host.lastName}
            </p>
            {change.submittedAt ? (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('admin.submitted', { date: formatDate(new Date(change.submittedAt), 'date', language) })}
              </p>
            ) : null}
          </div>
          <Decision
            name={title}
            testId="listing-change"
            pending={changeAction.isPending}
            onApprove={() =>
              feedback(
                () => changeAction.mutateAsync({ id: change.id, version: change.version, approve: true }),
                t('admin.changes.approved', { name: title }),
              )
            }
            onReject={(reason) =>
              feedback(
                () => changeAction.mutateAsync({ id: change.id, version: change.version, approve: false, reason }),
                t('admin.changes.rejected', { name: title }),
              )
            }
          />
        </div>
        {change.changes.length > 0 ? (
          <DataTable
            variant="plain"
            columns={changeColumns}
            rows={change.changes}
            rowKey={(row) => row.field}
            rowAttributes={(row) => ({ 'data-testid': 'listing-change-field', 'data-field': row.field })}
          />
        ) : null}
        {change.photos ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6" data-testid="listing-change-photos">
            {photoStrip(change.photos.before, t('admin.changes.photosBefore'))}
            {photoStrip(change.photos.after, t('admin.changes.photosAfter'))}
          </div>
        ) : null}
        <PhotoMatches matches={change.photoMatches} />
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="admin-id-documents">
        <h3 id="admin-id-documents" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
          {t('admin.idDocuments')}
        </h3>
        <QueryState query={verifications} empty={(data) => data.idDocuments.length === 0}>
          {(data) => <ul className="flex flex-col gap-3">{data.idDocuments.map(documentRow)}</ul>}
        </QueryState>
      </section>
      <section aria-labelledby="admin-listings">
        <h3 id="admin-listings" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
          {t('admin.listingsAwaiting')}
        </h3>
        <QueryState query={verifications} empty={(data) => data.listings.length === 0}>
          {(data) => <ul className="flex flex-col gap-3">{data.listings.map(listingRow)}</ul>}
        </QueryState>
      </section>
      <section aria-labelledby="admin-listing-changes">
        <h3 id="admin-listing-changes" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
          {t('admin.changes.title')}
        </h3>
        <QueryState query={verifications} empty={(data) => data.listingChanges.length === 0}>
          {(data) => <ul className="flex flex-col gap-3">{data.listingChanges.map(changeRow)}</ul>}
        </QueryState>
      </section>
      <section aria-labelledby="admin-places">
        <h3 id="admin-places" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
          {t('admin.places.title')}
        </h3>
        <QueryState query={verifications} empty={(data) => data.places.length === 0}>
          {(data) => (
            <ul className="flex flex-col gap-3">
              {data.places.map((place) => (
                <PlaceVerificationRow key={place.id} place={place} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
