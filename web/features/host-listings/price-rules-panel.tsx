import { Plus, Tag, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { PropertyType } from '../../../core/constants.ts';
import type { AddPriceRuleBody, PriceRuleView } from '../../../core/contracts/price-rules.ts';
import { formatPrice } from '../../../core/format.ts';
import { priceRuleLimits, priceRulePresets, type PriceRulePreset } from '../../../core/price-rules.ts';
import { useLanguage } from '../../app/language.tsx';
import type { StayRange } from '../../components/search/date-range.ts';
import { formatStayRange } from '../../components/search/date-range.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { RadioGroupField } from '../../components/ui/radio-group-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText } from '../../lib/error-message.ts';
import { ruleDates, seasonName, signedPercent } from '../../lib/price-rule-text.ts';
import { toast } from '../../lib/toast.ts';
import { useAddPriceRule, usePriceRules, useRemovePriceRule } from './price-rules-api.ts';

type When = 'holiday' | 'dates';
type Change = 'percent' | 'price' | 'none';
const unitOf = { hotel: 'night', rental: 'week', sublet: 'month' } as const satisfies Record<PropertyType, string>;

/** A whole number typed in a field, or null when empty or not a number. */
const wholeNumber = (text: string): number | null => (/^[-−]?\d+$/.test(text.trim()) ? Number(text.trim().replace('−', '-')) : null);

/**
 * The listing calendar's seasonal prices: add a rule over a holiday season or the dates picked on the
 * calendar (a percentage or a price in the listing's unit, and/or a minimum stay), list and remove them.
 * Rules apply at once (docs/decisions/018-price-rules.md).
 */
export function PriceRulesPanel({
  listingId,
  propertyType,
  range,
  onAdded,
}: {
  listingId: number;
  propertyType: PropertyType | undefined;
  /** The dates picked on the calendar, [checkIn, checkOut) nights. */
  range: StayRange;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const rules = usePriceRules(listingId);
  const onError = (error: unknown) => toast.error(errorText(t, error));
  const add = useAddPriceRule(listingId, onError);
  const remove = useRemovePriceRule(listingId, onError);
  const [when, setWhen] = useState<When>('holiday');
  const [preset, setPreset] = useState<PriceRulePreset>('passover');
  const [change, setChange] = useState<Change>('percent');
  const [amount, setAmount] = useState('');
  const [minNights, setMinNights] = useState('');
  const unit = unitOf[propertyType ?? 'hotel'];
  const datesPicked = Boolean(range.checkIn && range.checkOut);

  const body = (): AddPriceRuleBody | null => {
    const value = wholeNumber(amount);
    const nights = wholeNumber(minNights);
    if (change !== 'none' && value === null) return null;
    if (change === 'none' && nights === null) return null;
    if (when === 'dates' && !datesPicked) return null;
    return {
      ...(when === 'holiday' ? { preset } : { startDate: range.checkIn, endDate: range.checkOut }),
      adjustPercent: change === 'percent' ? value : null,
      price: change === 'price' ? value : null,
      minNights: nights,
    };
  };
  const ready = body() !== null;

  const describe = (rule: PriceRuleView): string => {
    const parts: string[] = [];
    if (rule.adjustPercent !== null) parts.push(signedPercent(rule.adjustPercent, language));
    if (rule.price !== null) parts.push(t(`hostListings.priceRules.per_${unit}`, { price: formatPrice(rule.price, language) }));
    if (rule.minNights !== null) parts.push(t('hostListings.priceRules.minNightsRule', { count: rule.minNights, n: rule.minNights }));
    return parts.join(' · ');
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-5 shadow-sm" data-testid="price-rules-panel">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Tag className="size-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        {t('hostListings.priceRules.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.priceRules.hint')}</p>
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const next = body();
          if (!next) return;
          add.mutate(next, {
            onSuccess: () => {
              setAmount('');
              setMinNights('');
              toast.success(t('hostListings.priceRules.added'));
              if (when === 'dates') onAdded();
            },
          });
        }}
      >
        <RadioGroupField<When>
          id={`${id}-when`}
          legend={t('hostListings.priceRules.when')}
          name={`${id}-when`}
          value={when}
          onChange={setWhen}
          options={[
            { value: 'holiday', label: t('hostListings.priceRules.holiday'), testId: 'price-rule-when-holiday' },
            {
              value: 'dates',
              label: t('hostListings.priceRules.pickedDates'),
              hint: datesPicked ? formatStayRange(range, language) : t('hostListings.priceRules.pickDatesFirst'),
              testId: 'price-rule-when-dates',
            },
          ]}
        />
        {when === 'holiday' ? (
          <SelectField
            id={`${id}-preset`}
            label={t('hostListings.priceRules.holidayLabel')}
            value={preset}
            onChange={(event) => setPreset(event.target.value as PriceRulePreset)}
            data-testid="price-rule-preset"
            options={priceRulePresets.map((value) => ({ value, label: t(`priceRules.presets.${value}`) }))}
          />
        ) : null}
        <RadioGroupField<Change>
          id={`${id}-change`}
          legend={t('hostListings.priceRules.change')}
          name={`${id}-change`}
          value={change}
          onChange={setChange}
          options={[
            { value: 'percent', label: t('hostListings.priceRules.percent'), testId: 'price-rule-change-percent' },
            { value: 'price', label: t('hostListings.priceRules.fixed'), testId: 'price-rule-change-price' },
            { value: 'none', label: t('hostListings.priceRules.noChange'), testId: 'price-rule-change-none' },
          ]}
        />
        {change !== 'none' ? (
          <TextField
            id={`${id}-amount`}
            label={change === 'percent' ? t('hostListings.priceRules.percentLabel') : t(`hostListings.priceRules.price_${unit}`)}
            type="number"
            inputMode="numeric"
            min={change === 'percent' ? priceRuleLimits.minPercent : 1}
            max={change === 'percent' ? priceRuleLimits.maxPercent : priceRuleLimits.priceMax}
            step={1}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            data-testid="price-rule-amount"
          />
        ) : null}
        <TextField
          id={`${id}-min-nights`}
          label={t('hostListings.priceRules.minNights')}
          type="number"
          inputMode="numeric"
          min={1}
          max={priceRuleLimits.maxMinNights}
          step={1}
          value={minNights}
          onChange={(event) => setMinNights(event.target.value)}
          data-testid="price-rule-min-nights"
        />
        <Button type="submit" disabled={!ready || add.isPending} data-testid="price-rule-add">
          {add.isPending ? <Spinner className="size-4" /> : <Plus className="size-4" aria-hidden="true" />}
          {t('hostListings.priceRules.add')}
        </Button>
      </form>

      <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">{t('hostListings.priceRules.list')}</h3>
      {rules.data?.rules.length ? (
        <ul className="mt-2 flex flex-col gap-3" data-testid="price-rules">
          {rules.data.rules.map((rule) => {
            const name = seasonName(t, rule, language);
            return (
              <li key={rule.id} className="flex items-start justify-between gap-2 text-sm" data-testid="price-rule">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{rule.preset ? name : ruleDates(rule, language)}</p>
                  {rule.preset ? <p className="text-xs text-slate-500 dark:text-slate-400">{ruleDates(rule, language)}</p> : null}
                  <p className="text-slate-700 tabular-nums dark:text-slate-300">{describe(rule)}</p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('hostListings.priceRules.removeLabel', { season: name })}
                  onClick={() => remove.mutate(rule.id, { onSuccess: () => toast.success(t('hostListings.priceRules.removed')) })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('hostListings.priceRules.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('hostListings.priceRules.empty')}</p>
      )}
    </Card>
  );
}
