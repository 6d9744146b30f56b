import { Smartphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { TotpSetup, TwoFactorState } from '../../../core/contracts/two-factor.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useBeginTotpSetup, useConfirmTotp, useDisableTotp, useNewRecoveryCodes } from './security-api.ts';

/** Ten recovery codes, shown once after enrolment or renewal; only their hashes are kept. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
      data-testid="recovery-codes"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">{t('twoFactor.recoveryTitle')}</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.recoveryText')}</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 dark:text-slate-100" dir="ltr">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-white px-2 py-1 text-center dark:bg-slate-900" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <Button className="mt-4" onClick={onDone} data-testid="recovery-codes-done">
        {t('twoFactor.recoverySaved')}
      </Button>
    </div>
  );
}

/** Scan the QR code (or type the key), then confirm with the app's first code. */
function SetupPanel({ setup, onConfirmed }: { setup: TotpSetup; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    confirm.mutate(code, {
      onSuccess: (result) => onConfirmed(result.recoveryCodes),
      onError: (failure) => setError(errorText(t, failure)),
    });
  };
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="totp-setup">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.scanText')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('twoFactor.qrAlt')}
        width={192}
        height={192}
        className="size-48 self-center rounded-xl bg-white p-2 ring-1 ring-slate-200"
        data-testid="totp-qr"
      />
      <div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('twoFactor.manualText')}</p>
        <code
          dir="ltr"
          className="mt-1 block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          data-testid="totp-secret"
        >
          {setup.secret}
        </code>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id={`${id}-code`}
          label={t('twoFactor.code')}
          error={error}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={40}
          className="sm:flex-1"
          inputClassName="font-mono tracking-widest rtl:text-end"
          data-testid="totp-confirm-code"
        />
        <Button type="submit" disabled={confirm.isPending} data-testid="totp-confirm">
          {confirm.isPending && <Spinner className="size-4" />}
          {t('twoFactor.confirm')}
        </Button>
      </form>
    </div>
  );
}

/** Password and a current code: to turn the app off, or for new recovery codes. */
function PasswordAndCodeForm({
  action,
  submitLabel,
  danger,
  onDone,
  onCancel,
  testId,
}: {
  action: ReturnType<typeof useDisableTotp> | ReturnType<typeof useNewRecoveryCodes>;
  submitLabel: string;
  danger?: boolean;
  onDone: (result: unknown) => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) return setError(t('twoFactor.passwordAndCodeRequired'));
    action.mutate(
      { password, code },
      { onSuccess: (result: unknown) => onDone(result), onError: (failure: unknown) => setError(errorText(t, failure)) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3" data-testid={testId}>
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        testId={`${testId}-password`}
      />
      <TextField
        id={`${id}-code`}
        label={t('twoFactor.codeOrRecovery')}
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={40}
        inputClassName="font-mono rtl:text-end"
        data-testid={`${testId}-code`}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={action.isPending} data-testid={`${testId}-submit`}>
          {action.isPending && <Spinner className="size-4" />}
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The authenticator app: set up with a QR code, recovery codes once, turn off or renew codes with password and code. */
export function TotpCard({ state }: { state: TwoFactorState }) {
  const { t } = useTranslation();
  const id = useId();
  const begin = useBeginTotpSetup();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [form, setForm] = useState<'disable' | 'renew' | null>(null);

  const start = () =>
    begin.mutate(undefined, {
      onSuccess: setSetup,
      onError: (failure) => toast.error(t('twoFactor.setupFailed'), { description: errorText(t, failure) }),
    });

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-6 shadow-sm sm:p-8" data-testid="totp-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Smartphone className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          {t('twoFactor.appTitle')}
        </h2>
        <span
          data-testid="totp-status"
          className={
            state.totpEnabled
              ? 'rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200'
              : 'rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300'
          }
        >
          {state.totpEnabled ? t('twoFactor.on') : t('twoFactor.off')}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('twoFactor.appText')}</p>

      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}

      {!state.totpEnabled && !setup && (
        <Button className="mt-4" onClick={start} disabled={begin.isPending} data-testid="totp-begin">
          {begin.isPending && <Spinner className="size-4" />}
          {t('twoFactor.setUp')}
        </Button>
      )}
      {!state.totpEnabled && setup && (
        <SetupPanel
          setup={setup}
          onConfirmed={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            toast.success(t('twoFactor.enabled'));
          }}
        />
      )}

      {state.totpEnabled && (
        <>
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-200" data-testid="recovery-codes-left">
            {t('twoFactor.codesLeft', { count: state.recoveryCodesLeft })}
          </p>
          {form === null && (
            <div className="mt-4 flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setForm('renew')} data-testid="recovery-renew">
                {t('twoFactor.newCodes')}
              </Button>
              <Button variant="danger" onClick={() => setForm('disable')} data-testid="totp-disable">
                {t('twoFactor.turnOff')}
              </Button>
            </div>
          )}
          {form === 'renew' && (
            <PasswordAndCodeForm
              action={renew}
              submitLabel={t('twoFactor.newCodes')}
              testId="recovery-renew-form"
              onCancel={() => setForm(null)}
              onDone={(result) => {
                setForm(null);
                setCodes((result as { recoveryCodes: string[] }).recoveryCodes);
              }}
            />
          )}
          {form === 'disable' && (
            <PasswordAndCodeForm
              action={disable}
              submitLabel={t('twoFactor.turnOff')}
              danger
              testId="totp-disable-form"
              onCancel={() => setForm(null)}
              onDone={() => {
                setForm(null);
                toast.success(t('twoFactor.disabled'));
              }}
            />
          )}
        </>
      )}
    </Card>
  );
}
