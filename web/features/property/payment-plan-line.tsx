import type { StayQuote } from '../../../core/quote.ts';
import { formatPrice } from '../../../core/format.ts';
import { useLanguage } from '../../app/language.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** "1st", "2nd", "23rd": English ordinals for a day of the month. */
function englishOrdinal(day: number): string {
  const suffixes: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
  const suffix = suffixes[new Intl.PluralRules('en', { type: 'ordinal' }).select(day)] ?? 'th';
  return `${day}${suffix}`;
}

/**
 * A long stay's payments in one line under the price (issue 37 item 1): "₪4,950 today, then ₪4,620
 * on the 7th of each month (3 payments)", from the quote's schedule (core/payment-schedule.ts). A
 * shorter stay (one payment) shows nothing.
 */
export function PaymentPlanLine({ quote }: { quote: Pick<StayQuote, 'schedule'> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const schedule = quote.schedule;
  if (!schedule || schedule.length < 2) return null;
  const [first, second] = schedule as [(typeof schedule)[0], (typeof schedule)[0]];
  const last = schedule[schedule.length - 1]!;
  const dayOfMonth = Number(second.dueOn.slice(8, 10));
  const text = t('longStay.plan', {
    first: formatPrice(first.amount, language),
    next: formatPrice(second.amount, language),
    day: language === 'en' ? englishOrdinal(dayOfMonth) : String(dayOfMonth),
    count: schedule.length,
    n: schedule.length,
  });
  const lastDiffers = schedule.length > 2 && last.amount !== second.amount;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="payment-plan">
      {text}
      {lastDiffers ? ` ${t('longStay.planLast', { last: formatPrice(last.amount, language) })}` : ''}
    </p>
  );
}
