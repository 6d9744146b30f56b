import { Download } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { formatPrice } from '../../../core/format.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useLanguage } from '../../app/language.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useHostEarnings } from './host-listings-api.ts';

/** One of the host's balances: what is payable now (or the fees they owe), waiting for move-in, still to come. */
function Figure({ label, amount, testId }: { label: string; amount: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60" data-testid={testId}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900 dark:text-white">{amount}</dd>
    </div>
  );
}

export function Earnings() {
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
