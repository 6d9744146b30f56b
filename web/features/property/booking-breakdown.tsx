import { useTranslation } from '../../i18n/use-translation.tsx';
import type { StayQuote } from '../../../core/quote.ts';
import { formatPrice } from '../../../core/format.ts';
import { useLanguage } from '../../app/language.tsx';
import { seasonName, signedPrice } from '../../lib/price-rule-text.ts';

/**
 * The price of the chosen stay, every line of core/quote.ts quoteStay: rate times units (and rooms),
 * a line per seasonal rule that changes some of its nights ("Passover 2027 (2 nights): +₪300"), the
 * long-stay discount ("Weekly discount (10%) −₪350"), extra guests, the cleaning fee, the service
 * fee and the total; below it the refundable deposit, which is never part of the total.
 */
export function BookingBreakdown({ quote }: { quote: StayQuote }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const line = 'flex justify-between gap-3 text-slate-700 dark:text-slate-300';
  return (
    <>
      <dl className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-800" data-testid="booking-breakdown">
        <div className="flex justify-between gap-3 text-slate-700 dark:text-slate-300">
          <dt data-testid="breakdown-rate">
            {quote.rooms > 1
              ? t('property.booking.rateTimesRooms', {
                  rate: formatPrice(quote.rate, language),
                  units: t(`property.booking.units.${quote.unit}`, { count: quote.units, n: quote.units }),
                  rooms: t('property.booking.units.room', { count: quote.rooms, n: quote.rooms }),
                })
              : t('property.booking.rateTimes', {
                  rate: formatPrice(quote.rate, language),
                  units: t(`property.booking.units.${quote.unit}`, { count: quote.units, n: quote.units }),
                })}
          </dt>
          <dd className="tabular-nums">{formatPrice(quote.units * quote.rate * quote.rooms, language)}</dd>
        </div>
        {quote.seasonal.map((line) => (
          <div
            key={line.rule.startDate}
            className="flex justify-between gap-3 text-slate-700 dark:text-slate-300"
            data-testid="breakdown-seasonal"
          >
            <dt>
              {t('property.booking.seasonalLine', {
                season: seasonName(t, line.rule, language),
                units: t('property.booking.units.night', { count: line.nights, n: line.nights }),
              })}
            </dt>
            <dd className="tabular-nums">{signedPrice(line.amount, language)}</dd>
          </div>
        ))}
        {quote.discount ? (
          <div className={line} data-testid="breakdown-discount" data-amount={quote.discount.amount}>
            <dt>
              {t(quote.discount.kind === 'weekly' ? 'property.booking.discountWeekly' : 'property.booking.discountMonthly', {
                percent: quote.discount.percent,
              })}
            </dt>
            <dd className="text-emerald-700 tabular-nums dark:text-emerald-400">{signedPrice(-quote.discount.amount, language)}</dd>
          </div>
        ) : null}
        {quote.extraGuests ? (
          <div className={line} data-testid="breakdown-extra-guests" data-amount={quote.extraGuests.amount}>
            <dt>
              {t('property.booking.extraGuests', {
                fee: formatPrice(quote.extraGuests.fee, language),
                guests: t('property.booking.units.guest', { count: quote.extraGuests.guests, n: quote.extraGuests.guests }),
                nights: t('property.booking.units.night', { count: quote.extraGuests.nights, n: quote.extraGuests.nights }),
              })}
            </dt>
            <dd className="tabular-nums">{formatPrice(quote.extraGuests.amount, language)}</dd>
          </div>
        ) : null}
        {quote.cleaningFee > 0 ? (
          <div className={line} data-testid="breakdown-cleaning" data-amount={quote.cleaningFee}>
            <dt>{t('property.booking.cleaningFee')}</dt>
            <dd className="tabular-nums">{formatPrice(quote.cleaningFee, language)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 text-slate-700 dark:text-slate-300">
          <dt>{t('property.booking.serviceFee')}</dt>
          <dd className="tabular-nums" data-testid="breakdown-fee">
            {formatPrice(quote.serviceFee, language)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
          <dt>{t('property.booking.total')}</dt>
          <dd className="tabular-nums" data-testid="breakdown-total">
            {formatPrice(quote.total, language)}
          </dd>
        </div>
      </dl>
      {quote.deposit > 0 ? (
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="breakdown-deposit" data-amount={quote.deposit}>
          {t('property.booking.deposit', { amount: formatPrice(quote.deposit, language) })}
        </p>
      ) : null}
    </>
  );
}
