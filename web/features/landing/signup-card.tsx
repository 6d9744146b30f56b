import { CheckCircle2, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { signupTypes } from '../../../core/constants.ts';
import { useLanguage } from '../../app/language.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmailField, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { useLandingSignup } from './landing-api.ts';

export type SignupType = (typeof signupTypes)[number];

interface CardForm {
  firstName: string;
  lastName: string;
  email: string;
}

type ErrorKey =
  'landing.errors.firstNameRequired' | 'landing.errors.lastNameRequired' | 'landing.errors.emailRequired' | 'landing.errors.emailInvalid';

/** The shared schema's English messages, as translation keys; anything else falls back per field. */
const messageKeys: Record<string, ErrorKey> = {
  'First name is required': 'landing.errors.firstNameRequired',
  'Last name is required': 'landing.errors.lastNameRequired',
  'Email is required': 'landing.errors.emailRequired',
  'Please enter a valid email address': 'landing.errors.emailInvalid',
};
const fallbackKeys: Record<keyof CardForm, ErrorKey> = {
  firstName: 'landing.errors.firstNameRequired',
  lastName: 'landing.errors.lastNameRequired',
  email: 'landing.errors.emailInvalid',
};
const isField = (name: unknown): name is keyof CardForm => name === 'firstName' || name === 'lastName' || name === 'email';

interface SignupCardProps {
  type: SignupType;
  icon: LucideIcon;
}

/** A sign-up card: closed, then an open form (first name, last name, e-mail), loading, and a thank-you. */
export function SignupCard({ type, icon: Icon }: SignupCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const [state, setState] = useState<'closed' | 'open' | 'done'>('closed');
  const testId = `signup-card-${type === 'property_owner' ? 'owner' : 'seeker'}`;
  const copy =
    type === 'property_owner'
      ? {
          title: t('landing.owner.title'),
          text: t('landing.owner.text'),
          cta: t('landing.owner.cta'),
          thanks: t('landing.owner.thanks'),
        }
      : {
          title: t('landing.seeker.title'),
          text: t('landing.seeker.text'),
          cta: t('landing.seeker.cta'),
          thanks: t('landing.seeker.thanks'),
        };

  const signup = useLandingSignup();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<CardForm>({ defaultValues: { firstName: '', lastName: '', email: '' } });

  const showFieldErrors = (fields: [keyof CardForm, ErrorKey][]) => {
    for (const [name, key] of fields) setError(name, { type: 'validate', message: key });
    if (fields[0]) setFocus(fields[0][0]);
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    // zod and the schema load on the first submit, not with the page.
    const { landingSignupSchema } = await import('../../../core/signup-schemas.ts');
    const parsed = landingSignupSchema.safeParse({ ...values, signupType: type, language });
    if (!parsed.success) {
      const fields = new Map<keyof CardForm, ErrorKey>();
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (isField(name) && !fields.has(name)) fields.set(name, messageKeys[issue.message] ?? fallbackKeys[name]);
      }
      showFieldErrors([...fields]);
      return;
    }
    signup.mutate(parsed.data, {
      onSuccess: () => {
        setState('done');
        toast.success(t('landing.success'), { description: copy.thanks });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          showFieldErrors(
            Object.keys(error.fields)
              .filter(isField)
              .map((name) => [name, fallbackKeys[name]]),
          );
        }
        // Too many sign-ups from one address: say so, rather than a vague error.
        const description = isApiError(error) && error.status === 429 ? errorText(t, error) : t('landing.errorText');
        toast.error(t('landing.error'), { description });
      },
    });
  });

  const message = (key: string | undefined) => (key ? t(key as ErrorKey) : undefined);
  const firstNameError = message(errors.firstName?.message);
  const lastNameError = message(errors.lastName?.message);
  const emailError = message(errors.email?.message);

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      data-state={signup.isPending ? 'loading' : state}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white/90 p-6 text-start shadow-sm backdrop-blur sm:p-7 dark:border-slate-800 dark:bg-slate-900/80"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {copy.title}
          </h3>
          <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{copy.text}</p>
        </div>
      </div>

      {state === 'closed' && (
        <Button size="lg" className="mt-6 w-full" onClick={() => setState('open')} data-testid={`${testId}-open`}>
          {copy.cta}
        </Button>
      )}

      {state === 'open' && (
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4" data-testid={`${testId}-form`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-first`}
              label={t('auth.firstName')}
              error={firstNameError}
              autoComplete="given-name"
              aria-required="true"
              autoFocus
              data-testid={`${testId}-first-name`}
              {...register('firstName')}
            />
            <TextField
              id={`${id}-last`}
              label={t('auth.lastName')}
              error={lastNameError}
              autoComplete="family-name"
              aria-required="true"
              data-testid={`${testId}-last-name`}
              {...register('lastName')}
            />
          </div>
          <EmailField
            id={`${id}-email`}
            label={t('auth.email')}
            error={emailError}
            aria-required="true"
            placeholder={t('auth.emailPlaceholder')}
            data-testid={`${testId}-email`}
            {...register('email')}
          />
          <div className="mt-1 flex flex-wrap gap-3">
            <Button type="submit" size="lg" className="flex-1" disabled={signup.isPending} data-testid={`${testId}-submit`}>
              {signup.isPending && <Spinner className="size-4" />}
              {signup.isPending ? t('landing.submitting') : t('landing.submit')}
            </Button>
            <Button variant="ghost" size="lg" onClick={() => setState('closed')} disabled={signup.isPending}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}

      {state === 'done' && (
        <div
          className="mt-6 flex items-start gap-3 rounded-xl bg-emerald-50 p-4 dark:bg-emerald-950/50"
          role="status"
          data-testid={`${testId}-thanks`}
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />
          <div>
            <p className="font-semibold text-emerald-900 dark:text-emerald-100">{t('landing.thanksTitle')}</p>
            <p className="mt-0.5 text-sm text-emerald-800 dark:text-emerald-200">{copy.thanks}</p>
          </div>
        </div>
      )}
    </section>
  );
}
