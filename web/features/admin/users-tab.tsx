import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { roles, type Role } from '../../../core/constants.ts';
import type { AdminUser, UserStatus } from '../../../core/contracts/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { inputClasses, TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useSession } from '../../lib/session.ts';
import { ActionDialog } from './action-dialog.tsx';
import { changeRole, setSuspended, useAdminAction, useUsers } from './admin-api.ts';
import { cardClasses, QueryState, useActionFeedback } from './query-state.tsx';
import { StatusBadge, toneOf } from './status-badge.tsx';

export function UsersTab() {
  const { t } = useTranslation();
  const id = useId();
  const { user: me } = useSession();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const search = useDeferredValue(q.trim());
  const users = useUsers({ q: search || undefined, role: role || undefined, status: status || undefined });
  const roleAction = useAdminAction(changeRole);
  const suspendAction = useAdminAction(setSuspended);
  const feedback = useActionFeedback();

  const row = (user: AdminUser) => {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    const self = user.id === me?.id;
    const suspend = user.status === 'active';
    return (
      <li
        key={user.id}
        className={`${cardClasses} flex flex-col gap-3 md:flex-row md:items-center md:justify-between`}
        data-testid="admin-user"
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 dark:text-white">{name}</span>
            <StatusBadge tone={toneOf(user.status)}>{t(`admin.userStatus.${user.status}`)}</StatusBadge>
            <StatusBadge tone={toneOf(user.idVerificationStatus)}>{t(`admin.status.${user.idVerificationStatus}`)}</StatusBadge>
            {user.role !== 'guest' ? (
              <span
                className={`text-xs ${user.hostCancellations > 0 ? 'font-semibold text-rose-700 dark:text-rose-300' : 'text-slate-500 dark:text-slate-400'}`}
                data-testid="admin-user-host-cancellations"
              >
                {t('admin.hostCancellations', { count: user.hostCancellations })}
              </span>
            ) : null}
            <span
              className={`text-xs ${user.maskings > 0 ? 'font-semibold text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400'}`}
              data-testid="admin-user-maskings"
            >
              {t('admin.maskings', { count: user.maskings })}
            </span>
          </div>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300" dir="ltr">
            {user.email}
          </p>
          {user.status === 'suspended' && user.staysAhead.length > 0 ? (
            <div
              className="mt-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950/40 dark:text-rose-100"
              data-testid="admin-user-stays-ahead"
            >
              <p className="font-medium">{t('admin.staysAhead', { count: user.staysAhead.length })}</p>
              <ul className="mt-1 flex flex-col gap-0.5">
                {user.staysAhead.map((stay) => (
                  <li key={stay.bookingId}>
                    <span dir="auto">{stay.title}</span> ·{' '}
                    <span dir="ltr">
                      {stay.checkIn} – {stay.checkOut}
                    </span>{' '}
                    · <span dir="ltr">{stay.guestEmail}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
            {t('admin.role')}
            <select
              value={user.role}
              disabled={self || roleAction.isPending}
              onChange={(event) =>
                void feedback(
                  () => roleAction.mutateAsync({ id: user.id, role: event.target.value as Role }),
                  t('admin.roleChanged', { name }),
                ).catch(() => undefined)
              }
              className={inputClasses(false, 'h-9 w-32')}
              data-testid="admin-user-role"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`admin.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
          {!self && (
            <ActionDialog
              testId={suspend ? 'suspend-user' : 'reactivate-user'}
              trigger={
                <Button
                  size="sm"
                  variant={suspend ? 'danger' : 'secondary'}
                  data-testid={suspend ? 'suspend-user-open' : 'reactivate-user-open'}
                >
                  {t(suspend ? 'admin.suspend' : 'admin.reactivate')}
                </Button>
              }
              title={t(suspend ? 'admin.suspendTitle' : 'admin.reactivateTitle', { name })}
              description={t(suspend ? 'admin.suspendText' : 'admin.reactivateText')}
              confirmLabel={t(suspend ? 'admin.suspend' : 'admin.reactivate')}
              confirmVariant={suspend ? 'danger' : 'primary'}
              pending={suspendAction.isPending}
              onConfirm={() =>
                feedback(
                  () => suspendAction.mutateAsync({ id: user.id, suspend }),
                  t(suspend ? 'admin.suspended' : 'admin.reactivated', { name }),
                )
              }
            />
          )}
        </div>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={`${id}-q`}
          label={t('admin.searchUsers')}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          data-testid="admin-user-search"
        />
        <SelectField id={`${id}-role`} label={t('admin.role')} value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
          <option value="">{t('admin.all')}</option>
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`admin.roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-status`}
          label={t('admin.filterStatus')}
          value={status}
          onChange={(event) => setStatus(event.target.value as UserStatus | '')}
        >
          <option value="">{t('admin.all')}</option>
          <option value="active">{t('admin.userStatus.active')}</option>
          <option value="suspended">{t('admin.userStatus.suspended')}</option>
        </SelectField>
      </div>
      <QueryState query={users} empty={(data) => data.length === 0}>
        {(data) => <ul className="flex flex-col gap-3">{data.map(row)}</ul>}
      </QueryState>
    </div>
  );
}
