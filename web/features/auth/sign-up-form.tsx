import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { TaggedText } from '../../components/tagged-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { EmailField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { useSignUp } from '../../lib/session.ts';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { BirthDateField } from '../../components/birth-date-field.tsx';
import { PersonNameFields } from '../../components/person-name-fields.tsx';
import { isSignUpProblemCode, signUpProblemView, type SignUpCheck, type SignUpForm } from './sign-up-problems.ts';
import { useMessage } from '../../lib/use-message.ts';

const emptyForm: SignUpForm = { firstName: '', lastName: '', dateOfBirth: '', email: '', password: '', acceptTerms: false };

const legalLinkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300';

export function SignUpFormView({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { language } = useLanguage();
  const signUp = useSignUp();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<SignUpForm>({ defaultValues: emptyForm });

  /** The toast (title and description) plus inline messages on the fields concerned. */
  const show = (check: SignUpCheck) => {
    toast.error(t(check.title), { description: t(check.description) });
    const names = Object.keys(check.fields) as (keyof SignUpForm)[];
    for (const name of names) setError(name, { type: 'validate', message: check.fields[name] });
    if (names[0]) setFocus(names[0]);
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    // The checks that need zod load on the first submit, not with the page.
    const { checkSignUp } = await import('./schemas.ts');
    const check = checkSignUp(values);
    if (check) {
      show(check);
      return;
    }
    signUp.mutate(
      { ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), language },
      {
        onSuccess: () => {
          toast.success(t('auth.accountCreated'), { description: t('auth.accountCreatedText') });
          reset(emptyForm);
          onCreated();
        },
        onError: (error) => {
          if (isApiError(error) && isSignUpProblemCode(error.code)) {
            show(signUpProblemView(error.code, values));
          } else if (isApiError(error) && (error.status === 404 || error.status >= 500 || error.status === 0)) {
            toast.error(t('errors.somethingWentWrong'), { description: t('errors.tryAgainLater') });
          } else {
            toast.error(t('auth.accountCreationFailed'), { description: errorText(t, error) });
          }
        },
      },
    );
  });

  const firstNameError = message(errors.firstName?.message);
  const lastNameError = message(errors.lastName?.message);
  const birthError = message(errors.dateOfBirth?.message);
  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  const termsError = message(errors.acceptTerms?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="sign-up-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonNameFields
          id={id}
          labels={{ first: t('auth.firstName'), last: t('auth.lastName') }}
          errors={{ first: firstNameError, last: lastNameError }}
          testIdPrefix="sign-up"
          register={{ first: register('firstName'), last: register('lastName') }}
        />
      </div>
      <BirthDateField
        id={`${id}-birth`}
        label={t('auth.dateOfBirth')}
        error={birthError}
        aria-required="true"
        data-testid="sign-up-date-of-birth"
        {...register('dateOfBirth')}
      />
      <EmailField
        id={`${id}-email`}
        label={t('auth.email')}
        error={emailError}
        aria-required="true"
        placeholder={t('auth.emailPlaceholder')}
        data-testid="sign-up-email"
        {...register('email')}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        error={passwordError}
        hint={t('auth.passwordHint')}
        autoComplete="new-password"
        aria-required="true"
        testId="sign-up-password"
        {...register('password')}
      />
      <CheckboxField
        id={`${id}-terms`}
        error={termsError}
        aria-required="true"
        data-testid="sign-up-accept-terms"
        {...register('acceptTerms')}
        label={
          // The documents open in a new tab, so the form keeps what was typed.
          <TaggedText
            text={t('auth.acceptTerms')}
            components={{
              terms: (
                <LocalizedLink to="/terms" target="_blank" rel="noopener" className={legalLinkClass} data-testid="sign-up-terms-link" />
              ),
              privacy: (
                <LocalizedLink to="/privacy" target="_blank" rel="noopener" className={legalLinkClass} data-testid="sign-up-privacy-link" />
              ),
            }}
          />
        }
      />
      <Button type="submit" size="lg" disabled={signUp.isPending} data-testid="sign-up-submit" className="mt-1 w-full">
        {signUp.isPending && <Spinner className="size-4" />}
        {signUp.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}
