import { useTranslation } from '../../i18n/use-translation.tsx';
import { holidaySpans, israeliHolidays } from '../../../core/hebrew-calendar.ts';
import { useLanguage } from '../../app/language.tsx';
import { formatDaySpan } from '../../components/search/date-range.ts';

/**
 * 'Your stay includes: Erev Pesach (Apr 21), Pesach I (Apr 22), …': the Israeli holidays from the
 * arrival to the departure day, both included. Its own chunk: it carries the Hebrew calendar.
 */
export default function StayHolidays({ checkIn, checkOut }: { checkIn: string; checkOut: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const spans = holidaySpans(israeliHolidays(checkIn, checkOut, language));
  if (spans.length === 0) return null;
  const list = spans.map((span) => `${span.name} (${formatDaySpan(span.from, span.to, language)})`).join(', ');
  return (
    <p
      className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
      data-testid="stay-holidays"
    >
      {t('property.stayHolidays', { list })}
    </p>
  );
}
