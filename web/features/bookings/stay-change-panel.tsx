import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { StayChangeBody, StayChangeView } from '../../../core/contracts/stay-changes.ts';
import { today } from '../../../core/dates.ts';
import { formatPrice } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import { DateRangePicker } from '../../components/search/date-range-picker.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { errorText } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { formatStayDates } from './booking-card.tsx';
import { useAnswerStayChange, useProposeStayChange, useStayChangeQuote, useStayChanges } from './stay-change-api.ts';

/*
 * Changing a confirmed stay (decision 058), on the booking card of both sides: the open proposal
 * with Accept / Decline for the side that answers (Withdraw for its sender), "Change dates or
 * guests" (a dialog showing the new price and the difference before sending), "Extend your stay"
 * for a sublet guest in the last month, and "Pay the difference" for an accepted card extension.
 */

type Viewer = 'guest' | 'host';

function Difference({ difference, language }: { difference: number; language: Language }) {
  const { t } = useTranslation();
  if (difference === 0) return <>{t('stayChanges.noDifference')}</>;
  return <>{t(difference > 0 ? 'stayChanges.more' : 'stayChanges.less', { amount: formatPrice(Math.abs(difference), language) })}</>;
}

function OpenProposal({ change, booking, language }: { change: StayChangeView; booking: BookingView; language: Language }) {
  const { t } = useTranslation();
  const answer = useAnswerStayChange(booking.id, language);
  const act = (verb: 'accept' | 'decline' | 'withdraw') =>
    answer.mutate(
      { id: change.id, answer: verb },
      {
        onSuccess: (result) => {
          toast.success(t(`stayChanges.done.${verb}`));
          if (result.checkoutUrl) window.location.assign(result.checkoutUrl);
        },
        onError: (error) => toast.error(errorText(t, error)),
      },
    );
  return (
    <div
      data-testid="stay-change-open"
      className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-900 dark:bg-amber-950/40"
    >
      <p className="font-medium text-slate-900 dark:text-white">
        {t(change.mine ? 'stayChanges.sentByYou' : change.role === 'guest' ? 'stayChanges.sentByGuest' : 'stayChanges.sentByHost')}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="stay-change-dates">
        {formatStayDates(change.checkIn, change.checkOut, language)} · {t('stayChanges.guests', { count: change.guests })}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="stay-change-price">
        {t('stayChanges.newTotal', { total: formatPrice(change.price.total, language) })} (
        <Difference difference={change.price.difference} language={language} />)
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {change.mine ? (
          <Button
            size="sm"
            variant="secondary"
            data-testid="stay-change-withdraw"
            disabled={answer.isPending}
            onClick={() => act('withdraw')}
          >
            {t('stayChanges.withdraw')}
          </Button>
        ) : (
          <>
            <Button size="sm" data-testid="stay-change-accept" disabled={answer.isPending} onClick={() => act('accept')}>
              {answer.isPending ? <Spinner className="size-4" /> : null}
              {t('stayChanges.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              data-testid="stay-change-decline"
              disabled={answer.isPending}
              onClick={() => act('decline')}
            >
              {t('stayChanges.decline')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** The dialog composing a change: dates (check-out only once the stay has started) and guests, with its price before sending. */
function ChangeDialog({
  booking,
  language,
  initialCheckOut,
  onClose,
}: {
  booking: BookingView;
  language: Language;
  initialCheckOut: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const started = booking.checkIn <= today();
  const [checkIn, setCheckIn] = useState(booking.checkIn);
  const [checkOut, setCheckOut] = useState(initialCheckOut);
  const [guests, setGuests] = useState(booking.guests);
  const body: StayChangeBody | null =
    checkIn && checkOut && checkOut > checkIn ? { checkIn, checkOut, guests, children: booking.childAges } : null;
  const quote = useStayChangeQuote(booking.id, body);
  const propose = useProposeStayChange(booking.id);
  const send = () =>
    body &&
    propose.mutate(body, {
      onSuccess: () => {
        toast.success(t('stayChanges.sent'));
        onClose();
      },
      onError: (error) => toast.error(errorText(t, error)),
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      testId="stay-change-dialog"
      title={t('stayChanges.title')}
      description={t('stayChanges.intro')}
    >
      <div className="mt-4 space-y-4">
        {started ? (
          <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('stayChanges.newCheckOut')}
            <input
              type="date"
              data-testid="stay-change-check-out"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
              min={today()}
              value={checkOut}
              onChange={(event) => setCheckOut(event.target.value)}
            />
          </label>
        ) : (
          <DateRangePicker
            id={`stay-change-${booking.id}`}
            testId="stay-change-dates-picker"
            startLabel={t('stayChanges.checkIn')}
            endLabel={t('stayChanges.checkOut')}
            checkIn={checkIn}
            checkOut={checkOut}
            onChange={(range) => {
              setCheckIn(range.checkIn);
              setCheckOut(range.checkOut);
            }}
          />
        )}
        <label className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('stayChanges.guestsLabel')}
          <input
            type="number"
            min={Math.max(1, booking.childAges.length + 1)}
            max={30}
            data-testid="stay-change-guests"
            className="mt-1 block w-24 rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
            value={guests}
            onChange={(event) => setGuests(Math.max(1, Number(event.target.value) || 1))}
          />
        </label>
        <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60" data-testid="stay-change-quote" aria-live="polite">
          {!body ? (
            t('stayChanges.pickDates')
          ) : quote.isPending ? (
            <Spinner className="size-4" />
          ) : quote.isError ? (
            <span className="text-red-700 dark:text-red-400">{errorText(t, quote.error)}</span>
          ) : quote.data ? (
            <>
              <p className="font-medium text-slate-900 dark:text-white">
                {t('stayChanges.newTotal', { total: formatPrice(quote.data.total, language) })}
              </p>
              <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="stay-change-difference">
                <Difference difference={quote.data.difference} language={language} />
                {quote.data.keptByPolicy > 0
                  ? ` · ${t('stayChanges.keptByPolicy', { amount: formatPrice(quote.data.keptByPolicy, language) })}`
                  : ''}
              </p>
            </>
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('stayChanges.cancel')}
        </Button>
        <Button data-testid="stay-change-send" disabled={!quote.data || propose.isPending} onClick={send}>
          {propose.isPending ? <Spinner className="size-4" /> : null}
          {t('stayChanges.send')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The change panel of a confirmed stay not yet ended, for its guest or its host. */
export function StayChangePanel({ booking, viewer, language }: { booking: BookingView; viewer: Viewer; language: Language }) {
  const { t } = useTranslation();
  const active = booking.status === 'confirmed' && booking.checkOut > today();
  const changes = useStayChanges(booking.id, active);
  const [composing, setComposing] = useState<string | null>(null);
  if (!active) return null;
  const open = changes.data?.changes.find((change) => change.status === 'proposed');
  return (
    <section data-testid="stay-change-panel" aria-label={t('stayChanges.title')}>
      {open ? <OpenProposal change={open} booking={booking} language={language} /> : null}
      {changes.data?.payUrl && viewer === 'guest' ? (
        <a href={changes.data.payUrl} className={buttonClasses('primary', 'sm', 'mt-3')} data-testid="stay-change-pay">
          {t('stayChanges.payDifference')}
        </a>
      ) : null}
      {!open && changes.data ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {changes.data.offersExtension && changes.data.extensionCheckOut ? (
            <Button size="sm" data-testid="stay-change-extend" onClick={() => setComposing(changes.data.extensionCheckOut)}>
              <CalendarClock className="size-4" aria-hidden="true" />
              {t('stayChanges.extend')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" data-testid="stay-change-open-dialog" onClick={() => setComposing(booking.checkOut)}>
            {t('stayChanges.change')}
          </Button>
        </div>
      ) : null}
      {composing ? (
        <ChangeDialog booking={booking} language={language} initialCheckOut={composing} onClose={() => setComposing(null)} />
      ) : null}
    </section>
  );
}
