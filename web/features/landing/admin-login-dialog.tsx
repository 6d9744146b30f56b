import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { KeyRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useLanguage } from '../../app/language.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { EmailField, Field, describedBy } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { useSignIn } from '../../lib/session.ts';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { signInFormSchema, type SignInForm } from '../../lib/sign-in-form-schema.ts';
import { useMessage } from '../../lib/use-message.ts';

/**
 * The landing's discreet admin entrance (spec §2): a faint key button at the top-start corner that is
 * still reachable by keyboard and labelled, opening a modal sign-in. On success it goes to /explore.
 * Only admins get in: the server refuses any other account before creating a session.
 */
export function AdminLogin() {
  const { t } = useTranslation();
  const message = useMessage();
  const { dir, localize } = useLanguage();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const id = useId();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SignInForm>({ resolver: zodResolver(signInFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate({ ...values, adminOnly: true }, {
      onSuccess: () => {
        toast.success(t('landing.accessGranted'));
        setOpen(false);
        reset();
        navigate(localize('/explore'), { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 429)) {
          const description = error.code === 'invalid_credentials' ? t('landing.invalidCredentials') : t(errorMessageKey(error));
          toast.error(t('landing.accessDenied'), { description });
        } else {
          toast.error(t('landing.authError'), { description: t('landing.authErrorText') });
        }
      },
    });
  });

  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t('landing.adminLogin')}
        title={t('landing.adminLogin')}
        data-testid="admin-login-button"
        className="absolute start-2 top-2 z-10 flex size-9 items-center justify-center rounded-lg text-slate-400 opacity-40 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-500"
      >
        <KeyRound className="size-4" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          dir={dir}
          data-testid="admin-login-dialog"
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(26rem,calc(100vw-2rem))] -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{t('landing.adminLogin')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t('landing.adminLoginText')}
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label={t('common.close')} className={buttonClasses('ghost', 'icon', '-me-2 -mt-2 size-9')}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
            <EmailField
              id={`${id}-email`}
              label={t('auth.email')}
              error={emailError}
              autoComplete="username"
              placeholder={t('auth.emailPlaceholder')}
              data-testid="admin-login-email"
              {...register('email')}
            />
            <Field id={`${id}-password`} label={t('auth.password')} error={passwordError}>
              <PasswordInput
                id={`${id}-password`}
                invalid={Boolean(passwordError)}
                autoComplete="current-password"
                testId="admin-login-password"
                {...describedBy(`${id}-password`, passwordError)}
                {...register('password')}
              />
            </Field>
            <Button type="submit" size="lg" disabled={signIn.isPending} data-testid="admin-login-submit" className="mt-1 w-full">
              {signIn.isPending && <Spinner className="size-4" />}
              {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
