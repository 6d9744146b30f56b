import { useQuery } from '@tanstack/react-query';
import type { AccountDeletion } from '../../../core/contracts/my-data.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useLanguage } from '../../app/language.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { api } from '../../lib/api-client.ts';
import { QueryState } from './query-state.tsx';

/**
 * Closed accounts and their erasure (docs/decisions/050-your-data.md): who asked and when, when the
 * job erases them, and whether it has. Once erased, a row keeps only its id, role and dates.
 */
export function AccountDeletionsTab() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const deletions = useQuery({
    queryKey: ['admin', 'account-deletions'],
    queryFn: ({ signal }) => api.get('/api/admin/account-deletions', { signal }),
    select: (data) => data.deletions,
  });
  const day = (value: string | null) => (value ? formatDate(new Date(value), 'date', language) : '—');
  const columns: DataTableColumn<AccountDeletion>[] = [
    {
      id: 'member',
      header: t('admin.accountDeletions.member'),
      cell: (row) => (
        <div className="flex flex-col">
          <bdi dir="auto" className="font-medium">
            {row.name ?? t('people.formerMember')}
          </bdi>
          {row.email && (
            <bdi dir="ltr" className="text-xs text-slate-600 dark:text-slate-400">
              {row.email}
            </bdi>
          )}
        </div>
      ),
    },
    { id: 'role', header: t('admin.role'), cell: (row) => t(`admin.roles.${row.role}`) },
    { id: 'requested', header: t('admin.accountDeletions.requested'), cell: (row) => day(row.requestedAt), className: 'whitespace-nowrap' },
    {
      id: 'eraseAfter',
      header: t('admin.accountDeletions.eraseAfter'),
      cell: (row) => day(row.eraseAfter),
      className: 'whitespace-nowrap',
    },
    {
      id: 'state',
      header: t('admin.accountDeletions.state'),
      cell: (row) => (
        <span data-testid="account-deletion-state" data-state={row.status}>
          {row.status === 'erased'
            ? t('admin.accountDeletions.states.erased', { date: day(row.erasedAt) })
            : t(`admin.accountDeletions.states.${row.status}`)}
          {row.lastError && row.status !== 'erased' ? (
            <span className="block text-xs text-red-700 dark:text-red-300">
              {t('admin.accountDeletions.retrying', { count: row.attempts })}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.accountDeletions.hint')}</p>
      <QueryState query={deletions} empty={(data) => data.length === 0}>
        {(data) => (
          <DataTable
            columns={columns}
            rows={data}
            rowKey={(row) => String(row.id)}
            label={t('admin.tabs.accountDeletions')}
            className="min-w-[36rem]"
            testId="account-deletions-table"
          />
        )}
      </QueryState>
    </div>
  );
}
