import type { StayQuote } from '../../../core/quote.ts';
import { daysBetween } from '../../../core/dates.ts';
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
 * on the 7th of each month (3 payments)", from the quote's schedule (core/payment-schedule.ts), whose
 * months fall due the platform's days before they start (decision 060). When those days put the due
 * day on different dates of the month (a check-in on the 5th, due 10 days before: the 26th, 23rd,
 * 26th…), the line says how many days before each month starts instead. A shorter stay (one
 * payment) shows nothing.
 */
export function PaymentPlanLine({ quote }: { quote: Pick<StayQuote, 'schedule'> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const schedule = quote.schedule;
  if (!schedule || schedule.length < 2) return null;
  const [first, second] = schedule as [(typeof schedule)[0], (typeof schedule)[0]];
  const last = schedule[schedule.length - 1]!;
  const amounts = { first: formatPrice(first.amount, language), next: formatPrice(second.amount, language) };
  const sameDay = new Set(schedule.slice(1).map((payment) => payment.dueOn.slice(8, 10))).size === 1;
  // A later month is never due before the booking day (it starts 28 nights or more after check-in).
  const daysBefore = daysBetween(second.dueOn, second.start);
  const dayOfMonth = Number(second.dueOn.slice(8, 10));
  const payments = t('longStay.payments', { count: schedule.length });
  const text = sameDay
    ? t('longStay.plan', {
        ...amounts,
        day: language === 'en' ? englishOrdinal(dayOfMonth) : String(dayOfMonth),
        count: schedule.length,
        n: schedule.length,
      })
    : daysBefore > 0
      ? t('longStay.planBefore', { ...amounts, count: daysBefore, payments })
      : t('longStay.planOnStart', { ...amounts, payments });
  const lastDiffers = schedule.length > 2 && last.amount !== second.amount;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="payment-plan">
      {text}
      {lastDiffers ? ` ${t('longStay.planLast', { last: formatPrice(last.amount, language) })}` : ''}
    </p>
  );
}
