import { CalendarDays, Home, Inbox, Pause, Pencil, Play, Plus, Send } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { HostListingAction, HostListingSummary } from '../../../core/contracts/host-listings.ts';
import { useLanguage } from '../../app/language.tsx';
import { PriceWithUnit } from '../../components/listing-card/price-with-unit.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useHostListings, useListingAction } from './host-listings-api.ts';
import { StatusBadge } from './status-badge.tsx';
import { PlaceVerificationPanel } from './place-verification-panel.tsx';

import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { QueryStates } from '../../components/ui/query-states.tsx';
import { ResponsivePhoto } from '../../components/responsive-photo.tsx';

// Fees owed and the payout account: a chunk of its own (decision 057), so the dashboard's first load stays within its budget.
import { Earnings } from './host-earnings.tsx';

const HostMoneyPanel = lazy(() => import('./host-money-panel.tsx').then((module) => ({ default: module.HostMoneyPanel })));

const actionOf: Partial<
  Record<HostListingSummary['status'], { action: HostListingAction; icon: typeof Send; label: 'submit' | 'pause' | 'resume' }>
> = {
  draft: { action: 'submit', icon: Send, label: 'submit' },
  rejected: { action: 'submit', icon: Send, label: 'submit' },
  approved: { action: 'pause', icon: Pause, label: 'pause' },
  paused: { action: 'resume', icon: Play, label: 'resume' },
};

function ListingRow({ listing }: { listing: HostListingSummary }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const change = useListingAction();
  const next = actionOf[listing.status];
  return (
    <Card as="li" className="flex flex-col gap-4 p-4 shadow-sm sm:flex-row sm:items-center" data-testid="host-listing">
      <div className="aspect-[4/3] w-full shrink-0 overflow-hidden rounded-xl bg-slate-100 sm:w-36 dark:bg-slate-800">
        {listing.coverUrl ? (
          <ResponsivePhoto
            photo={listing.cover ?? { url: listing.coverUrl, width: null, height: null }}
            fallbackSrc={listing.coverUrl}
            fallbackWidth={144}
            fallbackHeight={108}
            // Full width on phones, a 9rem column from 640 px.
            sizes="(min-width: 640px) 144px, 100vw"
            alt=""
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <Home className="size-8" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={listing.status} />
          {listing.pendingChanges ? (
            <span
              className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-300 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-800"
              data-testid="listing-changes-pending"
            >
              {t('hostListings.changesPending')}
            </span>
          ) : null}
          <span className="text-xs text-slate-500 dark:text-slate-400">{t(`property.types.${listing.propertyType}`)}</span>
        </div>
        <h2 className="mt-1.5 truncate text-base font-semibold text-slate-900 dark:text-white" data-testid="host-listing-title">
          {listing.title || t('hostListings.untitled')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="host-listing-facts">
          {listing.location}
          {listing.location && listing.listPrice !== null ? ' · ' : null}
          {listing.listPrice !== null ? <PriceWithUnit type={listing.propertyType} price={listing.listPrice} language={language} /> : null}
        </p>
        {listing.changesRejectionReason && !listing.pendingChanges ? (
          <p className="mt-1 text-sm text-rose-700 dark:text-rose-300">
            {t('hostListings.changesRejected', { reason: listing.changesRejectionReason })}
          </p>
        ) : null}
        {listing.status === 'rejected' && listing.rejectionReason ? (
          <p className="mt-1 text-sm text-rose-700 dark:text-rose-300">
            {t('hostListings.rejectedBecause', { reason: listing.rejectionReason })}
          </p>
        ) : null}
        <PlaceVerificationPanel listingId={listing.id} propertyType={listing.propertyType} verification={listing.placeVerification} />
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('hostListings.updated', { date: formatDate(new Date(listing.updatedAt), 'date', language) })}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <LocalizedLink
          to={`/host/listings/${listing.id}/edit`}
          className={buttonClasses('secondary', 'sm')}
          data-testid="host-listing-edit"
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('hostListings.edit')}
        </LocalizedLink>
        {listing.status === 'approved' || listing.status === 'paused' ? (
          <LocalizedLink
            to={`/host/listings/${listing.id}/calendar`}
            className={buttonClasses('secondary', 'sm')}
            data-testid="host-listing-calendar"
          >
            <CalendarDays className="size-4" aria-hidden="true" />
            {t('hostListings.calendar.open')}
          </LocalizedLink>
        ) : null}
        {next ? (
          <Button
            size="sm"
            variant={next.action === 'submit' ? 'primary' : 'secondary'}
            disabled={change.isPending}
            data-testid={`host-listing-${next.action}`}
            onClick={() =>
              change.mutate(
                { id: listing.id, action: next.action },
                {
                  onSuccess: (result) => toast.success(t(`hostListings.done.${result.status}`)),
                  onError: (error) => toast.error(errorText(t, error)),
                },
              )
            }
          >
            {change.isPending ? <Spinner className="size-4" /> : <next.icon className="size-4" aria-hidden="true" />}
            {t(`hostListings.actions.${next.label}`)}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export default function HostDashboardPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('hostListings.title'));
  const listings = useHostListings(language);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12" data-testid="page-host-listings">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('hostListings.title')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('hostListings.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LocalizedLink to="/host/bookings" className={buttonClasses('secondary')} data-testid="host-requests-link">
            <Inbox className="size-4" aria-hidden="true" />
            {t('hostListings.requests')}
          </LocalizedLink>
          <LocalizedLink to="/host/listings/new" className={buttonClasses('primary')} data-testid="host-new-listing">
            <Plus className="size-4" aria-hidden="true" />
            {t('hostListings.newListing')}
          </LocalizedLink>
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-6">
        <div>
          <QueryStates
            query={listings}
            loading={<LoadingState className="py-16" />}
            isEmpty={(data) => data.length === 0}
            empty={
              <EmptyState
                icon={Home}
                title={t('hostListings.emptyTitle')}
                text={t('hostListings.emptyText')}
                testId="host-listings-empty"
              />
            }
          >
            {(data) => (
              <ul className="flex flex-col gap-4" aria-label={t('hostListings.title')}>
                {data.map((listing) => (
                  <ListingRow key={listing.id} listing={listing} />
                ))}
              </ul>
            )}
          </QueryStates>
        </div>
        <Earnings />
        <Suspense fallback={null}>
          <HostMoneyPanel />
        </Suspense>
      </div>
    </div>
  );
}
