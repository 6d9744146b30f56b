import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { usePasskeySignIn, useSignIn, type SecondFactorStep } from '../../lib/session.ts';
import { browserSupportsPasskeys, passkeyCancelled } from '../../lib/passkeys.ts';
import { SecondFactorStepView } from '../../components/second-factor-step.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver.ts';
import type { SignInForm } from '../../lib/sign-in-form-schema.ts';
import { useMessage } from '../../lib/use-message.ts';

// zod and the schema load on the first submit, not with the page.
const signInResolver = lazyZodResolver<SignInForm>(() =>
  import('../../lib/sign-in-form-schema.ts').then((module) => module.signInFormSchema),
);

export function SignInFormView({ onDone, onForgot }: { onDone: () => void; onForgot: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const signIn = useSignIn();
  const passkeySignIn = usePasskeySignIn();
  const id = useId();
  // Set when the password was right and the account asks for its second factor.
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInForm>({ resolver: signInResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: (data) => {
        if ('secondFactor' in data) return setStep(data.secondFactor);
        signedIn();
      },
      onError: (error) => {
        toast.error(t('auth.signInFailed'), { description: errorText(t, error) });
      },
    });
  });

  const signedIn = () => {
    toast.success(t('auth.welcomeBack'), { description: t('auth.signedIn') });
    onDone();
  };
  const withPasskey = () =>
    passkeySignIn.mutate(undefined, {
      onSuccess: signedIn,
      onError: (error) => {
        if (!passkeyCancelled(error)) toast.error(t('auth.signInFailed'), { description: errorText(t, error) });
      },
    });

  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  if (step) return <SecondFactorStepView step={step} onDone={signedIn} onCancel={() => setStep(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="sign-in-form">
      <EmailField
        id={`${id}-email`}
        label={t('auth.email')}
        error={emailError}
        placeholder={t('auth.emailPlaceholder')}
        data-testid="sign-in-email"
        {...register('email')}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          id={`${id}-password`}
          label={t('auth.password')}
          error={passwordError}
          autoComplete="current-password"
          testId="sign-in-password"
          {...register('password')}
        />
        <button
          type="button"
          onClick={onForgot}
          data-testid="forgot-password"
          className="self-end rounded text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
        >
          {t('auth.forgotPassword')}
        </button>
      </div>
      <Button type="submit" size="lg" disabled={signIn.isPending} data-testid="sign-in-submit" className="mt-1 w-full">
        {signIn.isPending && <Spinner className="size-4" />}
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      {browserSupportsPasskeys() && (
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={passkeySignIn.isPending}
          onClick={withPasskey}
          data-testid="sign-in-passkey"
        >
          {passkeySignIn.isPending ? <Spinner className="size-4" /> : <KeyRound className="size-4" aria-hidden="true" />}
          {t('twoFactor.signInWithPasskey')}
        </Button>
      )}
    </form>
  );
}
