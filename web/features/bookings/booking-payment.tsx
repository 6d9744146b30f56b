import { CreditCard, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { CancellationPreview } from '../../../core/contracts/money.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { formatDate } from '../../../core/format-date.ts';
import { policySentence } from '../../lib/cancellation-text.ts';
import { cardAmount, parseDay } from './bookings-model.ts';
import { directPaymentPreview } from './direct-payment-preview.ts';

/**
 * How a stay is paid, in the words of the one reading it (docs/decisions/024-payments.md): what is
 * due to the host on arrival, a card held until the host accepts, paid, refunded; and the stay's
 * cancellation policy.
 */
export function BookingPayment({ booking, viewer, language }: { booking: BookingView; viewer: 'guest' | 'host'; language: Language }) {
  const { t } = useTranslation();
  const { money } = booking;
  const amount = formatPrice(booking.total, language);
  // A card's line names what was held or paid so far (a long stay's later months are in its schedule).
  const paid = formatPrice(cardAmount(booking), language);
  const refunded = formatPrice(money.refunded, language);
  const guest = viewer === 'guest';
  const text = (() => {
    switch (money.paymentStatus) {
      case 'due_on_arrival':
        // Once the stay is over, the guest paid the host at the place.
        if (booking.status === 'completed')
          return t(guest ? 'payments.status.paidOnArrivalGuest' : 'payments.status.paidOnArrivalHost', { amount });
        return guest
          ? t('payments.status.onArrivalGuest', { amount, date: formatDate(parseDay(booking.checkIn), 'date', language) })
          : t('payments.status.onArrivalHost', {
              amount,
              date: formatDate(parseDay(booking.checkIn), 'date', language),
              fee: formatPrice(booking.serviceFee, language),
            });
      case 'awaiting_payment':
        return t(guest ? 'payments.status.awaitingGuest' : 'payments.status.awaitingHost');
      case 'authorized':
        return t(guest ? 'payments.status.authorizedGuest' : 'payments.status.authorizedHost', { amount: paid });
      case 'captured':
        return money.refunded > 0
          ? t('payments.status.refundPending', { amount: paid, refunded })
          : t('payments.status.captured', { amount: paid });
      case 'refunded':
      case 'partially_refunded':
        return t('payments.status.refunded', { amount: paid, refunded });
      case 'released':
        return t('payments.status.released');
      case 'cancelled':
        return t('payments.status.cancelled');
    }
  })();
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      <p data-testid="booking-payment" data-payment-status={money.paymentStatus} className="flex items-start gap-1.5">
        <CreditCard className="mt-0.5 size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
        <span>{text}</span>
      </p>
      <p
        data-testid="booking-policy"
        data-policy={money.cancellationPolicy}
        className="flex items-start gap-1.5 text-slate-600 dark:text-slate-400"
      >
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden="true" />
        <span>{t('cancellation.policyLine', { policy: policySentence(t, money.cancellationPolicy) })}</span>
      </p>
    </div>
  );
}

/** What cancelling now gives back, from GET /api/bookings/:id/cancellation, for the confirmation dialog. */
export function RefundPreview({ preview, language }: { preview: CancellationPreview | undefined; language: Language }) {
  const { t } = useTranslation();
  if (!preview) return <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('payments.preview.loading')}</p>;
  const values = {
    refund: formatPrice(preview.refund, language),
    paid: formatPrice(preview.paid, language),
    kept: formatPrice(preview.kept, language),
  };
  const text = (() => {
    // Paid to the host directly (decision 057): the policy still applies, to what the guest owes the host.
    if (preview.paymentMethod === 'on_arrival') return directPaymentPreview(t, preview, language);
    if (preview.paid === 0) return t('payments.preview.released');
    if (preview.tier === 'host') return t('payments.preview.host', values);
    if (preview.tier === 'grace') return t('payments.preview.grace', values);
    if (preview.tier === 'full') return t('payments.preview.full', values);
    if (preview.tier === 'partial') return t('payments.preview.partial', values);
    return t('payments.preview.none', values);
  })();
  return (
    <div
      data-testid="cancel-refund"
      data-refund={preview.paid > 0 ? preview.refund : 0}
      className="mt-3 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800/60 dark:text-slate-200"
    >
      <p>{text}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{policySentence(t, preview.policy)}</p>
    </div>
  );
}
