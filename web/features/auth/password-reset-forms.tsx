import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { newPasswordProblem } from '../../../core/sign-up-rules.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { useCompletePasswordReset, useRequestPasswordReset, type ResetLinkState } from './auth-api.ts';
import { PasswordField } from '../../components/ui/password-field.tsx';
import type { ResetRequestForm } from './schemas.ts';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver.ts';
import { useMessage } from '../../lib/use-message.ts';

// zod and the schema load on the first submit, not with the page.
const resetRequestResolver = lazyZodResolver<ResetRequestForm>(() =>
  import('./schemas.ts').then((module) => module.resetRequestFormSchema),
);

/** "Forgot password?": asks for the e-mail; the answer is the same whether or not it is registered. */
export function ResetRequestFormView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { language } = useLanguage();
  const request = useRequestPasswordReset();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetRequestForm>({ resolver: resetRequestResolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    request.mutate(
      { email: values.email, language },
      {
        onSuccess: () => setSentTo(values.email),
        onError: (error) => toast.error(t('auth.resetRequestFailed'), { description: errorText(t, error) }),
      },
    );
  });

  if (sentTo) {
    return (
      <div className="flex flex-col items-start gap-4" data-testid="reset-request-sent" role="status">
        <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <MailCheck className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('auth.resetRequestSent')}</h2>
        <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{t('auth.resetRequestSentText', { email: sentTo })}</p>
        <Button variant="secondary" onClick={onBack} data-testid="reset-back-to-sign-in">
          {t('auth.backToSignIn')}
        </Button>
      </div>
    );
  }

  const emailError = message(errors.email?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="reset-request-form">
      <EmailField
        id={`${id}-email`}
        label={t('auth.email')}
        error={emailError}
        placeholder={t('auth.emailPlaceholder')}
        data-testid="reset-email"
        {...register('email')}
      />
      <Button type="submit" size="lg" disabled={request.isPending} data-testid="reset-request-submit" className="w-full">
        {request.isPending && <Spinner className="size-4" />}
        {request.isPending ? t('common.loading') : t('auth.sendResetLink')}
      </Button>
    </form>
  );
}

const problemKeys = {
  password_too_short: 'auth.errors.passwordTooShort',
  password_too_weak: 'auth.errors.passwordWeak',
} as const;

/**
 * The page the reset mail links to (`/auth?mode=reset&token=...`): choose a new password. The link is
 * checked first; a used one offers to sign in, and a used or dead one to ask for a new link.
 */
export function NewPasswordFormView({
  token,
  linkState,
  onDone,
  onRequestNew,
}: {
  token: string;
  linkState: ResetLinkState;
  onDone: () => void;
  onRequestNew: () => void;
}) {
  const { t } = useTranslation();
  const complete = useCompletePasswordReset();
  const id = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const { register, handleSubmit, setFocus } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const onSubmit = handleSubmit(({ password }) => {
    const problem = newPasswordProblem(password);
    if (problem) {
      setError(t(problemKeys[problem]));
      toast.error(t('auth.resetFailed'), { description: t(problemKeys[problem]) });
      setFocus('password');
      return;
    }
    setError(undefined);
    complete.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t('auth.passwordUpdated'), { description: t('auth.passwordUpdatedText') });
          onDone();
        },
        onError: (failure) => toast.error(t('auth.resetFailed'), { description: errorText(t, failure) }),
      },
    );
  });

  if (linkState === 'checking') {
    return (
      <div className="flex justify-center py-6" role="status" aria-label={t('common.loading')} data-testid="reset-link-checking">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (linkState === 'used' || linkState === 'invalid') {
    return (
      <div className="flex flex-wrap gap-3" data-testid={`reset-link-${linkState}`}>
        {linkState === 'used' && (
          <Button onClick={onDone} data-testid="reset-link-sign-in">
            {t('auth.signIn')}
          </Button>
        )}
        <Button variant={linkState === 'used' ? 'secondary' : 'primary'} onClick={onRequestNew} data-testid="reset-link-request-new">
          {t('auth.requestNewLink')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="new-password-form">
      <PasswordField
        id={`${id}-password`}
        label={t('auth.newPassword')}
        error={error}
        hint={t('auth.passwordHint')}
        autoComplete="new-password"
        testId="new-password"
        {...register('password', { onChange: () => setError(undefined) })}
      />
      <Button type="submit" size="lg" disabled={complete.isPending} data-testid="new-password-submit" className="w-full">
        {complete.isPending && <Spinner className="size-4" />}
        {complete.isPending ? t('common.loading') : t('auth.savePassword')}
      </Button>
    </form>
  );
}
