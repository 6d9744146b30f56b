import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '../../../core/format-date.ts';
import type { PasskeySummary } from '../../../core/contracts/two-factor.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { browserSupportsPasskeys, passkeyCancelled } from '../../lib/passkeys.ts';
import { toast } from '../../lib/toast.ts';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from './security-api.ts';

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) => toast.error(t('twoFactor.passkeyFailed'), { description: errorText(t, failure) }),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="passkey-row">
      {editing ? (
        <form onSubmit={save} className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end" data-testid="passkey-rename-form">
          <TextField
            id={`${id}-name`}
            label={t('twoFactor.passkeyName')}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            className="sm:flex-1"
            data-testid="passkey-rename-input"
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={rename.isPending} data-testid="passkey-rename-save">
              {t('twoFactor.save')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900 dark:text-white" data-testid="passkey-name">
            {passkey.name}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('twoFactor.passkeyAdded', { date: formatDate(new Date(passkey.createdAt), 'date', language) })}
            {' · '}
            {passkey.lastUsedAt
              ? t('twoFactor.passkeyUsed', { date: formatDate(new Date(passkey.lastUsedAt), 'date', language) })
              : t('twoFactor.passkeyNeverUsed')}
          </p>
        </div>
      )}
      {!editing && (
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="passkey-rename">
            <Pencil className="size-4" aria-hidden="true" />
            {t('twoFactor.rename')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('twoFactor.removeTitle')}
            description={t('twoFactor.removeText', { name: passkey.name })}
            trigger={
              <Button variant="ghost" size="sm" data-testid="passkey-remove">
                <Trash2 className="size-4" aria-hidden="true" />
                {t('twoFactor.remove')}
              </Button>
            }
            confirmLabel={t('twoFactor.remove')}
            confirmTestId="passkey-remove-confirm"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(passkey.id, {
                onSuccess: () => setConfirming(false),
                onError: (failure) => toast.error(t('twoFactor.passkeyFailed'), { description: errorText(t, failure) }),
              })
            }
          />
        </div>
      )}
    </li>
  );
}

/** Passkeys: a sign-in without a password, and a second factor after one. Add, rename, remove. */
export function PasskeysCard({ passkeys }: { passkeys: PasskeySummary[] }) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const supported = browserSupportsPasskeys();

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || t('twoFactor.passkeyDefaultName'), {
      onSuccess: () => {
        setName('');
        toast.success(t('twoFactor.passkeyAddedToast'));
      },
      onError: (failure) => {
        if (!passkeyCancelled(failure)) toast.error(t('twoFactor.passkeyFailed'), { description: errorText(t, failure) });
      },
    });
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-6 shadow-sm sm:p-8" data-testid="passkeys-card">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <KeyRound className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {t('twoFactor.passkeysTitle')}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('twoFactor.passkeysText')}</p>
      {passkeys.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400" data-testid="passkeys-empty">
          {t('twoFactor.noPasskeys')}
        </p>
      )}
      {supported ? (
        <form onSubmit={onAdd} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            id={`${id}-name`}
            label={t('twoFactor.passkeyName')}
            placeholder={t('twoFactor.passkeyDefaultName')}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            className="sm:flex-1"
            data-testid="passkey-add-name"
          />
          <Button type="submit" disabled={add.isPending} data-testid="passkey-add">
            {add.isPending ? <Spinner className="size-4" /> : <KeyRound className="size-4" aria-hidden="true" />}
            {t('twoFactor.addPasskey')}
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('twoFactor.passkeysUnsupported')}</p>
      )}
    </Card>
  );
}
