import { useTranslation } from '../../i18n/use-translation.tsx';
import { accessibilityFeatures, homeAmenities, hotelAmenities, houseRuleKeys } from '../../../core/constants.ts';
import { checkInTimeChoices } from '../../../core/host-listing-rules.ts';
import { DateRangePicker } from '../../components/search/date-range-picker.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { cn } from '../../lib/cn.ts';
import { checkbox, checkboxCard, useProblemText, type StepProps } from './wizard-step-props.ts';

export function AmenitiesStep({ form }: StepProps) {
  const { t } = useTranslation();
  const type = form.watch('propertyType');
  // Accessibility features are amenities (core/constants.ts accessibilityFeatures) under their own heading.
  const accessible = new Set<string>(accessibilityFeatures);
  const amenities = (type === 'hotel' ? hotelAmenities : homeAmenities).filter((key) => !accessible.has(key));
  const choices = <K extends string>(
    field: 'amenities' | 'houseRules',
    keys: readonly K[],
    label: (key: K) => string,
    columns: string,
    group: 'amenities' | 'houseRules' | 'accessibility' = field,
  ) => (
    <fieldset data-testid={`wizard-choices-${group}`}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t(`hostListings.fields.${group}`)}</legend>
      <div className={cn('mt-2 grid gap-2', columns)}>
        {keys.map((key) => (
          <label key={key} className={checkboxCard}>
            <input type="checkbox" value={key} className={checkbox} {...form.register(field)} />
            {label(key)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <div className="flex flex-col gap-6">
      {choices('amenities', amenities, (key) => t(`listing.amenities.${key}`), 'sm:grid-cols-2 lg:grid-cols-3')}
      {choices(
        'amenities',
        accessibilityFeatures,
        (key) => t(`listing.amenities.${key}`),
        'sm:grid-cols-2 lg:grid-cols-3',
        'accessibility',
      )}
      {choices('houseRules', houseRuleKeys, (key) => t(`property.rules.${key}`), 'sm:grid-cols-2')}
    </div>
  );
}

export function AvailabilityStep({ form, problems, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const problemText = useProblemText(problems);
  const [availableFrom, availableUntil] = form.watch(['availableFrom', 'availableUntil']);
  const availabilityProblem = problemText('availableFrom') ?? problemText('availableUntil');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {/* The range picker every date choice uses (holidays marked, Hebrew dates on Hebrew pages): the
          first day picked opens the window, the second closes it; an open end means no end date. */}
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <DateRangePicker
          id={`${idPrefix}-availability`}
          startLabel={t('hostListings.fields.availableFrom')}
          endLabel={t('hostListings.fields.availableUntil')}
          checkIn={availableFrom ?? ''}
          checkOut={availableUntil ?? ''}
          onChange={(range) => {
            form.setValue('availableFrom', range.checkIn || null, { shouldDirty: true });
            form.setValue('availableUntil', range.checkOut || null, { shouldDirty: true });
          }}
          invalid={Boolean(availabilityProblem)}
          testId="wizard-availability"
        />
        <p
          className={cn('text-xs', availabilityProblem ? 'text-rose-700 dark:text-rose-400' : 'text-slate-600 dark:text-slate-400')}
          data-testid="wizard-availability-hint"
        >
          {availabilityProblem ?? t('hostListings.availabilityHint')}
        </p>
      </div>
      <TextField
        id={`${idPrefix}-minStayDays`}
        label={t('hostListings.fields.minStayDays')}
        error={problemText('minStayDays')}
        type="number"
        inputMode="numeric"
        min={1}
        data-testid="wizard-minStayDays"
        {...form.register('minStayDays', { valueAsNumber: true })}
      />
      <TextField
        id={`${idPrefix}-maxStayDays`}
        label={t('hostListings.fields.maxStayDays')}
        error={problemText('maxStayDays')}
        type="number"
        inputMode="numeric"
        min={1}
        data-testid="wizard-maxStayDays"
        {...form.register('maxStayDays', { valueAsNumber: true })}
      />
      <SelectField
        id={`${idPrefix}-checkInTime`}
        label={t('hostListings.fields.checkInTime')}
        error={problemText('checkInTime')}
        data-testid="wizard-checkInTime"
        options={checkInTimeChoices.map((time) => ({ value: time, label: time }))}
        {...form.register('checkInTime')}
      />
      <label className={cn(checkboxCard, 'items-start sm:col-span-2')}>
        <input type="checkbox" className={cn(checkbox, 'mt-0.5')} data-testid="wizard-keepsShabbat" {...form.register('keepsShabbat')} />
        <span className="flex flex-col gap-1">
          {t('hostListings.fields.keepsShabbat')}
          <span className="text-xs text-slate-600 dark:text-slate-400">{t('hostListings.fields.keepsShabbatHint')}</span>
        </span>
      </label>
      <label className={cn(checkboxCard, 'items-start sm:col-span-2')}>
        <input
          type="checkbox"
          className={cn(checkbox, 'mt-0.5')}
          data-testid="wizard-instantBooking"
          {...form.register('instantBooking')}
        />
        <span className="flex flex-col gap-1">
          {t('hostListings.fields.instantBooking')}
          <span className="text-xs text-slate-600 dark:text-slate-400">{t('hostListings.fields.instantBookingHint')}</span>
        </span>
      </label>
    </div>
  );
}
