import { useTranslation } from '../../i18n/use-translation.tsx';
import { hostPolicies } from '../../../core/cancellation-policies.ts';
import { discountThresholds, feeLimits } from '../../../core/listing-fees.ts';
import { TextField } from '../../components/ui/field.tsx';
import { policyTerms } from '../../lib/cancellation-text.ts';
import { cn } from '../../lib/cn.ts';
import { checkbox, checkboxCard, nullableNumber, useProblemText, type StepProps } from './wizard-step-props.ts';

/** A fee left empty is no fee. */
const wholeOrZero = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : Number(value));

/**
 * The details step's fees, discounts and cancellation policy (docs/decisions/026-listing-fees.md):
 * a cleaning fee and discounts for every type; a refundable deposit and an extra-guest fee for
 * homes; a choice of policy for hotels and rentals, while a sublet is told the long-stay policy applies.
 */
export function FeeFields({ form, problems, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const problemText = useProblemText(problems);
  const type = form.watch('propertyType');
  const home = type !== 'hotel';
  const money = (
    field: 'cleaningFee' | 'securityDeposit' | 'extraGuestFee' | 'weeklyDiscountPercent' | 'monthlyDiscountPercent',
    max: number,
    hint?: string,
  ) => (
    <TextField
      id={`${idPrefix}-${field}`}
      label={t(`hostListings.fields.${field}`)}
      hint={hint}
      error={problemText(field)}
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      data-testid={`wizard-${field}`}
      {...form.register(field, { setValueAs: wholeOrZero })}
    />
  );
  const longStay = policyTerms('long_stay');
  return (
    <div className="flex flex-col gap-6 border-t border-slate-200 pt-6 dark:border-slate-800" data-testid="wizard-fees">
      <div>
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('hostListings.fees.title')}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.fees.hint')}</p>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        {money('cleaningFee', feeLimits.maxCleaningFee)}
        {home ? money('securityDeposit', feeLimits.maxSecurityDeposit, t('hostListings.fees.depositHint')) : null}
        {money('weeklyDiscountPercent', feeLimits.maxDiscountPercent)}
        {money(
          'monthlyDiscountPercent',
          feeLimits.maxDiscountPercent,
          t('hostListings.fees.discountsHint', { weekly: discountThresholds.weeklyNights, monthly: discountThresholds.monthlyNights }),
        )}
        {home ? money('extraGuestFee', feeLimits.maxExtraGuestFee) : null}
        {home ? (
          <TextField
            id={`${idPrefix}-guestsIncluded`}
            label={t('hostListings.fields.guestsIncluded')}
            hint={t('hostListings.fees.guestsIncludedHint')}
            error={problemText('guestsIncluded')}
            type="number"
            inputMode="numeric"
            min={1}
            data-testid="wizard-guestsIncluded"
            {...form.register('guestsIncluded', { setValueAs: nullableNumber })}
          />
        ) : null}
      </div>
      {type === 'sublet' ? (
        <div data-testid="wizard-policy-long-stay">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('hostListings.fields.cancellationPolicy')}</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {t('hostListings.fees.subletPolicy')} {t(`cancellation.terms.${longStay.key}`, longStay.values)}
          </p>
        </div>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('hostListings.fields.cancellationPolicy')}</legend>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('hostListings.fees.policyHint', { nights: discountThresholds.monthlyNights })}
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {hostPolicies.map((policy) => {
              const terms = policyTerms(policy);
              return (
                <label key={policy} className={cn(checkboxCard, 'flex-col items-start gap-1')} data-testid={`wizard-policy-${policy}`}>
                  <span className="flex items-center gap-2 font-semibold">
                    <input type="radio" value={policy} className={checkbox} {...form.register('cancellationPolicy')} />
                    {t(`cancellation.names.${policy}`)}
                  </span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{t(`cancellation.terms.${terms.key}`, terms.values)}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
