import { Download, FileArchive, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { DataExport } from '../../../core/contracts/my-data.ts';
import { formatDate } from '../../../core/format-date.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { FieldMessage, describedBy } from '../../components/ui/field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useCloseAccount } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useDataExports, useRequestDataExport } from './profile-api.ts';

/** One archive: its state, and the download link while it may be downloaded. */
function ExportRow({ row }: { row: DataExport }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const when = formatDate(new Date(row.createdAt), 'date', language);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="data-export" data-status={row.status}>
      <FileArchive className="size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{t('profile.yourData.requestedOn', { date: when })}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {row.status === 'ready' && row.expiresAt
            ? t('profile.yourData.readyUntil', { date: formatDate(new Date(row.expiresAt), 'date', language) })
            : t(`profile.yourData.status.${row.status}`)}
        </p>
      </div>
      {row.downloadUrl && (
        <a href={row.downloadUrl} download className={buttonClasses('secondary', 'sm')} data-testid="data-export-download">
          <Download className="size-4" aria-hidden="true" />
          {t('profile.yourData.download')}
        </a>
      )}
    </li>
  );
}

/** "Download my data": ask for an archive, see it being made, download it for 7 days. */
function DownloadMyData() {
  const { t } = useTranslation();
  const exports = useDataExports();
  const request = useRequestDataExport();
  const rows = exports.data?.exports ?? [];
  const busy = rows.some((row) => row.status === 'queued' || row.status === 'running');
  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(t('profile.yourData.requested'), { description: t('profile.yourData.requestedText') }),
      onError: (error) => toast.error(t('profile.yourData.requestFailed'), { description: errorText(t, error) }),
    });
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('profile.yourData.downloadTitle')}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('profile.yourData.downloadText')}</p>
      <Button variant="secondary" className="mt-3" onClick={ask} disabled={request.isPending || busy} data-testid="request-data-export">
        {request.isPending ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden="true" />}
        {t('profile.yourData.request')}
      </Button>
      {rows.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-live="polite">
          {rows.slice(0, 5).map((row) => (
            <ExportRow key={row.id} row={row} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Delete my account": the password again, then closed at once; refusals say why. */
function DeleteMyAccount() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const close = useCloseAccount();
  const problem = close.error ? errorText(t, close.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    close.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('profile.yourData.closed'), { description: t('profile.yourData.closedText') });
        navigate(localize('/'), { replace: true });
      },
    });
  };

  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('profile.yourData.deleteTitle')}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('profile.yourData.deleteText')}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            close.reset();
          }
        }}
        role="alertdialog"
        closeButton={false}
        title={t('profile.yourData.confirmTitle')}
        description={t('profile.yourData.confirmText')}
        testId="delete-account-dialog"
        trigger={
          <Button variant="danger" className="mt-3" data-testid="delete-account">
            <Trash2 className="size-4" aria-hidden="true" />
            {t('profile.yourData.delete')}
          </Button>
        }
      >
        <form onSubmit={submit} className="mt-4 flex flex-col gap-1.5" noValidate>
          <label htmlFor={`${id}-password`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('profile.yourData.password')}
          </label>
          <PasswordInput
            id={`${id}-password`}
            testId="delete-account-password"
            invalid={Boolean(problem)}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...describedBy(`${id}-password`, problem)}
            required
          />
          <FieldMessage id={`${id}-password`} error={problem} hint={undefined} errorTestId="delete-account-error" />
          <DialogActions>
            <Button type="submit" variant="danger" disabled={close.isPending || !password} data-testid="delete-account-confirm">
              {close.isPending ? <Spinner className="size-4" /> : null}
              {t('profile.yourData.deleteConfirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </div>
  );
}

/** The member's rights over their data, as the privacy policy describes them. */
export function YourDataCard() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card as="section" id="your-data" aria-labelledby={`${id}-title`} data-testid="your-data" className="scroll-mt-24 p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.yourData.title')}
      </h2>
      <div className="mt-4 flex flex-col gap-6 divide-y divide-slate-200 dark:divide-slate-800 [&>*+*]:pt-6">
        <DownloadMyData />
        <DeleteMyAccount />
      </div>
    </Card>
  );
}
