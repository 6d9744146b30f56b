import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminMoveInReport, MoveInDecisionBody } from '../../../core/contracts/move-in.ts';
import { Button } from '../../components/ui/button.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { api } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';

const queueKey = ['admin', 'move-in-reports'] as const;
const shekels = (amount: number) => `₪${String(amount)}`;

/** One report: the guest's side, the host's answer, the stay's money, and the three decisions. */
function ReportRow({ report }: { report: AdminMoveInReport }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const decide = useMutation({
    mutationFn: (body: MoveInDecisionBody) => api.post('/api/admin/move-in-reports/:id/decision', { params: report, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
  const open = report.status === 'open';
  return (
    <li className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800" data-testid="admin-move-in-report">
      <p className="font-semibold text-slate-900 dark:text-white">
        {report.propertyTitle} · {report.checkIn} → {report.checkOut}
      </p>
      <p className="text-slate-600 dark:text-slate-300">
        {t('moveIn.admin.guest')}: {report.guestEmail} · {t('moveIn.admin.host')}: {report.hostEmail}
      </p>
      <p className="mt-2 font-medium">{t(`moveIn.reasons.${report.reason}`)}</p>
      <p dir="auto" className="whitespace-pre-line">
        {report.description}
      </p>
      {report.photos.length ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {report.photos.map((photo) => (
            <a key={photo.id} href={photo.url} target="_blank" rel="noopener noreferrer">
              <img src={photo.url} alt={t('moveIn.photo')} className="size-20 rounded-lg object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {report.hostAnswer ? (
        <p dir="auto" className="mt-2 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-900">
          <span className="font-medium">{t('moveIn.hostAnswer')}: </span>
          {report.hostAnswer}
        </p>
      ) : null}
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('moveIn.admin.refundable', { amount: shekels(report.refundable) })}</p>
      {open ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Button
            variant="danger"
            size="sm"
            disabled={decide.isPending}
            onClick={() => window.confirm(t('moveIn.admin.confirmAll')) && decide.mutate({ decision: 'refund_all_and_end' })}
            data-testid="move-in-refund-all"
          >
            {t('moveIn.admin.refundAll')}
          </Button>
          <label className="flex flex-col text-xs">
            {t('moveIn.admin.amount')}
            <input
              type="number"
              min={1}
              max={report.refundable}
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className="mt-1 w-28 rounded-lg border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
              data-testid="move-in-amount"
            />
          </label>
          <Button
            variant="secondary"
            size="sm"
            disabled={decide.isPending || !amount}
            onClick={() => decide.mutate({ decision: 'partial_refund', amount: Number(amount) })}
            data-testid="move-in-partial"
          >
            {t('moveIn.admin.partial')}
          </Button>
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ decision: 'release' })}
            data-testid="move-in-release"
          >
            {t('moveIn.admin.release')}
          </Button>
        </div>
      ) : (
        <p className="mt-2 font-medium" data-testid="move-in-decided">
          {t('moveIn.admin.decided')}: {t(`moveIn.decisions.${report.decision ?? 'release'}`)}
          {report.refundAmount > 0 ? ` · ${shekels(report.refundAmount)}` : ''}
        </p>
      )}
      {decide.isError ? (
        <p role="alert" className="mt-2 text-rose-700 dark:text-rose-300">
          {errorText(t, decide.error)}
        </p>
      ) : null}
    </li>
  );
}

/** The admins' move-in queue (decision 056): open reports oldest first, then the latest decided. */
export function MoveInTab() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queueKey,
    queryFn: ({ signal }) => api.get('/api/admin/move-in-reports', { signal }),
  });
  if (query.isError)
    return (
      <p role="alert" className="text-rose-700">
        {errorText(t, query.error)}
      </p>
    );
  const reports = query.data?.reports;
  if (!reports) return null;
  if (!reports.length) return <p className="text-slate-600 dark:text-slate-300">{t('moveIn.admin.empty')}</p>;
  return (
    <ul className="space-y-3">
      {reports.map((report) => (
        <ReportRow key={report.id} report={report} />
      ))}
    </ul>
  );
}
