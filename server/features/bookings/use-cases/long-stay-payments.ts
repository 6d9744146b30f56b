/**
 * A long stay's periods after booking (decisions 054, 060, 062): charging the due card periods and
 * recording each try, paying one now, marking a direct period received, reminding, ending a stay
 * unpaid past its grace days, and rebuilding the unpaid periods after a change. Over 300 lines on
 * purpose: these acts share the period mails and notices (mailPeriod) and the rules of a try's
 * outcome, which must stay one piece so a recovered try is recorded exactly as a live one.
 */
import { eq } from 'drizzle-orm';
import { addDaysIso, today as israelToday } from '../../../../core/dates.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { formatPrice } from '../../../../core/format.ts';
import { localizePath, type Language } from '../../../../core/languages.ts';
import { paymentSchedule, splitByWeights, type ScheduledPayment } from '../../../../core/payment-schedule.ts';
import { graceOver, nextRetryDay, type PeriodStatus } from '../../../../core/payment-states.ts';
import type { StayQuote } from '../../../../core/quote.ts';
import type { Executor } from '../../../db/database.ts';
import { moveBookings } from '../../../db/state-moves-sql.ts';
import { bookings } from '../../../db/schema.ts';
import { queueMail } from '../../../mail/queue-mail.ts';
import { readSetting } from '../../../settings/platform-settings.ts';
import { notify } from '../../../notices/notify.ts';
import type { NoticeKind } from '../../../../core/notice-kinds.ts';
import { bookingParties } from '../booking-views-repository.ts';
import * as periods from '../period-rows-repository.ts';
import type { BookingDeps } from './booking-deps.ts';
import { checkoutMinutes } from './pay-for-stay.ts';

/*
 * A long stay paid period by period (issue 37, decision 054). The periods are rows of the payments
 * table written with the booking (period-rows-repository.ts). Card: the first period is the stay's
 * Checkout (which saves the card), the charge job takes each later one off-session on its due day,
 * a refused charge is tried again on days 0, 2 and 4 after it and the guest can pay it through a
 * Checkout of its own; direct: the host marks each period received and the guest is reminded. Past
 * the grace period the host may end the stay.
 */

type Deps = Pick<BookingDeps, 'db' | 'repos' | 'provider' | 'log' | 'clock' | 'siteUrl'>;

/** The first payment of a stay: a long stay's first period, or the whole stay. */
export function firstPayment(quote: Pick<StayQuote, 'schedule' | 'total' | 'serviceFee'> | null, total: number, serviceFee: number) {
  const first = quote?.schedule?.[0];
  return first ? { amount: first.amount, serviceFee: first.serviceFee } : { amount: total, serviceFee };
}

/**
 * The notice in the app beside a period's mail (decision 063): the guest of a refused charge (declined,
 * or their bank wants them), with a link to pay that period, and of the stay ended for it. Reminders
 * are mails only.
 */
function periodNotice(template: string, status: PeriodStatus, side: 'guest' | 'host'): NoticeKind | null {
  if (side !== 'guest') return null;
  if (template === 'periodFailed') return status === 'action_required' ? 'period_action_required' : 'period_failed';
  return template === 'stayEndedUnpaid' ? 'stay_ended_unpaid' : null;
}

/**
 * Mails the guest (or both) about one period, in their language, and tells them in the app. A mail
 * or notice that cannot be written is logged.
 */
async function mailPeriod(
  deps: Pick<Deps, 'db' | 'log' | 'siteUrl'>,
  periodId: string,
  template: 'periodFailed' | 'periodReminder' | 'periodDueToday' | 'stayEndedUnpaid',
  to: readonly ('guest' | 'host')[] = ['guest'],
) {
  try {
    const period = await periods.periodById(deps.db, periodId);
    if (!period) return;
    const parties = await bookingParties(deps.db, period.bookingId);
    if (!parties) return;
    for (const side of to) {
      const person = parties[side];
      const language: Language = person.language;
      const path = side === 'host' ? '/host/bookings' : '/my-bookings';
      // The failed charge's mail and notice lead to My Bookings with the period to pay (the pay-now button there).
      const target = `${path}${template === 'periodFailed' ? `?pay=${periodId}` : ''}`;
      const notice = periodNotice(template, period.status, side);
      if (notice) {
        const { amount, dueOn, periodStart, periodEnd } = period;
        await notify(deps.db, {
          userId: person.id,
          kind: notice,
          bookingId: period.bookingId,
          link: target,
          params: { periodId, amount, dueOn, periodStart, periodEnd },
        });
      }
      await queueMail(deps.db, {
        to: person.email,
        language,
        template,
        params: {
          firstName: person.firstName,
          title: parties.title[language] || parties.title.en,
          amount: formatPrice(period.amount, language),
          periodStart: period.periodStart,
          periodEnd: period.periodEnd,
          dueOn: period.dueOn,
        },
        link: `${deps.siteUrl}${localizePath(target, language)}`,
      });
    }
  } catch (error) {
    deps.log.error({ err: error, periodId }, 'period mail could not be queued');
  }
}

/** What one off-session try of a period came to. */
export type ChargeOutcome = { outcome: 'succeeded'; paymentIntentId: string } | { outcome: 'failed' | 'action_required'; code: string };

/**
 * Records what a try of a claimed period came to, the one way for the charge job and for the
 * recovery of a try a crash interrupted (use-cases/recover-stuck-periods.ts): paid → succeeded, its
 * receipt number and capture:<period> in the ledger; refused → failed (declined) or action_required
 * (the bank wants the guest) with the next try's day (days 0, 2, 4 after the due day) and, the first
 * time, the pay-now mail. Each move is conditional on the row's state, so a second recorder of the
 * same try changes nothing and sends nothing. True when this call recorded it.
 */
export async function recordChargeOutcome(
  deps: Deps,
  period: Pick<periods.PeriodRow, 'id' | 'dueOn' | 'attempts'>,
  outcome: ChargeOutcome,
): Promise<boolean> {
  if (outcome.outcome === 'succeeded') {
    const paymentIntentId = outcome.paymentIntentId;
    return deps.db.transaction((tx) => periods.recordPeriodPaid(tx, period.id, paymentIntentId));
  }
  const next = nextRetryDay(period.dueOn, period.attempts, addDaysIso);
  // The next try's day (days 0, 2, 4 after the due day); none after the last: the guest pays it or the host may end the stay.
  const moved = await periods.movePeriod(deps.db, period.id, outcome.outcome, { failureCode: outcome.code, nextAttemptOn: next });
  if (moved && period.attempts === 1) await mailPeriod(deps, period.id, 'periodFailed');
  return moved;
}

/**
 * Charges the card periods due today, on any number of instances at once: each is claimed by one
 * (claimDueCardPeriods), charged off-session with a key per period and try, and recorded
 * (recordChargeOutcome). Returns the periods tried and how each went.
 */
export async function chargeDuePeriods(deps: Deps): Promise<{ id: string; outcome: string }[]> {
  const { db, provider, log } = deps;
  if (provider.method !== 'card' || !provider.chargeSaved) return [];
  const today = israelToday(deps.clock());
  const claimed = await periods.claimDueCardPeriods(db, today);
  const results: { id: string; outcome: string }[] = [];
  for (const [index, id] of claimed.entries()) {
    const period = await periods.periodById(db, id);
    if (!period) continue;
    let outcome: ChargeOutcome;
    if (!period.customerId || !period.paymentMethodId) outcome = { outcome: 'failed', code: 'no_saved_card' };
    else {
      // The claimed rows wait their turn: this one's time and the waiting ones' are refreshed at each
      // call, so the recovery (decision 062) never takes a row a live run is about to charge.
      await periods.touchProcessing(db, claimed.slice(index));
      try {
        outcome = await provider.chargeSaved({
          bookingId: period.bookingId,
          paymentId: id,
          attempt: period.attempts,
          amount: period.amount,
          customerId: period.customerId,
          paymentMethodId: period.paymentMethodId,
          description: `${period.titleEn} · ${period.periodStart} → ${period.periodEnd}`,
        });
      } catch (error) {
        log.warn({ err: error, periodId: id }, 'off-session charge could not be made: tried again later');
        outcome = { outcome: 'failed', code: 'provider_unavailable' };
      }
    }
    await recordChargeOutcome(deps, period, outcome);
    results.push({ id, outcome: outcome.outcome });
  }
  return results;
}

/**
 * The guest pays one period now through a Checkout of its own (the link in the failed charge's mail
 * and on My Bookings): only a card period of theirs that failed, needs them, or is overdue. The money
 * is taken at once; the webhook records it (applyPeriodCheckout).
 */
export async function payPeriodNow(deps: Deps, userId: string, periodId: string, language: Language): Promise<string> {
  const period = await periods.periodById(deps.db, periodId);
  if (!period || period.guestId !== userId) throw new DomainError('booking_not_found', 'No such booking');
  if (deps.provider.method !== 'card' || period.provider !== 'stripe')
    throw new DomainError('payments_not_configured', 'Card payments are not configured');
  const payable: PeriodStatus[] = ['failed', 'action_required'];
  if (period.bookingStatus !== 'confirmed' || period.sequence < 1 || !payable.includes(period.status)) {
    throw new DomainError('booking_state_changed', 'This payment cannot be paid now');
  }
  const back = (result: string) =>
    `${deps.siteUrl}${localizePath('/my-bookings', language)}?payment=${result}&booking=${encodeURIComponent(period.bookingId)}`;
  const session = await deps.provider.startCheckout({
    bookingId: period.bookingId,
    paymentId: periodId,
    amount: period.amount,
    description: `${period.titleEn} · ${period.periodStart} → ${period.periodEnd}`,
    customerEmail: period.guestEmail,
    successUrl: back('success'),
    cancelUrl: back('cancelled'),
    expiresAt: new Date(deps.clock().getTime() + checkoutMinutes * 60_000),
    captureNow: true,
    // One page per try: a page that lapsed is not given again (Stripe answers a repeated key with the first page).
    keyPrefix: `paynow-${period.attempts}-${Date.now()}`,
  });
  if (!session) throw new DomainError('payment_failed', 'The payment page could not be opened');
  await periods.savePeriodSession(deps.db, periodId, session.sessionId);
  return session.url;
}

/**
 * The host marks a direct period received (the guest paid them): the period is paid, gets its receipt
 * number, and the platform's fee in it is owed by the host. Only the stay's host, only a direct period
 * of a confirmed or completed stay; a second mark changes nothing.
 */
export async function markPeriodReceived(deps: Deps, userId: string, periodId: string): Promise<void> {
  const period = await periods.periodById(deps.db, periodId);
  if (!period || period.hostId !== userId) throw new DomainError('booking_not_found', 'No such booking');
  if (period.provider !== 'direct' || (period.bookingStatus !== 'confirmed' && period.bookingStatus !== 'completed')) {
    throw new DomainError('booking_state_changed', 'This payment cannot be marked received');
  }
  if (period.status === 'succeeded') return;
  const moved = await deps.db.transaction((tx) => periods.recordPeriodReceived(tx, periodId));
  if (!moved) throw new DomainError('booking_state_changed', 'This payment cannot be marked received');
}

/** Mails direct-paying guests three days before each period's due day and on it, each once (claimed by a conditional UPDATE). */
export async function remindDirectPeriods(deps: Deps): Promise<string[]> {
  const today = israelToday(deps.clock());
  const before = await periods.claimReminders(deps.db, 'before', today);
  const due = await periods.claimReminders(deps.db, 'due', today);
  for (const id of before) if (!due.includes(id)) await mailPeriod(deps, id, 'periodReminder');
  for (const id of due) await mailPeriod(deps, id, 'periodDueToday');
  return [...before, ...due];
}

/**
 * The host ends a stay with a period unpaid past the grace period (the admin's grace days after its
 * due day, as set today: decision 060): the stay is cancelled by the host from now, the periods not
 * paid are cancelled, and both are mailed. What was paid stays paid (the long-stay policy keeps the
 * periods already started).
 */
export async function endUnpaidStay(deps: Deps, userId: string, bookingId: string) {
  const today = israelToday(deps.clock());
  const unpaid = await deps.db.transaction(async (tx) => {
    const booking = await periods.lockBookingWithHost(tx, bookingId);
    if (!booking || booking.hostId !== userId) throw new DomainError('booking_not_found', 'No such booking');
    const graceDays = await readSetting(tx, 'longStayGraceDays');
    const rows = await periods.periodsOf(tx, bookingId);
    const late = rows.find((row) => graceOver(row.status, row.dueOn, today, graceDays, addDaysIso));
    if (booking.status !== 'confirmed' || !late) throw new DomainError('booking_state_changed', 'This stay cannot be ended now');
    const [moved] = await moveBookings(tx, {
      status: 'cancelled',
      set: { cancelledBy: userId, decidedAt: deps.clock(), updatedAt: deps.clock() },
      where: eq(bookings.id, bookingId),
    }).returning({ id: bookings.id });
    if (!moved) throw new DomainError('booking_state_changed', 'This stay cannot be ended now');
    await periods.cancelUnpaidPeriods(tx, bookingId);
    return late.id;
  });
  // Cancelled rows keep their data: the mail names the unpaid period.
  await mailPeriod(deps, unpaid, 'stayEndedUnpaid', ['guest', 'host']);
}

/**
 * Rebuilds the periods of a booking not paid yet from its current dates and stored quote (a change
 * of the stay calls it in its own transaction, after writing the new dates and quote), each due the
 * days before it starts that the quote was booked with. Paid periods
 * stay as they are; the new schedule's periods that start after the last paid one replace the
 * unpaid rows, and the first of them takes up the difference, so paid + new always adds up to the
 * quote's total to the shekel (and the fees to its service fee).
 */
export async function rescheduleStay(tx: Executor, bookingId: string): Promise<ScheduledPayment[]> {
  const [booking] = await tx
    .select({
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      quote: bookings.quote,
      total: bookings.total,
      serviceFee: bookings.serviceFee,
      paymentMethod: bookings.paymentMethod,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking?.quote) return [];
  const current = await periods.periodsOf(tx, bookingId);
  const paid = current.filter((row) => row.status === 'succeeded' || row.status === 'processing');
  const lastPaid = paid.at(-1);
  // Due as booked: the days the booking's quote keeps, not the admin's setting today (decision 060).
  const schedule = paymentSchedule(
    { ...booking.quote, total: booking.total, serviceFee: booking.serviceFee },
    { checkIn: booking.checkIn, checkOut: booking.checkOut },
    { bookedOn: israelToday(booking.createdAt), dueDaysBefore: booking.quote.dueDaysBefore },
  );
  await periods.cancelUnpaidPeriods(tx, bookingId);
  const rest = lastPaid ? schedule.filter((payment) => payment.start >= lastPaid.periodEnd) : schedule;
  if (rest.length === 0) return [];
  const paidAmount = paid.reduce((sum, row) => sum + row.amount, 0);
  const paidFee = paid.reduce((sum, row) => sum + row.serviceFee, 0);
  const left = booking.total - paidAmount;
  const leftFee = Math.max(0, booking.serviceFee - paidFee);
  // The difference is shared by the rest's own weights: what they would have cost in the new schedule.
  const amounts = splitByWeights(
    Math.max(0, left),
    rest.map((payment) => payment.amount),
  );
  const fees = splitByWeights(
    Math.min(leftFee, Math.max(0, left)),
    rest.map((payment) => payment.serviceFee || 1),
  );
  const firstSequence = lastPaid ? lastPaid.sequence + 1 : 0;
  const rebuilt = rest.map((payment, index) => ({
    ...payment,
    sequence: firstSequence + index,
    amount: amounts[index]!,
    serviceFee: fees[index]!,
    stay: amounts[index]! - fees[index]! - payment.cleaningFee,
  }));
  await periods.insertPeriods(tx, bookingId, booking.paymentMethod === 'card' ? 'stripe' : 'direct', rebuilt);
  return rebuilt;
}
