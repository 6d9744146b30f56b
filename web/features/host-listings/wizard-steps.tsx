import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { propertyTypes, starValues } from '../../../core/constants.ts';
import { leaseOptionChoices, priceFieldOf } from '../../../core/host-listing-rules.ts';
import { LocationAutocomplete } from '../../components/search/location-autocomplete.tsx';
import { leaseOptionKeys } from '../../components/listing-card/listing-card-model.ts';
import { describedBy, Field, inputClasses, TextField } from '../../components/ui/field.tsx';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { cn } from '../../lib/cn.ts';
import { PinField } from './pin-field.tsx';
import { FeeFields } from './wizard-fee-fields.tsx';
import { checkbox, checkboxCard, nullableNumber, nullableText, useProblemText, type StepProps } from './wizard-step-props.ts';

export function BasicsStep({ form, problems, idPrefix, placeLabel }: StepProps & { placeLabel: string }) {
  const { t } = useTranslation();
  const problemText = useProblemText(problems);
  const [placeText, setPlaceText] = useState(placeLabel);
  const type = form.watch('propertyType');
  const placeError = problemText('placeId');
  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('hostListings.fields.propertyType')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {propertyTypes.map((value) => (
            <label key={value} className={cn(checkboxCard, 'flex-col items-start gap-1')} data-testid={`wizard-type-${value}`}>
              <span className="flex items-center gap-2 font-semibold">
                <input type="radio" value={value} className={checkbox} {...form.register('propertyType')} />
                {t(`property.types.${value}`)}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">{t(`hostListings.typeHints.${value}`)}</span>
            </label>
          ))}
        </div>
        {type !== form.formState.defaultValues?.propertyType && form.formState.defaultValues?.propertyType ? (
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('hostListings.typeChangeHint')}</p>
        ) : null}
      </fieldset>
      <div>
        <LocationAutocomplete
          id={`${idPrefix}-place`}
          label={t('hostListings.fields.place')}
          placeholder={t('hostListings.placePlaceholder')}
          value={placeText}
          invalid={Boolean(placeError)}
          testId="wizard-place"
          onChange={(value) => {
            setPlaceText(value);
            // Typing after a pick means the picked place no longer holds.
            if (form.getValues('placeId') !== null) form.setValue('placeId', null, { shouldDirty: true });
          }}
          onPick={(place) => {
            form.setValue('placeId', place.id, { shouldDirty: true });
            // A new place: its pin starts at the place's centre.
            form.setValue('latitude', null, { shouldDirty: true });
            form.setValue('longitude', null, { shouldDirty: true });
          }}
        />
        {placeError ? (
          <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400" data-testid="wizard-place-error">
            {placeError}
          </p>
        ) : (
          <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{t('hostListings.placeHint')}</p>
        )}
      </div>
      <TextField
        id={`${idPrefix}-address`}
        label={t('hostListings.fields.address')}
        hint={t('hostListings.addressHint')}
        error={problemText('address')}
        autoComplete="street-address"
        data-testid="wizard-address"
        {...form.register('address', { setValueAs: nullableText })}
      />
      <TextField
        id={`${idPrefix}-addressHe`}
        label={t('hostListings.fields.addressHe')}
        hint={t('hostListings.addressHeHint')}
        error={problemText('addressHe')}
        dir="rtl"
        lang="he"
        data-testid="wizard-addressHe"
        {...form.register('addressHe', { setValueAs: nullableText })}
      />
      <PinField form={form} idPrefix={idPrefix} />
    </div>
  );
}

export function DescribeStep({ form, problems, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const problemText = useProblemText(problems);
  const textarea = (field: 'descriptionEn' | 'descriptionHe', dir: 'ltr' | 'rtl', lang: string) => {
    const id = `${idPrefix}-${field}`;
    const error = problemText(field);
    const hint = t('hostListings.descriptionHint');
    return (
      <Field id={id} label={t(`hostListings.fields.${field}`)} error={error} hint={hint}>
        <textarea
          id={id}
          rows={5}
          dir={dir}
          lang={lang}
          className={inputClasses(Boolean(error), 'h-auto py-2.5')}
          data-testid={`wizard-${field}`}
          {...describedBy(id, error, hint)}
          {...form.register(field)}
        />
      </Field>
    );
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TextField
        id={`${idPrefix}-titleEn`}
        label={t('hostListings.fields.titleEn')}
        error={problemText('titleEn')}
        dir="ltr"
        lang="en"
        data-testid="wizard-titleEn"
        {...form.register('titleEn')}
      />
      <TextField
        id={`${idPrefix}-titleHe`}
        label={t('hostListings.fields.titleHe')}
        error={problemText('titleHe')}
        dir="rtl"
        lang="he"
        data-testid="wizard-titleHe"
        {...form.register('titleHe')}
      />
      {textarea('descriptionEn', 'ltr', 'en')}
      {textarea('descriptionHe', 'rtl', 'he')}
    </div>
  );
}

export function DetailsStep({ form, problems, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const problemText = useProblemText(problems);
  const type = form.watch('propertyType');
  const priceField = priceFieldOf(type);
  const number = (field: 'bedrooms' | 'bathrooms' | 'maxGuests' | 'roomCount', min: number) => (
    <TextField
      id={`${idPrefix}-${field}`}
      label={t(`hostListings.fields.${field}`)}
      error={problemText(field)}
      type="number"
      inputMode="numeric"
      min={min}
      data-testid={`wizard-${field}`}
      {...form.register(field, { setValueAs: field === 'roomCount' ? nullableNumber : (value) => Number(value) })}
    />
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          key={priceField}
          id={`${idPrefix}-${priceField}`}
          label={t(`hostListings.fields.${priceField}`)}
          hint={t('hostListings.priceHint')}
          error={problemText(priceField)}
          type="number"
          inputMode="numeric"
          min={1}
          data-testid="wizard-price"
          {...form.register(priceField, { setValueAs: nullableNumber })}
        />
        {type === 'hotel' ? (
          <Field id={`${idPrefix}-starRating`} label={t('hostListings.fields.starRating')} error={problemText('starRating')}>
            <select
              id={`${idPrefix}-starRating`}
              className={inputClasses(Boolean(problemText('starRating')))}
              data-testid="wizard-starRating"
              {...form.register('starRating', { setValueAs: nullableNumber })}
            >
              <option value="">{t('hostListings.chooseStars')}</option>
              {starValues.map((stars) => (
                <option key={stars} value={stars}>
                  {t('hostListings.stars', { count: stars, n: stars })}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {type === 'hotel' ? number('roomCount', 1) : number('bedrooms', 0)}
        {type === 'hotel' ? null : number('bathrooms', 0)}
        {number('maxGuests', 1)}
      </div>
      {type === 'rental' ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('hostListings.fields.leaseOptions')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {leaseOptionChoices.map((option) => (
              <label key={option} className={checkboxCard}>
                <input type="checkbox" value={option} className={checkbox} {...form.register('leaseOptions')} />
                {t(`listing.lease.${leaseOptionKeys[option as keyof typeof leaseOptionKeys]}`)}
              </label>
            ))}
          </div>
          {problemText('leaseOptions') ? <InlineError className="mt-1.5">{problemText('leaseOptions')}</InlineError> : null}
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={checkboxCard}>
          <input type="checkbox" className={checkbox} data-testid="wizard-pets" {...form.register('petFriendly')} />
          {t('hostListings.fields.petFriendly')}
        </label>
        <label className={checkboxCard}>
          <input type="checkbox" className={checkbox} data-testid="wizard-swap" {...form.register('swapAvailable')} />
          {t('hostListings.fields.swapAvailable')}
        </label>
      </div>
      <FeeFields form={form} problems={problems} idPrefix={idPrefix} />
    </div>
  );
}
