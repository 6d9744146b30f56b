import { useId, useState } from 'react';
import type { TranslationKey } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { reportTransitions } from '../../../core/admin-rules.ts';
import { reportStatuses } from '../../../core/constants.ts';
import type { Report, ReportStatus } from '../../../core/contracts/admin.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { ActionDialog } from './action-dialog.tsx';
import { moveReport, useAdminAction, useReports } from './admin-api.ts';
import { cardClasses, QueryState, useActionFeedback } from './query-state.tsx';
import { StatusBadge, type BadgeTone } from './status-badge.tsx';

/** open reports (pending, investigating) are red. */
const reportTone: Record<ReportStatus, BadgeTone> = { pending: 'red', investigating: 'red', resolved: 'green', dismissed: 'grey' };

export function ReportsTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const filterId = useId();
  const [status, setStatus] = useState<ReportStatus | ''>('');
  const reports = useReports(status || undefined);
  const move = useAdminAction(moveReport);
  const feedback = useActionFeedback();

  const row = (report: Report) => {
    const title = language === 'he' ? report.propertyTitleHe : report.propertyTitleEn;
    return (
      <li key={report.id} className={`${cardClasses} flex flex-col gap-3`} data-testid="report">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 dark:text-white">
              {report.targetType === 'property' && report.propertyId !== null ? (
                <LocalizedLink to={`/property/${report.propertyId}`} className="underline-offset-4 hover:underline">
                  {title}
                </LocalizedLink>
              ) : (
                <span dir="ltr">{report.reportedEmail}</span>
              )}
            </span>
            <StatusBadge tone={reportTone[report.status]} testId="report-status">
              {t(`admin.reportStatus.${report.status}`)}
            </StatusBadge>
          </div>
          <span className="text-xs text-slate-500 dark:text-slate-400">{formatDate(new Date(report.createdAt), 'date', language)}</span>
        </div>
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-slate-300">
          <dt className="font-medium">{t('admin.reporter')}</dt>
          <dd dir="ltr" className="rtl:text-end">
            {report.reporterEmail}
          </dd>
          <dt className="font-medium">{t('admin.reason')}</dt>
          <dd>
            {t(`report.reasons.${report.reason}` as TranslationKey, { defaultValue: report.reason })}
            {report.details ? ` — ${report.details}` : ''}
          </dd>
          {report.conversationMessages.length > 0 && (
            <>
              <dt className="font-medium">{t('admin.conversation')}</dt>
              <dd>
                <ol className="space-y-1" data-testid="report-conversation-messages">
                  {report.conversationMessages.map((message, index) => (
                    <li key={index}>
                      <span dir="ltr" className="text-slate-500 dark:text-slate-400">
                        {message.senderEmail}
                      </span>
                      : <span dir="auto">{message.body}</span>
                    </li>
                  ))}
                </ol>
              </dd>
            </>
          )}
          {report.notes && (
            <>
              <dt className="font-medium">{t('admin.notes')}</dt>
              <dd>{report.notes}</dd>
            </>
          )}
        </dl>
        {reportTransitions[report.status].length > 0 && (
          <div className="flex flex-wrap gap-2">
            {reportTransitions[report.status].map((to) => (
              <ActionDialog
                key={to}
                testId={`report-${to}`}
                trigger={
                  <Button size="sm" variant={to === 'investigating' ? 'primary' : 'secondary'} data-testid={`report-${to}-open`}>
                    {t(`admin.reportAction.${to}`)}
                  </Button>
                }
                title={t(`admin.reportAction.${to}`)}
                description={t('admin.reportMoveText', { status: t(`admin.reportStatus.${to}`) })}
                textLabel={t('admin.notes')}
                confirmLabel={t(`admin.reportAction.${to}`)}
                pending={move.isPending}
                onConfirm={(notes) =>
                  feedback(
                    () => move.mutateAsync({ id: report.id, status: to, notes: notes || undefined }),
                    t('admin.reportMoved', { status: t(`admin.reportStatus.${to}`) }),
                  )
                }
              />
            ))}
          </div>
        )}
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        id={filterId}
        label={t('admin.filterStatus')}
        value={status}
        onChange={(event) => setStatus(event.target.value as ReportStatus | '')}
        className="sm:max-w-xs"
      >
        <option value="">{t('admin.all')}</option>
        {reportStatuses.map((s) => (
          <option key={s} value={s}>
            {t(`admin.reportStatus.${s}`)}
          </option>
        ))}
      </SelectField>
      <QueryState query={reports} empty={(data) => data.length === 0}>
        {(data) => <ul className="flex flex-col gap-3">{data.map(row)}</ul>}
      </QueryState>
    </div>
  );
}
