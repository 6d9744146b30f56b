import { ArrowLeft, Printer, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useParams } from 'react-router';
import type { Receipt } from '../../../core/contracts/receipts.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { useLanguage } from '../../app/language.tsx';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cardClasses } from '../../components/ui/card.tsx';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { QueryStates } from '../../components/ui/query-states.tsx';
import { cn } from '../../lib/cn.ts';
import { policySentence } from '../../lib/cancellation-text.ts';
import { formatDate, formatDateRange } from '../../../core/format-date.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useReceipt } from './receipts-api.ts';
import { ReceiptPaymentMethod } from './receipt-payment-method.tsx';

const day = (date: string) => new Date(`${date}T00:00:00`);

/** One line of the price: a label, and the amount at the end (negative for what is taken off). */
function Line({ label, amount, strong, testId }: { label: ReactNode; amount: string; strong?: boolean; testId?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', strong && 'text-base font-semibold')} data-testid={testId}>
      <dt className="min-w-0">{label}</dt>
      <dd className="shrink-0 tabular-nums">{amount}</dd>
    </div>
  );
}

function PriceLines({ receipt, language }: { receipt: Receipt; language: Language }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatPrice(amount, language);
  const quote = receipt.quote;
  if (!quote) {
    // Booked before quotes were stored: the booking's three columns say it.
    return (
      <dl className="divide-y divide-slate-100 dark:divide-slate-800 print:divide-slate-300">
        <Line label={t('receipts.subtotal')} amount={money(receipt.subtotal)} />
        <Line label={t('receipts.serviceFee')} amount={money(receipt.serviceFee)} />
        <Line label={t('receipts.total')} amount={money(receipt.total)} strong testId="receipt-total" />
      </dl>
    );
  }
  const units = t(`receipts.units.${quote.unit}`, { count: quote.units, n: quote.units });
  const rooms = quote.rooms > 1 ? ` × ${t('receipts.rooms', { count: quote.rooms, n: quote.rooms })}` : '';
  return (
    <>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800 print:divide-slate-300" data-testid="receipt-lines">
        <Line label={`${units} × ${money(quote.rate)}${rooms}`} amount={money(quote.units * quote.rate * quote.rooms)} />
        {quote.seasonal.map((line, index) => (
          <Line key={index} label={t('receipts.seasonal', { count: line.nights, n: line.nights })} amount={money(line.amount)} />
        ))}
        {quote.discount ? (
          <Line
            label={t(`receipts.discount.${quote.discount.kind}`, { percent: quote.discount.percent })}
            amount={money(-quote.discount.amount)}
          />
        ) : null}
        {quote.extraGuests ? (
          <Line
            label={t('receipts.extraGuests', {
              guests: quote.extraGuests.guests,
              nights: quote.extraGuests.nights,
              fee: money(quote.extraGuests.fee),
            })}
            amount={money(quote.extraGuests.amount)}
          />
        ) : null}
        {quote.cleaningFee > 0 ? <Line label={t('receipts.cleaningFee')} amount={money(quote.cleaningFee)} /> : null}
        <Line label={t('receipts.subtotal')} amount={money(quote.subtotal)} />
        <Line label={t('receipts.serviceFee')} amount={money(quote.serviceFee)} />
        <Line label={t('receipts.total')} amount={money(quote.total)} strong testId="receipt-total" />
      </dl>
      {quote.deposit > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400 print:text-slate-700" data-testid="receipt-deposit">
          {t('receipts.deposit', { amount: money(quote.deposit) })}
        </p>
      ) : null}
    </>
  );
}

function Payment({ receipt, language }: { receipt: Receipt; language: Language }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatPrice(amount, language);
  // A long stay is charged month by month (decision 054): the card was charged what its months paid so far, not the whole stay.
  const charged =
    receipt.paymentMethod === 'card' && receipt.periods.length > 0
      ? receipt.movements.filter((movement) => movement.kind === 'charge').reduce((sum, movement) => sum + movement.amount, 0)
      : receipt.total;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="receipt-payment">
      <ReceiptPaymentMethod receipt={receipt} />
      <p data-testid="receipt-payment-status">{t(`receipts.paymentStatus.${receipt.paymentStatus}`, { amount: money(charged) })}</p>
      {receipt.movements.length > 0 ? (
        <dl className="divide-y divide-slate-100 dark:divide-slate-800 print:divide-slate-300">
          {receipt.movements.map((movement, index) => (
            <Line
              key={index}
              label={t(`receipts.movements.${movement.kind}`, { date: formatDate(new Date(movement.at), 'date', language) })}
              amount={money(movement.kind === 'refund' ? -movement.amount : movement.amount)}
            />
          ))}
        </dl>
      ) : null}
      {receipt.periods.length > 0 ? <ReceiptPeriods receipt={receipt} language={language} /> : null}
      {receipt.status === 'cancelled' ? (
        <p
          className="rounded-lg bg-rose-50 p-3 text-rose-900 dark:bg-rose-950/40 dark:text-rose-100 print:bg-transparent print:p-0 print:text-black"
          data-testid="receipt-cancelled"
        >
          {t(receipt.cancelledByHost ? 'receipts.cancelledByHost' : 'receipts.cancelled')}{' '}
          {receipt.refunded > 0 ? t('receipts.refunded', { amount: money(receipt.refunded) }) : null}
        </p>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400 print:text-slate-700">
        {t('cancellation.policyLine', { policy: policySentence(t, receipt.cancellationPolicy) })}
      </p>
    </div>
  );
}

/** A long stay's payments, one line per period with its own receipt number once paid (issue 37 item 8). */
function ReceiptPeriods({ receipt, language }: { receipt: Receipt; language: Language }) {
  const { t } = useTranslation();
  const day = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`), 'date', language);
  return (
    <section aria-labelledby="receipt-periods" className="flex flex-col gap-1" data-testid="receipt-periods">
      <h3 id="receipt-periods" className="font-semibold text-slate-900 dark:text-white print:text-black">
        {t('receipts.periods.title', { count: receipt.periods.length, n: receipt.periods.length })}
      </h3>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800 print:divide-slate-300">
        {receipt.periods.map((period) => (
          <div key={period.sequence} className="flex flex-wrap items-baseline justify-between gap-x-4 py-1.5" data-testid="receipt-period">
            <dt className="min-w-0">
              {t('longStay.period', { start: day(period.start), end: day(period.end) })}
              <span className="block text-xs text-slate-600 dark:text-slate-400 print:text-slate-700">
                {period.receiptNumber !== null
                  ? t('receipts.periods.paid', { number: period.receiptNumber, date: day((period.paidAt ?? period.dueOn).slice(0, 10)) })
                  : `${t(`longStay.status.${period.status}`)} · ${t('longStay.due', { date: day(period.dueOn) })}`}
              </span>
            </dt>
            <dd className="font-medium tabular-nums">{formatPrice(period.amount, language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const guests = t('receipts.guests', { count: receipt.guests, n: receipt.guests });
  const section = 'border-t border-slate-200 pt-5 dark:border-slate-800 print:border-slate-400';
  return (
    <article
      className={cn(
        cardClasses,
        'flex flex-col gap-5 p-6 shadow-sm sm:p-8 print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none',
      )}
      data-testid="receipt"
      data-number={receipt.receiptNumber}
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 dark:text-brand-300 print:text-black">Lina · לינה</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 dark:text-white print:text-black" data-testid="receipt-number">
            {t('receipts.number', { number: receipt.receiptNumber })}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400 print:text-slate-700">
            {t('receipts.issued', { date: formatDate(new Date(receipt.issuedAt), 'date', language) })}
          </p>
        </div>
        <ReceiptText className="size-10 text-brand-700 dark:text-brand-300 print:hidden" aria-hidden="true" />
      </header>

      <section className={cn(section, 'grid gap-4 text-sm sm:grid-cols-2')} aria-label={t('receipts.stay')}>
        <div>
          <h2 className="font-semibold text-slate-900 dark:text-white print:text-black" dir="auto" data-testid="receipt-title">
            {receipt.propertyTitle}
          </h2>
          <p className="text-slate-600 dark:text-slate-400 print:text-slate-700" dir="auto">
            {receipt.location}
          </p>
          <p className="mt-2">{formatDateRange(day(receipt.checkIn), day(receipt.checkOut), language)}</p>
          <p>
            {t('receipts.nights', { count: receipt.nights, n: receipt.nights })} · {guests}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">{t('receipts.guest')}</dt>
          <dd dir="auto">{receipt.guestName || '—'}</dd>
          <dt className="font-medium">{t('receipts.host')}</dt>
          <dd dir="auto">{receipt.hostName || '—'}</dd>
          <dt className="font-medium">{t('receipts.booking')}</dt>
          <dd>
            <bdi dir="ltr" className="font-mono text-xs">
              {receipt.bookingId}
            </bdi>
          </dd>
        </dl>
      </section>

      <section className={cn(section, 'text-sm')} aria-labelledby="receipt-price">
        <h2 id="receipt-price" className="mb-2 font-semibold text-slate-900 dark:text-white print:text-black">
          {t('receipts.price')}
        </h2>
        <PriceLines receipt={receipt} language={language} />
      </section>

      <section className={section} aria-labelledby="receipt-paid">
        <h2 id="receipt-paid" className="mb-2 text-sm font-semibold text-slate-900 dark:text-white print:text-black">
          {t('receipts.payment')}
        </h2>
        <Payment receipt={receipt} language={language} />
      </section>
    </article>
  );
}

/** /my-bookings/:id/receipt: a confirmed stay's numbered receipt, printable (docs/decisions/025-receipts-and-payouts.md). */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const receipt = useReceipt(id, language);
  useDocumentTitle(receipt.data ? t('receipts.number', { number: receipt.data.receiptNumber }) : t('receipts.title'));
  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0"
      data-testid="page-receipt"
      data-printable
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <LocalizedLink to="/my-bookings" className={buttonClasses('ghost', 'sm')} data-testid="receipt-back">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t('receipts.back')}
        </LocalizedLink>
        <Button onClick={() => window.print()} disabled={!receipt.data} data-testid="receipt-print">
          <Printer className="size-4" aria-hidden="true" />
          {t('receipts.print')}
        </Button>
      </div>
      <QueryStates query={receipt} loading={<LoadingState className="py-16" />}>
        {(data) => <ReceiptSheet receipt={data} />}
      </QueryStates>
    </div>
  );
}
