import { Download } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityEventTypes } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { auditCsvUrl, useAudit } from './admin-api.ts';
import { QueryState } from './query-state.tsx';

/** The security audit trail; contact messages, jobs, newsletter and page views join the Records tab from their own features. */
export function AuditTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [user, setUser] = useState('');
  const [eventType, setEventType] = useState('');
  const filter = { user: useDeferredValue(user.trim()) || undefined, eventType: eventType || undefined };
  const audit = useAudit(filter);

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
          onChange={(event) => setEventType(event.target.value)}
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
          <div
            className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800"
            tabIndex={0}
            role="region"
            aria-label={t('admin.tabs.audit')}
          >
            <table className="w-full min-w-[40rem] text-start text-sm" data-testid="audit-table">
              <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('admin.audit.time')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('admin.audit.eventType')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('admin.audit.user')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('admin.audit.description')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t('admin.audit.ip')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-950">
                {data.map((event) => (
                  <tr key={event.id} className="text-slate-800 dark:text-slate-200">
                    <td className="whitespace-nowrap px-3 py-2">{formatDate(new Date(event.createdAt), 'dateTime', language)}</td>
                    <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{event.eventType}</td>
                    <td className="px-3 py-2" dir="ltr">
                      {event.email ?? '—'}
                    </td>
                    <td className="px-3 py-2" dir="auto">
                      {event.description}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                      {event.ip}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
