import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import type { Profile } from '../../../core/contracts/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClasses, TextField } from '../../components/ui/field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-message.ts';
import { useUpdateProfile } from './profile-api.ts';
import { Card } from '../../components/ui/card.tsx';
import { BirthDateField } from '../../components/birth-date-field.tsx';
import { PersonNameFields } from '../../components/person-name-fields.tsx';

interface ProfileForm {
  firstName: string;
  lastName: string;
  phone: string;
  bio: string;
  dateOfBirth: string;
}

type ErrorKey = 'profile.errors.required' | 'profile.errors.phoneInvalid' | 'profile.errors.tooLong' | 'profile.errors.ageNotMet';
const formFields = ['firstName', 'lastName', 'phone', 'bio', 'dateOfBirth'] as const;
const isFormField = (name: unknown): name is keyof ProfileForm => (formFields as readonly unknown[]).includes(name);

/** The message for a field the shared schema (or the server) refused. */
function errorKeyFor(field: keyof ProfileForm, tooBig: boolean): ErrorKey {
  if (tooBig) return 'profile.errors.tooLong';
  if (field === 'phone') return 'profile.errors.phoneInvalid';
  if (field === 'dateOfBirth') return 'profile.errors.ageNotMet';
  if (field === 'bio') return 'profile.errors.tooLong';
  return 'profile.errors.required';
}

const formOf = (profile: Profile): ProfileForm => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone ?? '',
  bio: profile.bio ?? '',
  dateOfBirth: profile.dateOfBirth ?? '',
});

/** Edits first and last name, phone, bio and date of birth (checked with core's profileUpdateSchema); the e-mail is read-only. */
export function ProfileFormView({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({ defaultValues: formOf(profile) });

  // A newer profile from the server (after a photo change, say) updates the fields not being edited.
  useEffect(() => reset(formOf(profile), { keepDirtyValues: true }), [profile, reset]);

  const showErrors = (fields: [keyof ProfileForm, ErrorKey][]) => {
    for (const [name, key] of fields) setError(name, { type: 'validate', message: key });
    if (fields[0]) setFocus(fields[0][0]);
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    // The shared schema (and zod with it) loads on the first save, not with the page.
    const { profileUpdateSchema } = await import('../../../core/profile-schemas.ts');
    const parsed = profileUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const fields = new Map<keyof ProfileForm, ErrorKey>();
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (isFormField(name) && !fields.has(name)) fields.set(name, errorKeyFor(name, issue.code === 'too_big'));
      }
      showErrors([...fields]);
      toast.error(t('profile.updateError'), { description: t('errors.codes.validation_failed') });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        reset(formOf(saved));
        toast.success(t('profile.updated'), { description: t('profile.updatedText') });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          showErrors(
            Object.keys(error.fields)
              .filter(isFormField)
              .map((name) => [name, errorKeyFor(name, false)]),
          );
        }
        toast.error(t('profile.updateError'), { description: errorText(t, error) });
      },
    });
  });

  const message = (key: string | undefined) => (key ? t(key as ErrorKey) : undefined);
  const firstNameError = message(errors.firstName?.message);
  const lastNameError = message(errors.lastName?.message);
  const phoneError = message(errors.phone?.message);
  const bioError = message(errors.bio?.message);
  const birthError = message(errors.dateOfBirth?.message);

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.details')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-5" data-testid="profile-form">
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonNameFields
            id={id}
            labels={{ first: t('profile.fields.firstName'), last: t('profile.fields.lastName') }}
            errors={{ first: firstNameError, last: lastNameError }}
            testIdPrefix="profile"
            register={{ first: register('firstName'), last: register('lastName') }}
          />
          <Field id={`${id}-email`} label={t('profile.fields.email')} hint={t('profile.emailReadOnly')}>
            <input
              id={`${id}-email`}
              type="email"
              value={profile.email}
              readOnly
              dir="ltr"
              data-testid="profile-email"
              className={inputClasses(false, 'bg-slate-50 text-slate-600 rtl:text-end dark:bg-slate-800/60 dark:text-slate-300')}
              aria-describedby={`${id}-email-hint`}
            />
          </Field>
          <TextField
            id={`${id}-phone`}
            label={t('profile.fields.phone')}
            error={phoneError}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            data-testid="profile-phone"
            inputClassName="rtl:text-end"
            {...register('phone')}
          />
          <BirthDateField
            id={`${id}-birth`}
            label={t('profile.fields.dateOfBirth')}
            error={birthError}
            data-testid="profile-date-of-birth"
            {...register('dateOfBirth')}
          />
        </div>
        <TextareaField
          id={`${id}-bio`}
          label={t('profile.fields.bio')}
          error={bioError}
          textareaClassName="h-auto py-2.5"
          rows={4}
          maxLength={1000}
          dir="auto"
          data-testid="profile-bio"
          {...register('bio')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" disabled={!isDirty || update.isPending} onClick={() => reset(formOf(profile))}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!isDirty || update.isPending} data-testid="profile-save">
            {update.isPending && <Spinner className="size-4" />}
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
