import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Eye, EyeOff, Headset, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { afterSignInPath } from '../../app/access.ts';
import { useLanguage } from '../../app/language.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { describedBy, Field, inputClasses } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useSignIn, useSignUp } from '../../lib/session.ts';
import { usePublicSettings } from '../../lib/settings.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { latestBirthDate, signInFormSchema, signUpFormSchema, type SignInForm, type SignUpForm } from './schemas.ts';

type Mode = 'sign-in' | 'sign-up';

/** Translates a zod message (a translation key) for display. */
function useMessage() {
  const { t } = useTranslation();
  return (key: string | undefined) => (key ? (t as unknown as (key: string) => string)(key) : undefined);
}

function PasswordInput({
  id,
  invalid,
  autoComplete,
  testId,
  ...rest
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; invalid: boolean; testId: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        id={id}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        data-testid={testId}
        className={inputClasses(invalid, 'pe-11')}
        {...rest}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-xl text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-400 dark:hover:text-white"
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}

function SignInFormView({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const signIn = useSignIn();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInForm>({ resolver: zodResolver(signInFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: () => {
        toast.success(t('auth.welcomeBack'), { description: t('auth.signedIn') });
        onDone();
      },
      onError: (error) => {
        toast.error(t('auth.signInFailed'), { description: t(errorMessageKey(error)) });
      },
    });
  });

  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="sign-in-form">
      <Field id={`${id}-email`} label={t('auth.email')} error={emailError}>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          placeholder={t('auth.emailPlaceholder')}
          data-testid="sign-in-email"
          className={inputClasses(Boolean(emailError), 'rtl:text-end')}
          {...describedBy(`${id}-email`, emailError)}
          {...register('email')}
        />
      </Field>
      <Field id={`${id}-password`} label={t('auth.password')} error={passwordError}>
        <PasswordInput
          id={`${id}-password`}
          invalid={Boolean(passwordError)}
          autoComplete="current-password"
          testId="sign-in-password"
          {...describedBy(`${id}-password`, passwordError)}
          {...register('password')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={signIn.isPending} data-testid="sign-in-submit" className="mt-1 w-full">
        {signIn.isPending && <Spinner className="size-4" />}
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}

function SignUpFormView({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { language } = useLanguage();
  const signUp = useSignUp();
  const id = useId();
  const maxBirthDate = latestBirthDate();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { firstName: '', lastName: '', dateOfBirth: '', email: '', password: '' },
  });

  const onInvalid = (invalid: FieldErrors<SignUpForm>) => {
    const missing = ['firstName', 'lastName', 'dateOfBirth'].some(
      (name) => invalid[name as keyof SignUpForm]?.message === 'auth.requiredField',
    );
    if (missing) {
      toast.error(t('auth.allFieldsRequired'), { description: t('auth.allFieldsRequiredText') });
    } else if (invalid.dateOfBirth?.message === 'auth.errors.ageNotMet') {
      toast.error(t('auth.ageNotMet'), { description: t('auth.ageNotMetText') });
    }
  };

  const onSubmit = handleSubmit((values) => {
    signUp.mutate(
      { ...values, language },
      {
        onSuccess: () => {
          toast.success(t('auth.accountCreated'), { description: t('auth.accountCreatedText') });
          reset();
          onCreated();
        },
        onError: (error) => {
          if (isApiError(error) && (error.status === 404 || error.status >= 500 || error.status === 0)) {
            toast.error(t('errors.somethingWentWrong'), { description: t('errors.tryAgainLater') });
          } else {
            toast.error(t('auth.accountCreationFailed'), { description: t(errorMessageKey(error)) });
          }
        },
      },
    );
  }, onInvalid);

  const firstNameError = message(errors.firstName?.message);
  const lastNameError = message(errors.lastName?.message);
  const birthError = message(errors.dateOfBirth?.message);
  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="sign-up-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-first`} label={t('auth.firstName')} error={firstNameError}>
          <input
            id={`${id}-first`}
            autoComplete="given-name"
            data-testid="sign-up-first-name"
            className={inputClasses(Boolean(firstNameError))}
            {...describedBy(`${id}-first`, firstNameError)}
            {...register('firstName')}
          />
        </Field>
        <Field id={`${id}-last`} label={t('auth.lastName')} error={lastNameError}>
          <input
            id={`${id}-last`}
            autoComplete="family-name"
            data-testid="sign-up-last-name"
            className={inputClasses(Boolean(lastNameError))}
            {...describedBy(`${id}-last`, lastNameError)}
            {...register('lastName')}
          />
        </Field>
      </div>
      <Field id={`${id}-birth`} label={t('auth.dateOfBirth')} error={birthError} hint={t('auth.mustBe18')}>
        <input
          id={`${id}-birth`}
          type="date"
          max={maxBirthDate}
          autoComplete="bday"
          data-testid="sign-up-date-of-birth"
          className={inputClasses(Boolean(birthError))}
          {...describedBy(`${id}-birth`, birthError, t('auth.mustBe18'))}
          {...register('dateOfBirth')}
        />
      </Field>
      <Field id={`${id}-email`} label={t('auth.email')} error={emailError}>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          placeholder={t('auth.emailPlaceholder')}
          data-testid="sign-up-email"
          className={inputClasses(Boolean(emailError), 'rtl:text-end')}
          {...describedBy(`${id}-email`, emailError)}
          {...register('email')}
        />
      </Field>
      <Field id={`${id}-password`} label={t('auth.password')} error={passwordError} hint={t('auth.passwordHint')}>
        <PasswordInput
          id={`${id}-password`}
          invalid={Boolean(passwordError)}
          autoComplete="new-password"
          testId="sign-up-password"
          {...describedBy(`${id}-password`, passwordError, t('auth.passwordHint'))}
          {...register('password')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={signUp.isPending} data-testid="sign-up-submit" className="mt-1 w-full">
        {signUp.isPending && <Spinner className="size-4" />}
        {signUp.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}

export default function AuthPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const { launchMode } = usePublicSettings();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
  const tabsId = useId();
  useDocumentTitle(mode === 'sign-in' ? t('auth.signIn') : t('auth.signUp'));

  const setMode = (next: Mode) => {
    const updated = new URLSearchParams(params);
    if (next === 'sign-up') updated.set('mode', 'sign-up');
    else updated.delete('mode');
    setParams(updated, { replace: true, preventScrollReset: true });
  };

  const onSignedIn = () => navigate(localize(afterSignInPath(launchMode, params.get('next'))), { replace: true });

  const perks = [
    { Icon: ShieldCheck, text: t('auth.perks.verified') },
    { Icon: BadgeCheck, text: t('auth.perks.guarantee') },
    { Icon: Headset, text: t('auth.perks.support') },
  ];

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-2 lg:items-center lg:px-8">
      <section className="hidden flex-col gap-6 lg:flex">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-indigo-700 p-10 text-white shadow-xl">
          <div className="absolute -end-16 -top-16 size-56 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
          <div className="absolute -bottom-20 -start-10 size-64 rounded-full bg-indigo-400/20 blur-3xl" aria-hidden="true" />
          <LogoMark className="relative size-12 ring-2 ring-white/30 rounded-[10px]" />
          <h2 className="relative mt-6 text-3xl font-bold leading-tight">{t('auth.panelTitle')}</h2>
          <p className="relative mt-3 text-base leading-7 text-brand-50/90">{t('auth.panelText')}</p>
          <ul className="relative mt-8 flex flex-col gap-4">
            {perks.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm font-medium">
                <span className="flex size-9 items-center justify-center rounded-xl bg-white/15">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white" data-testid="auth-heading">
          {mode === 'sign-in' ? t('auth.signInTitle') : t('auth.signUpTitle')}
        </h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {mode === 'sign-in' ? t('auth.signInSubtitle') : t('auth.signUpSubtitle')}
        </p>

        <div
          role="tablist"
          aria-label={t('auth.modeLabel')}
          className="mt-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
          onKeyDown={(event) => {
            if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') {
              event.preventDefault();
              const next: Mode = mode === 'sign-in' ? 'sign-up' : 'sign-in';
              setMode(next);
              document.getElementById(`${tabsId}-${next}-tab`)?.focus();
            }
          }}
        >
          {(['sign-in', 'sign-up'] as const).map((option) => (
            <button
              key={option}
              id={`${tabsId}-${option}-tab`}
              type="button"
              role="tab"
              aria-selected={mode === option}
              aria-controls={`${tabsId}-panel`}
              tabIndex={mode === option ? 0 : -1}
              onClick={() => setMode(option)}
              data-testid={`auth-mode-${option}`}
              className={cn(
                'rounded-lg py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500',
                mode === option
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {option === 'sign-in' ? t('auth.signIn') : t('auth.signUp')}
            </button>
          ))}
        </div>

        <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${mode}-tab`} className="mt-6">
          {mode === 'sign-in' ? <SignInFormView onDone={onSignedIn} /> : <SignUpFormView onCreated={() => setMode('sign-in')} />}
        </div>

        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {mode === 'sign-in' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
          <button
            type="button"
            onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
            className="rounded font-semibold text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
          >
            {mode === 'sign-in' ? t('auth.signUp') : t('auth.signIn')}
          </button>
        </p>
      </section>
    </div>
  );
}
