import { Download } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { securityEventTypes, type SecurityEventType } from '../../../core/constants.ts';
import type { AuditEvent } from '../../../core/contracts/admin.ts';
import { useLanguage } from '../../app/language.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { formatDate } from '../../../core/format-date.ts';
import { auditCsvUrl, useAudit } from './admin-api.ts';
import { auditDescriptionText } from './audit-description.ts';
import { QueryState } from './query-state.tsx';

/** The security audit trail; contact messages, jobs, newsletter and page views join the Records tab from their own features. */
export function AuditTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [user, setUser] = useState('');
  const [eventType, setEventType] = useState<SecurityEventType | ''>('');
  const filter = { user: useDeferredValue(user.trim()) || undefined, eventType: eventType || undefined };
  const audit = useAudit(filter);
  const columns: DataTableColumn<AuditEvent>[] = [
    {
      id: 'time',
      header: t('admin.audit.time'),
      cell: (event) => formatDate(new Date(event.createdAt), 'dateTime', language),
      className: 'whitespace-nowrap',
    },
    { id: 'type', header: t('admin.audit.eventType'), cell: (event) => event.eventType, className: 'whitespace-nowrap font-mono text-xs' },
    { id: 'user', header: t('admin.audit.user'), cell: (event) => <bdi dir="ltr">{event.email ?? '—'}</bdi> },
    { id: 'description', header: t('admin.audit.description'), cell: (event) => <bdi dir="auto">{auditDescriptionText(event, t)}</bdi> },
    { id: 'ip', header: t('admin.audit.ip'), cell: (event) => <bdi dir="ltr">{event.ip}</bdi>, className: 'font-mono text-xs' },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <TextField
          id={`${id}-user`}
          label={t('admin.audit.user')}
          type="search"
          value={user}
          onChange={(event) => setUser(event.target.value)}
        />
        <SelectField
          id={`${id}-type`}
          label={t('admin.audit.eventType')}
          value={eventType}
          onChange={(event) => setEventType(event.target.value as SecurityEventType | '')}
        >
          <option value="">{t('admin.all')}</option>
          {securityEventTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <a href={auditCsvUrl(filter)} download className={buttonClasses('secondary', 'md', 'h-11')} data-testid="audit-csv">
          <Download className="size-4" aria-hidden="true" />
          {t('admin.audit.export')}
        </a>
      </div>
      <QueryState query={audit} empty={(data) => data.length === 0}>
        {(data) => (
          <DataTable
            columns={columns}
            rows={data}
            rowKey={(event) => event.id}
            label={t('admin.tabs.audit')}
            className="min-w-[40rem]"
            testId="audit-table"
          />
        )}
      </QueryState>
    </div>
  );
}
