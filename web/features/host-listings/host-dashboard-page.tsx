import { CalendarDays, Download, Home, Inbox, Pause, Pencil, Play, Plus, Send } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { formatPrice } from '../../../core/format.ts';
import type { HostListingAction, HostListingSummary } from '../../../core/contracts/host-listings.ts';
import { useLanguage } from '../../app/language.tsx';
import { PriceWithUnit } from '../../components/listing-card/price-with-unit.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useHostEarnings, useHostListings, useListingAction } from './host-listings-api.ts';
import { StatusBadge } from './status-badge.tsx';
import { PlaceVerificationPanel } from './place-verification-panel.tsx';

import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { QueryStates } from '../../components/ui/query-states.tsx';
import { ResponsivePhoto } from '../../components/responsive-photo.tsx';

// Fees owed and the payout account: a chunk of its own (decision 057), so the dashboard's first load stays within its budget.
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

/** One of the host's balances: what is payable now (or the fees they owe), waiting for move-in, still to come. */
function Figure({ label, amount, testId }: { label: string; amount: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60" data-testid={testId}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900 dark:text-white">{amount}</dd>
    </div>
  );
}

function Earnings() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const earnings = useHostEarnings();
  const months = earnings.data?.months ?? [];
  const money = (amount: number) => formatPrice(amount, language);
  const amount = 'tabular-nums whitespace-nowrap text-slate-700 dark:text-slate-300';
  return (
    <Card as="section" aria-labelledby="host-earnings-title" className="p-5 shadow-sm" data-testid="host-earnings">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="host-earnings-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('hostListings.earnings.title')}
          </h2>
          <p className="mt-1 max-w-2xl text-xs text-slate-500 dark:text-slate-400">{t('hostListings.earnings.note')}</p>
        </div>
        {months.length > 0 ? (
          <a href="/api/host/earnings.csv" download className={buttonClasses('secondary', 'sm')} data-testid="host-earnings-csv">
            <Download className="size-4" aria-hidden="true" />
            {t('hostListings.earnings.csv')}
          </a>
        ) : null}
      </div>
      {earnings.isPending ? (
        <Spinner className="mt-4 size-5" />
      ) : !earnings.data || months.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.earnings.empty')}</p>
      ) : (
        <>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3" data-testid="host-earnings-balance">
            {earnings.data.feesOwed > 0 ? (
              <Figure label={t('hostListings.earnings.feesOwed')} amount={money(earnings.data.feesOwed)} testId="host-earnings-fees-owed" />
            ) : (
              <Figure label={t('hostListings.earnings.due')} amount={money(earnings.data.due)} testId="host-earnings-due" />
            )}
            {earnings.data.waiting > 0 ? (
              <Figure label={t('hostListings.earnings.waiting')} amount={money(earnings.data.waiting)} testId="host-earnings-waiting" />
            ) : null}
            {earnings.data.scheduled > 0 ? (
              <Figure
                label={t('hostListings.earnings.scheduled')}
                amount={money(earnings.data.scheduled)}
                testId="host-earnings-scheduled"
              />
            ) : null}
          </dl>
          <DataTable
            variant="plain"
            className="mt-4 min-w-[36rem]"
            label={t('hostListings.earnings.title')}
            columns={[
              {
                id: 'month',
                header: t('hostListings.earnings.month'),
                rowHeader: true,
                cell: (month) => formatDate(new Date(`${month.month}-01T00:00:00`), 'monthYear', language),
              },
              { id: 'stays', header: t('hostListings.earnings.stays'), align: 'end', cell: (month) => month.stays, className: amount },
              {
                id: 'earned',
                header: t('hostListings.earnings.earned'),
                align: 'end',
                cell: (month) => money(month.earned),
                className: amount,
              },
              {
                id: 'fees',
                header: t('hostListings.earnings.serviceFees'),
                align: 'end',
                cell: (month) => money(month.serviceFees),
                className: amount,
              },
              {
                id: 'refunded',
                header: t('hostListings.earnings.refunded'),
                align: 'end',
                cell: (month) => money(month.refunded),
                className: amount,
              },
              {
                id: 'paidOut',
                header: t('hostListings.earnings.paidOut'),
                align: 'end',
                cell: (month) => money(month.paidOut),
                className: amount,
              },
              {
                id: 'pending',
                header: t('hostListings.earnings.pending'),
                align: 'end',
                cell: (month) => money(month.pending),
                className: 'font-semibold tabular-nums whitespace-nowrap text-slate-900 dark:text-white',
              },
            ]}
            rows={months.slice(0, 24)}
            rowKey={(month) => month.month}
          />
        </>
      )}
    </Card>
  );
}

/** /host/listings: the host's listings with their status and actions, the way to requests, and earnings. */
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
