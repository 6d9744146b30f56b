import { useTranslation } from 'react-i18next';
import type { StayQuote } from '../../../core/quote.ts';
import { formatPrice } from '../../../core/format.ts';
import { useLanguage } from '../../app/language.tsx';
import { seasonName, signedPrice } from '../../lib/price-rule-text.ts';

/**
 * The price of the chosen stay: rate times units (and rooms), a line per seasonal rule that changes
 * some of its nights ("Passover 2027 (2 nights): +₪300"), the service fee and the total.
 */
export function BookingBreakdown({ quote }: { quote: StayQuote }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
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
  );
}
