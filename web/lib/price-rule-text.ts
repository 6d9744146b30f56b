import type { TFunction } from '../i18n/translator.ts';
import { localeOf, type Language } from '../../core/languages.ts';
import type { PriceRule } from '../../core/price-rules.ts';
import { formatDateRange } from '../../core/format-date.ts';

/**
 * How a seasonal rule is named to hosts and guests: a holiday season with its year ("Passover 2027",
 * "פסח 2027"), or its dates ("Special price, Jul 1 - Jul 8, 2027"). Shared by the host's calendar and
 * the property page's quote.
 */
export function seasonName(t: TFunction, rule: Pick<PriceRule, 'preset' | 'startDate' | 'endDate'>, language: Language): string {
  if (rule.preset) {
    // "Passover 2027", "פסח 2027": the same order in both languages.
    return `${t(`priceRules.presets.${rule.preset}`)} ${rule.startDate.slice(0, 4)}`;
  }
  return t('priceRules.dates', { dates: ruleDates(rule, language) });
}

/** A rule's range as the calendar shows blocks: its first night to the day guests leave. */
export function ruleDates(rule: Pick<PriceRule, 'startDate' | 'endDate'>, language: Language): string {
  return formatDateRange(new Date(`${rule.startDate}T00:00:00`), new Date(`${rule.endDate}T00:00:00`), language);
}

/** '+₪300' or '-₪150' ('‏+300 ‏₪' in Hebrew, the sign kept with the number): what a rule adds to or takes off a price. */
export function signedPrice(amount: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'ILS',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(amount);
}

/** '+30%' or '−20%'. */
export function signedPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', signDisplay: 'exceptZero' }).format(percent / 100);
}
