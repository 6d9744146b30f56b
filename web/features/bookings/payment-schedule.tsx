import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { SchedulePayment } from '../../../core/contracts/money.ts';
import { formatDate } from '../../../core/format-date.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { stayQueryKeys } from '../../lib/stay-query-keys.ts';
import { parseDay } from './bookings-model.ts';

const statusTone: Record<SchedulePayment['status'], string> = {
  succeeded: 'text-emerald-700 dark:text-emerald-400',
  scheduled: 'text-slate-600 dark:text-slate-400',
  processing: 'text-slate-600 dark:text-slate-400',
  failed: 'text-red-700 dark:text-red-400',
  action_required: 'text-red-700 dark:text-red-400',
  overdue: 'text-red-700 dark:text-red-400',
  cancelled: 'text-slate-500',
};

/**
 * A long stay's payments on the booking (issue 37, decision 054), for its guest and its host: each
 * payment's nights, due day, amount and status. The guest pays a refused card payment now (its own
 * Checkout); the host marks a direct payment received, and may end a stay unpaid past the grace
 * period. Nothing for a stay paid at once.
 */
export function PaymentSchedule({ booking, viewer, language }: { booking: BookingView; viewer: 'guest' | 'host'; language: Language }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stayQueryKeys.guestBookings() }),
      queryClient.invalidateQueries({ queryKey: stayQueryKeys.hostBookings() }),
    ]);
  const payNow = useMutation({
    mutationFn: (id: string) => api.post('/api/bookings/periods/:id/pay', { params: { id }, query: { lang: language } }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
  const received = useMutation({
    mutationFn: (id: string) => api.post('/api/bookings/periods/:id/received', { params: { id } }),
    onSettled: refresh,
  });
  const endStay = useMutation({
    mutationFn: () => api.post('/api/bookings/:id/end-unpaid', { params: booking }),
    onSettled: refresh,
  });
  const schedule = booking.money?.schedule ?? [];
  // The period a failed charge's mail or notice leads to (?pay=<period>): shown, marked and its pay button focused.
  const [params] = useSearchParams();
  const target = params.get('pay');
  const targetRow = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!target || !targetRow.current) return;
    targetRow.current.scrollIntoView?.({ block: 'center' });
    targetRow.current.querySelector<HTMLButtonElement>('[data-testid="schedule-pay-now"]')?.focus({ preventScroll: true });
  }, [target]);
  if (schedule.length === 0) return null;
  const day = (iso: string) => formatDate(parseDay(iso), 'date', language);
  const canEnd = viewer === 'host' && booking.status === 'confirmed' && schedule.some((payment) => payment.graceOver);
  return (
    <section className="flex flex-col gap-2 text-sm" data-testid="payment-schedule">
      <h3 className="font-semibold">{t('longStay.scheduleTitle')}</h3>
      <ol className="flex flex-col gap-1">
        {schedule.map((payment) => (
          <li
            key={payment.id}
            ref={payment.id === target ? targetRow : undefined}
            className={cn(
              'flex flex-wrap items-center justify-between gap-2',
              payment.id === target && '-mx-2 rounded-lg bg-rose-50 px-2 py-1 ring-2 ring-rose-400 dark:bg-rose-950/40 dark:ring-rose-700',
            )}
            data-testid="schedule-payment"
            data-status={payment.status}
            data-target={payment.id === target ? 'true' : undefined}
          >
            <span>
              {t('longStay.period', { start: day(payment.start), end: day(payment.end) })}
              {' · '}
              {t('longStay.due', { date: day(payment.dueOn) })}
            </span>
            <span className="flex items-center gap-2">
              <span className="tabular-nums">{formatPrice(payment.amount, language)}</span>
              <span className={statusTone[payment.status]}>{t(`longStay.status.${payment.status}`)}</span>
              {viewer === 'guest' &&
              payment.provider === 'stripe' &&
              (payment.status === 'failed' ||
                payment.status === 'action_required' ||
                (payment.status === 'overdue' && payment.sequence > 0)) ? (
                <button
                  type="button"
                  data-testid="schedule-pay-now"
                  className="rounded-md bg-rose-600 px-2 py-1 text-white hover:bg-rose-700 disabled:opacity-60"
                  disabled={payNow.isPending}
                  onClick={() => payNow.mutate(payment.id)}
                >
                  {t('longStay.payNow')}
                </button>
              ) : null}
              {viewer === 'host' && payment.provider === 'direct' && payment.status !== 'succeeded' && payment.status !== 'cancelled' ? (
                <button
                  type="button"
                  className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
                  disabled={received.isPending}
                  onClick={() => received.mutate(payment.id)}
                >
                  {t('longStay.markReceived')}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {canEnd ? (
        <button
          type="button"
          className="self-start rounded-md border border-red-300 px-2 py-1 text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:text-red-400"
          disabled={endStay.isPending}
          onClick={() => {
            if (window.confirm(t('longStay.endStayConfirm'))) endStay.mutate();
          }}
        >
          {t('longStay.endStay')}
        </button>
      ) : null}
    </section>
  );
}
