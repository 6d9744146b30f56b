import { Check, ExternalLink, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { ActionDialog } from './action-dialog.tsx';
import { decideIdDocument, decideListing, useAdminAction, useVerifications, type IdDocument, type PendingListing } from './admin-api.ts';
import { cardClasses, QueryState, useActionFeedback } from './query-state.tsx';
import { StatusBadge, toneOf } from './status-badge.tsx';

function Decision({ name, onApprove, onReject, pending, testId }: { name: string; onApprove: () => Promise<unknown>; onReject: (reason: string) => Promise<unknown>; pending: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => void onApprove().catch(() => undefined)} disabled={pending} data-testid={`${testId}-approve`} aria-label={t('admin.approveNamed', { name })}>
        <Check className="size-4" aria-hidden="true" />
        {t('admin.approve')}
      </Button>
      <ActionDialog
        testId={`${testId}-reject`}
        trigger={
          <Button size="sm" variant="secondary" aria-label={t('admin.rejectNamed', { name })} data-testid={`${testId}-reject-open`}>
            <X className="size-4" aria-hidden="true" />
            {t('admin.reject')}
          </Button>
        }
        title={t('admin.rejectTitle', { name })}
        description={t('admin.rejectText')}
        textLabel={t('admin.reason')}
        textRequired
        confirmLabel={t('admin.reject')}
        confirmVariant="danger"
        pending={pending}
        onConfirm={onReject}
      />
    </div>
  );
}

export function VerificationsTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const verifications = useVerifications();
  const feedback = useActionFeedback();
  const idAction = useAdminAction(decideIdDocument);
  const listingAction = useAdminAction(decideListing);

  const documentRow = (doc: IdDocument) => {
    const name = `${doc.firstName} ${doc.lastName}`;
    return (
      <li key={doc.userId} className={`${cardClasses} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`} data-testid="id-verification">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 dark:text-white">{name}</span>
            <StatusBadge tone={toneOf(doc.status)}>{t(`admin.status.${doc.status}`)}</StatusBadge>
          </div>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300" dir="ltr">{doc.email}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('admin.idDocument')} · {doc.submittedAt ? t('admin.submitted', { date: formatDate(new Date(doc.submittedAt), 'PP', language) }) : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={doc.documentUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('admin.viewDocument')}
          </a>
          <Decision
            name={name}
            testId="id-verification"
            pending={idAction.isPending}
            onApprove={() => feedback(() => idAction.mutateAsync({ userId: doc.userId, approve: true }), t('admin.idApproved', { name }))}
            onReject={(reason) => feedback(() => idAction.mutateAsync({ userId: doc.userId, approve: false, reason }), t('admin.idRejected', { name }))}
          />
        </div>
      </li>
    );
  };

  const listingRow = (listing: PendingListing) => {
    const title = language === 'he' ? listing.titleHe : listing.titleEn;
    return (
      <li key={listing.id} className={`${cardClasses} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`} data-testid="listing-verification">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <LocalizedLink to={`/property/${listing.id}`} className="font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white">
              {title}
            </LocalizedLink>
            <StatusBadge tone={toneOf(listing.status)}>{t('admin.status.review')}</StatusBadge>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t(`admin.propertyType.${listing.propertyType}`)} · {listing.host.firstName} {listing.host.lastName}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('admin.submitted', { date: formatDate(new Date(listing.submittedAt), 'PP', language) })}</p>
        </div>
        <Decision
          name={title}
          testId="listing-verification"
          pending={listingAction.isPending}
          onApprove={() => feedback(() => listingAction.mutateAsync({ id: listing.id, approve: true }), t('admin.listingApproved', { name: title }))}
          onReject={(reason) => feedback(() => listingAction.mutateAsync({ id: listing.id, approve: false, reason }), t('admin.listingRejected', { name: title }))}
        />
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="admin-id-documents">
        <h3 id="admin-id-documents" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{t('admin.idDocuments')}</h3>
        <QueryState query={verifications} empty={(data) => data.idDocuments.length === 0}>
          {(data) => <ul className="flex flex-col gap-3">{data.idDocuments.map(documentRow)}</ul>}
        </QueryState>
      </section>
      <section aria-labelledby="admin-listings">
        <h3 id="admin-listings" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{t('admin.listingsAwaiting')}</h3>
        <QueryState query={verifications} empty={(data) => data.listings.length === 0}>
          {(data) => <ul className="flex flex-col gap-3">{data.listings.map(listingRow)}</ul>}
        </QueryState>
      </section>
    </div>
  );
}
