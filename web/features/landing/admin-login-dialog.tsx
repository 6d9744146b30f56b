import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { useSignIn, type SecondFactorStep } from '../../lib/session.ts';
import { SecondFactorStepView } from '../../components/second-factor-step.tsx';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver.ts';
import type { SignInForm } from '../../lib/sign-in-form-schema.ts';
import { useMessage } from '../../lib/use-message.ts';

// zod and the schema load on the first submit, not with the page.
const signInResolver = lazyZodResolver<SignInForm>(() =>
  import('../../lib/sign-in-form-schema.ts').then((module) => module.signInFormSchema),
);

/**
 * The landing's discreet admin entrance: a faint key button at the top-start corner that is
 * still reachable by keyboard and labelled, opening a modal sign-in. On success it goes to /explore.
 * Only admins get in: the server refuses any other account before creating a session.
 */
export function AdminLogin() {
  const { t } = useTranslation();
  const message = useMessage();
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const id = useId();
  const [open, setOpen] = useState(false);
  // The admin's second factor, when the password was right (decision 051).
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SignInForm>({ resolver: signInResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(
      { ...values, adminOnly: true },
      {
        onSuccess: (data) => {
          if ('secondFactor' in data) return setStep(data.secondFactor);
          granted();
        },
        onError: (error) => {
          if (isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 429)) {
            const description = error.code === 'invalid_credentials' ? t('landing.invalidCredentials') : errorText(t, error);
            toast.error(t('landing.accessDenied'), { description });
          } else {
            toast.error(t('landing.authError'), { description: t('landing.authErrorText') });
          }
        },
      },
    );
  });

  const granted = () => {
    toast.success(t('landing.accessGranted'));
    setOpen(false);
    setStep(null);
    reset();
    navigate(localize('/explore'), { replace: true });
  };

  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={t('landing.adminLogin')}
      description={t('landing.adminLoginText')}
      testId="admin-login-dialog"
      trigger={
        <button
          type="button"
          aria-label={t('landing.adminLogin')}
          title={t('landing.adminLogin')}
          data-testid="admin-login-button"
          className="absolute start-2 top-2 z-10 flex size-9 items-center justify-center rounded-lg text-slate-400 opacity-40 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-500"
        >
          <KeyRound className="size-4" aria-hidden="true" />
        </button>
      }
    >
      {step && (
        <div className="mt-5">
          <SecondFactorStepView step={step} onDone={granted} onCancel={() => setStep(null)} />
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className={step ? 'hidden' : 'mt-5 flex flex-col gap-4'}>
        <EmailField
          id={`${id}-email`}
          label={t('auth.email')}
          error={emailError}
          autoComplete="username"
          placeholder={t('auth.emailPlaceholder')}
          data-testid="admin-login-email"
          {...register('email')}
        />
        <PasswordField
          id={`${id}-password`}
          label={t('auth.password')}
          error={passwordError}
          autoComplete="current-password"
          testId="admin-login-password"
          {...register('password')}
        />
        <Button type="submit" size="lg" disabled={signIn.isPending} data-testid="admin-login-submit" className="mt-1 w-full">
          {signIn.isPending && <Spinner className="size-4" />}
          {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
    </Dialog>
  );
}
