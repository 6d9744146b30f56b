import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import type { BookingProblem } from './property-model.ts';

export interface BookingSuccess {
  status: string;
}

/**
 * What the panel tells the guest under the choice: a refused request (an alert), else what is wrong with the choice (read
 * politely as it changes), and after a booking its outcome with the way to the guest's bookings.
 */
export function BookingNotices({
  error,
  problem,
  success,
}: {
  error: string | null;
  problem: { code: BookingProblem; text: string } | null;
  success: BookingSuccess | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p
          role="alert"
          data-testid="booking-error"
          className="flex items-start gap-2 rounded-xl bg-rose-50 px-3 py-2.5 text-sm text-rose-800 ring-1 ring-rose-200 dark:bg-rose-950/50 dark:text-rose-200 dark:ring-rose-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : problem ? (
        <p
          data-testid="booking-problem"
          data-problem={problem.code}
          aria-live="polite"
          className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {problem.text}
        </p>
      ) : null}

      {success && (
        <div
          role="status"
          data-testid="booking-success"
          className="flex flex-col gap-2 rounded-xl bg-emerald-50 px-3 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-100 dark:ring-emerald-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
            {success.status === 'confirmed' ? t('property.booking.bookingConfirmed') : t('property.booking.requestSent')}
          </p>
          <p>{success.status === 'confirmed' ? t('property.booking.bookingConfirmedText') : t('property.booking.requestSentText')}</p>
          <LocalizedLink to="/my-bookings" className="font-semibold underline underline-offset-2" data-testid="booking-view-bookings">
            {t('property.booking.viewBookings')}
          </LocalizedLink>
        </div>
      )}
    </>
  );
}
