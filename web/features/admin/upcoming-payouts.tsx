import type { UpcomingPayout } from '../../../core/contracts/finance.ts';
import { formatPrice } from '../../../core/format.ts';
import { israelWallClock } from '../../../core/dates.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useLanguage } from '../../app/language.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useUpcomingPayouts } from './finance-api.ts';
import { QueryState } from './query-state.tsx';

/** Long stays' shares paid by guests and not payable yet, by the date each becomes payable (decision 054). */
export function UpcomingPayouts() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const payouts = useUpcomingPayouts();
  const amountClass = 'tabular-nums whitespace-nowrap';
  const columns: DataTableColumn<UpcomingPayout>[] = [
    {
      id: 'payableAt',
      header: t('admin.finance.upcoming.payableAt'),
      rowHeader: true,
      // Israel's day, wherever the admin is: a period starting on the 10th is payable from the 11th at 00:00.
      cell: (payout) => formatDate(israelWallClock(new Date(payout.payableAt)), 'date', language),
    },
    { id: 'host', header: t('admin.finance.host'), cell: (payout) => payout.name || payout.email },
    {
      id: 'period',
      header: t('admin.finance.upcoming.period'),
      cell: (payout) =>
        t('admin.finance.upcoming.periodOf', {
          n: payout.sequence + 1,
          date: formatDate(new Date(`${payout.periodStart}T12:00:00Z`), 'date', language),
        }),
    },
    { id: 'state', header: t('admin.finance.upcoming.state'), cell: (payout) => t(`admin.finance.upcoming.states.${payout.state}`) },
    {
      id: 'amount',
      header: t('admin.finance.upcoming.amount'),
      align: 'end',
      cell: (payout) => formatPrice(payout.amount, language),
      className: amountClass,
    },
  ];
  return (
    <section aria-labelledby="finance-upcoming-title" className="flex flex-col gap-3">
      <div>
        <h2 id="finance-upcoming-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('admin.finance.upcoming.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.finance.upcoming.note')}</p>
      </div>
      <QueryState query={payouts} empty={(data) => data.length === 0}>
        {(data) => (
          <DataTable
            columns={columns}
            rows={data}
            rowKey={(payout) => `${payout.bookingId}:${payout.sequence}`}
            label={t('admin.finance.upcoming.title')}
            className="min-w-[40rem]"
            testId="finance-upcoming"
          />
        )}
      </QueryState>
    </section>
  );
}
