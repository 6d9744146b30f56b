import { KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SessionUser } from '../../core/contracts/auth.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorText } from '../lib/error-message.ts';
import { passkeyCancelled } from '../lib/passkeys.ts';
import { useSecondFactorSignIn, type SecondFactorStep } from '../lib/session.ts';
import { Button } from './ui/button.tsx';
import { TextField } from './ui/field.tsx';
import { Spinner } from './ui/spinner.tsx';

/**
 * The second step of signing in for a member with a second factor (decision 051): a code from the
 * authenticator app, a recovery code, or a passkey. Used by the sign-in page and the admin entrance.
 */
export function SecondFactorStepView({
  step,
  onDone,
  onCancel,
}: {
  step: SecondFactorStep;
  onDone: (user: SessionUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const signIn = useSecondFactorSignIn();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hasCodes = step.methods.includes('totp') || step.methods.includes('recovery');
  const hasPasskey = step.methods.includes('passkey');

  const finish = (variables: { token: string; code: string } | { token: string; passkey: true }) => {
    setError(undefined);
    signIn.mutate(variables, {
      onSuccess: onDone,
      onError: (failure) => {
        if (passkeyCancelled(failure)) return;
        setError(errorText(t, failure));
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    finish({ token: step.token, code });
  };

  return (
    <div className="flex flex-col gap-5" data-testid="second-factor-step">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('twoFactor.stepTitle')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {hasCodes ? (recovery ? t('twoFactor.stepRecoveryText') : t('twoFactor.stepCodeText')) : t('twoFactor.stepPasskeyText')}
          </p>
        </div>
      </div>
      {hasCodes && (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            id={`${id}-code`}
            label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
            error={error}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
            dir="ltr"
            inputClassName="font-mono tracking-widest rtl:text-end"
            maxLength={40}
            data-testid="second-factor-code"
          />
          <Button type="submit" size="lg" disabled={signIn.isPending} data-testid="second-factor-submit" className="w-full">
            {signIn.isPending && <Spinner className="size-4" />}
            {t('twoFactor.verify')}
          </Button>
          {step.methods.includes('recovery') && (
            <button
              type="button"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setError(undefined);
              }}
              data-testid="second-factor-toggle-recovery"
              className="self-start rounded text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
            >
              {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
            </button>
          )}
        </form>
      )}
      {!hasCodes && error && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400" data-testid="second-factor-error">
          {error}
        </p>
      )}
      {hasPasskey && (
        <Button
          variant={hasCodes ? 'secondary' : 'primary'}
          size="lg"
          className="w-full"
          disabled={signIn.isPending}
          onClick={() => finish({ token: step.token, passkey: true })}
          data-testid="second-factor-passkey"
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {t('twoFactor.usePasskey')}
        </Button>
      )}
      <button
        type="button"
        onClick={onCancel}
        className="self-center rounded text-sm text-slate-600 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300"
        data-testid="second-factor-cancel"
      >
        {t('twoFactor.back')}
      </button>
    </div>
  );
}
