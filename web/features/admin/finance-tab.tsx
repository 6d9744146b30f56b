import { Download, Send } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { FinanceMonth, PayoutDue } from '../../../core/contracts/finance.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { financeCsvUrls, useFinanceMonths, useMarkPayout, usePayoutsDue } from './finance-api.ts';
import { QueryState } from './query-state.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import { FeePaymentDialog, PayoutMethodLine } from './fee-payment-dialog.tsx';
import { UpcomingPayouts } from './upcoming-payouts.tsx';

const monthLabel = (month: string, language: Language) => formatDate(new Date(`${month}-01T00:00:00`), 'monthYear', language);

function CsvLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <a href={href} download className={buttonClasses('secondary', 'sm')} data-testid={testId}>
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

/** Marking a payout as sent: the amount (at most what is due) and the bank transfer's reference. */
function PayoutDialog({ host }: { host: PayoutDue }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const mark = useMarkPayout();
  return (
    <TransferDialog
      max={host.due}
      trigger={{ icon: Send, label: t('admin.finance.markSent') }}
      title={t('admin.finance.markTitle', { name: host.name || host.email })}
      description={t('admin.finance.markDescription', {
        due: formatPrice(host.due, language),
        fees: formatPrice(host.feesOwed, language),
      })}
      amountInvalid={t('admin.finance.amountInvalid', { due: formatPrice(host.due, language) })}
      confirmLabel={t('admin.finance.confirm')}
      recorded={(amount) => t('admin.finance.marked', { amount: formatPrice(amount, language) })}
      record={(input) => mark.mutateAsync({ hostId: host.hostId, ...input })}
      pending={mark.isPending}
      testId="finance-payout"
      triggerTestId="finance-mark-payout"
    >
      <p className="mt-2 text-sm">
        <span className="font-medium">{t('hostMoney.admin.payTo')}: </span>
        <PayoutMethodLine method={host.payoutMethod} />
      </p>
    </TransferDialog>
  );
}

/** The platform's books: charges, refunds and fees per month, what each host is owed, and payouts. */
export function FinanceTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const months = useFinanceMonths();
  const hosts = usePayoutsDue();
  const money = (amount: number) => formatPrice(amount, language);
  const amountClass = 'tabular-nums whitespace-nowrap';

  const monthColumns: DataTableColumn<FinanceMonth>[] = [
    { id: 'month', header: t('admin.finance.month'), cell: (m) => monthLabel(m.month, language), rowHeader: true },
    { id: 'charges', header: t('admin.finance.charges'), align: 'end', cell: (m) => money(m.charges), className: amountClass },
    { id: 'refunds', header: t('admin.finance.refunds'), align: 'end', cell: (m) => money(m.refunds), className: amountClass },
    { id: 'fees', header: t('admin.finance.serviceFees'), align: 'end', cell: (m) => money(m.serviceFees), className: amountClass },
    {
      id: 'onArrival',
      header: t('admin.finance.onArrivalFees'),
      align: 'end',
      cell: (m) => money(m.onArrivalFees),
      className: amountClass,
    },
    { id: 'payouts', header: t('admin.finance.payouts'), align: 'end', cell: (m) => money(m.payouts), className: amountClass },
    {
      id: 'feesReceived',
      header: t('hostMoney.admin.feesReceived'),
      align: 'end',
      cell: (m) => money(m.feesReceived),
      className: amountClass,
    },
  ];
  const hostColumns: DataTableColumn<PayoutDue>[] = [
    {
      id: 'host',
      header: t('admin.finance.host'),
      rowHeader: true,
      cell: (h) => (
        <span className="flex flex-col">
          <span dir="auto">{h.name || '—'}</span>
          <bdi dir="ltr" className="text-xs text-slate-500 dark:text-slate-400">
            {h.email}
          </bdi>
          <PayoutMethodLine method={h.payoutMethod} masked />
        </span>
      ),
    },
    { id: 'payable', header: t('admin.finance.payable'), align: 'end', cell: (h) => money(h.payable), className: amountClass },
    { id: 'feesOwed', header: t('admin.finance.feesOwed'), align: 'end', cell: (h) => money(h.feesOwed), className: amountClass },
    {
      id: 'owes',
      header: t('hostMoney.admin.owes'),
      align: 'end',
      cell: (h) => <span data-testid="finance-owes">{money(h.owes)}</span>,
      className: amountClass,
    },
    {
      id: 'due',
      header: t('admin.finance.due'),
      align: 'end',
      cell: (h) => <span data-testid="finance-due">{money(h.due)}</span>,
      className: `${amountClass} font-semibold`,
    },
    {
      id: 'last',
      header: t('admin.finance.lastPayout'),
      cell: (h) => (h.lastPayoutAt ? formatDate(new Date(h.lastPayoutAt), 'date', language) : '—'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'action',
      header: <span className="sr-only">{t('admin.finance.markSent')}</span>,
      // Something due: send it. Nothing due and fees owed: record the host's transfer (decision 057).
      cell: (h) => (h.due > 0 ? <PayoutDialog host={h} /> : h.owes > 0 ? <FeePaymentDialog host={h} /> : null),
    },
  ];

  return (
    <div className="flex flex-col gap-10" data-testid="finance-tab">
      <section aria-labelledby="finance-months-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="finance-months-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('admin.finance.monthsTitle')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.finance.monthsNote')}</p>
          </div>
          <CsvLink href={financeCsvUrls.months} label={t('admin.finance.csv')} testId="finance-months-csv" />
        </div>
        <QueryState query={months} empty={(data) => data.length === 0}>
          {(data) => (
            <DataTable
              columns={monthColumns}
              rows={data}
              rowKey={(m) => m.month}
              label={t('admin.finance.monthsTitle')}
              className="min-w-[40rem]"
              testId="finance-months"
            />
          )}
        </QueryState>
      </section>

      <section aria-labelledby="finance-payouts-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="finance-payouts-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('admin.finance.payoutsTitle')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.finance.payoutsNote')}</p>
          </div>
          <CsvLink href={financeCsvUrls.payoutsDue} label={t('admin.finance.csv')} testId="finance-payouts-csv" />
        </div>
        <QueryState query={hosts} empty={(data) => data.length === 0}>
          {(data) => (
            <DataTable
              columns={hostColumns}
              rows={data}
              rowKey={(h) => h.hostId}
              label={t('admin.finance.payoutsTitle')}
              className="min-w-[44rem]"
              testId="finance-payouts"
            />
          )}
        </QueryState>
      </section>

      <UpcomingPayouts />
    </div>
  );
}
