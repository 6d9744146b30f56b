/**
 * A long stay's periods as rows of the payments table (kind 'period', decision 054): written when the
 * stay is booked, claimed by the charge and reminder jobs with conditional UPDATEs (one instance
 * wins), moved only along core/payment-states.ts periodTransitions, each paid period with its own
 * ledger movement keyed by the row (capture:<period> for a card period charged off-session,
 * fee:<period> for a direct one) and its own receipt number. Reads and writes only. Over 300
 * lines (about 400): the claims (the recovery's of stuck rows too, decision 062), the moves and the
 * payout condition share one table and read best together.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { captureLines, onArrivalFeeLines } from '../../../core/ledger-rules.ts';
import type { ScheduledPayment } from '../../../core/payment-schedule.ts';
import { periodStatesBefore, periodStatuses, type PeriodStatus } from '../../../core/payment-states.ts';
import { stayCurrency } from '../../../core/quote.ts';
import type { Executor } from '../../db/database.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { bookings, payments, properties, users } from '../../db/schema.ts';

export interface PeriodRow {
  id: string;
  bookingId: string;
  sequence: number;
  periodStart: string;
  periodEnd: string;
  dueOn: string;
  amount: number;
  serviceFee: number;
  provider: string;
  status: PeriodStatus;
  attempts: number;
  nextAttemptOn: string | null;
  failureCode: string | null;
  providerSessionId: string | null;
  providerPaymentId: string | null;
  paidAt: Date | null;
  receiptNumber: number | null;
}

const periodColumns = {
  id: payments.id,
  bookingId: sql<string>`${payments.bookingId}`,
  sequence: sql<number>`${payments.sequence}`,
  periodStart: sql<string>`${payments.periodStart}`,
  periodEnd: sql<string>`${payments.periodEnd}`,
  dueOn: sql<string>`${payments.dueOn}`,
  amount: payments.amount,
  serviceFee: sql<number>`coalesce(${payments.serviceFee}, 0)`,
  provider: payments.provider,
  status: sql<PeriodStatus>`${payments.status}`,
  attempts: payments.attempts,
  nextAttemptOn: payments.nextAttemptOn,
  failureCode: payments.failureCode,
  providerSessionId: payments.providerSessionId,
  providerPaymentId: payments.providerPaymentId,
  paidAt: payments.paidAt,
  receiptNumber: payments.receiptNumber,
};

const isPeriod = eq(payments.kind, 'period');

/**
 * The schedule's rows for a booking: one per period, provider 'stripe' (card) or 'direct' (paid to the
 * host). A card stay's first period is paid through its Checkout (the authorization); the rest are
 * charged by the job on their due days.
 */
export async function insertPeriods(db: Executor, bookingId: string, provider: 'stripe' | 'direct', schedule: readonly ScheduledPayment[]) {
  if (schedule.length === 0) return;
  await db.insert(payments).values(
    schedule.map((payment) => {
      const id = randomUUID();
      return {
        id,
        bookingId,
        kind: 'period' as const,
        amount: payment.amount,
        serviceFee: payment.serviceFee,
        currency: stayCurrency,
        periodStart: payment.start,
        periodEnd: payment.end,
        sequence: payment.sequence,
        dueOn: payment.dueOn,
        nextAttemptOn: payment.dueOn,
        provider,
        idempotencyKey: `period-${id}`,
        status: 'scheduled' as const,
      };
    }),
  );
}

/** A booking's live periods (a rebuilt schedule's cancelled rows left out unless paid), in order. */
export async function periodsOf(db: Executor, bookingId: string): Promise<PeriodRow[]> {
  return db
    .select(periodColumns)
    .from(payments)
    .where(and(isPeriod, eq(payments.bookingId, bookingId), ne(payments.status, 'cancelled')))
    .orderBy(asc(payments.sequence));
}

/** One period with its booking's parties, for a use case to decide on. */
export async function periodById(db: Executor, periodId: string) {
  const [row] = await db
    .select({
      ...periodColumns,
      guestId: bookings.guestId,
      hostId: properties.hostId,
      bookingStatus: bookings.status,
      paymentMethodId: bookings.savedPaymentMethodId,
      customerId: users.stripeCustomerId,
      guestEmail: users.email,
      titleEn: properties.titleEn,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(users, eq(users.id, bookings.guestId))
    .where(and(isPeriod, eq(payments.id, periodId)));
  return row;
}

/** Moves a period from the states its target allows (periodTransitions) and only those: true when it moved. */
export async function movePeriod(
  db: Executor,
  periodId: string,
  to: PeriodStatus,
  set: Partial<{
    failureCode: string | null;
    nextAttemptOn: string | null;
    providerPaymentId: string | null;
    providerSessionId: string | null;
  }> = {},
): Promise<boolean> {
  const moved = await db
    .update(payments)
    .set({ ...set, status: to, updatedAt: sql`now()`, ...(to === 'succeeded' ? { paidAt: sql`now()` } : {}) })
    .where(and(isPeriod, eq(payments.id, periodId), inArray(payments.status, periodStatesBefore(to))))
    .returning({ id: payments.id });
  return moved.length > 0;
}

/**
 * Claims the card periods due by `today` (sequence ≥ 1, of confirmed stays) for one run of the charge
 * job: scheduled, or failed / needing the guest with a retry day reached. FOR UPDATE SKIP LOCKED and
 * the move to processing in one statement: two instances never claim the same period.
 */
export async function claimDueCardPeriods(db: Executor, today: string, limit = 20): Promise<string[]> {
  const claimed = await db.execute<{ id: string }>(sql`
    update payments set status = 'processing', attempts = attempts + 1, updated_at = now()
    where id in (
      select p.id from payments p join bookings b on b.id = p.booking_id
      where p.kind = 'period' and p.provider = 'stripe' and p.sequence >= 1 and b.status = 'confirmed'
        and p.next_attempt_on is not null and p.next_attempt_on <= ${today}::date
        and p.status in ('scheduled', 'failed', 'action_required')
      order by p.due_on
      limit ${limit}
      for update of p skip locked)
    returning id`);
  return claimed.rows.map((row) => row.id);
}

/**
 * The charge job is about to call the provider for the next of its claimed periods: the time of that
 * row and of those still waiting their turn is refreshed, so only a row whose run died is ever older
 * than stuckProcessingMinutes (core/payment-states.ts).
 */
export async function touchProcessing(db: Executor, periodIds: readonly string[]) {
  if (periodIds.length === 0) return;
  await db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(and(isPeriod, inArray(payments.id, [...periodIds]), eq(payments.status, 'processing')));
}

/**
 * Claims the periods left `processing` for longer than `minutes` (a crash between the charge job's
 * claim and its result, decision 062) for one run of the recovery: FOR UPDATE SKIP LOCKED and a fresh
 * updated_at in one statement, so two instances never take the same row, and a recovery that dies
 * itself leaves the row to another one `minutes` later.
 */
export async function claimStuckPeriods(db: Executor, minutes: number, limit = 20) {
  const claimed = await db.execute<{ id: string; attempts: number }>(sql`
    update payments set updated_at = now()
    where id in (
      select id from payments
      where kind = 'period' and provider = 'stripe' and status = 'processing'
        and updated_at < now() - make_interval(mins => ${minutes}::int)
      order by updated_at
      limit ${limit}
      for update skip locked)
      and status = 'processing'
    returning id, attempts`);
  return claimed.rows.map((row) => ({ id: row.id, attempts: Number(row.attempts) }));
}

/**
 * A try that never reached the provider is undone: the period goes back to the state it was claimed
 * from (or cancelled, its stay having ended) with the try not counted, so the next run tries again
 * under the same key (period-<row>-<attempt>): had the try reached the provider after all, the
 * provider answers with that same payment instead of charging again. Only from `processing` at that
 * try (a late result recorded meanwhile wins). True when it moved.
 */
export async function undoUnsentTry(
  db: Executor,
  periodId: string,
  attempts: number,
  to: 'scheduled' | 'failed' | 'action_required' | 'cancelled',
) {
  const moved = await db
    .update(payments)
    .set({
      status: to,
      attempts: sql`${payments.attempts} - 1`,
      updatedAt: sql`now()`,
      ...(to === 'cancelled' ? { nextAttemptOn: null } : {}),
    })
    .where(and(isPeriod, eq(payments.id, periodId), eq(payments.status, 'processing'), eq(payments.attempts, attempts)))
    .returning({ id: payments.id });
  return moved.length > 0;
}

/**
 * A card period was paid (off-session, or through its pay-now Checkout): succeeded, its receipt
 * number, and its capture in the ledger under the row's key (capture:<period>) with the host's share
 * payable and the platform's fee. Once, whatever races it: the move and the ledger's unique key decide.
 */
export async function recordPeriodPaid(db: Executor, periodId: string, paymentIntentId: string | null): Promise<boolean> {
  const period = await periodById(db, periodId);
  if (!period) return false;
  const moved = await db
    .update(payments)
    .set({
      status: 'succeeded',
      providerPaymentId: paymentIntentId ?? period.providerPaymentId,
      paidAt: sql`now()`,
      nextAttemptOn: null,
      failureCode: null,
      ledgerKey: `capture:${periodId}`,
      receiptNumber: sql`nextval('receipt_numbers')`,
      updatedAt: sql`now()`,
    })
    .where(and(isPeriod, eq(payments.id, periodId), inArray(payments.status, periodStatesBefore('succeeded'))))
    .returning({ id: payments.id });
  if (moved.length === 0) return false;
  await recordLedgerTransaction(
    db,
    { key: `capture:${periodId}`, kind: 'capture', bookingId: period.bookingId, hostId: period.hostId },
    captureLines(period.amount, period.serviceFee),
  );
  return true;
}

/**
 * The first period of a card stay was captured with its hold: it is paid (the capture row keeps the
 * ledger's movement). Its receipt is the stay's, issued for that same capture: it takes the stay's
 * number (set just before in the capturing transaction), so every paid period has a number and no
 * payment has two.
 */
export async function markFirstPeriodPaid(db: Executor, bookingId: string) {
  await db
    .update(payments)
    .set({
      status: 'succeeded',
      paidAt: sql`now()`,
      nextAttemptOn: null,
      receiptNumber: sql`(select ${bookings.receiptNumber} from ${bookings} where ${bookings.id} = ${bookingId})`,
      updatedAt: sql`now()`,
    })
    .where(and(isPeriod, eq(payments.bookingId, bookingId), eq(payments.sequence, 0), eq(payments.status, 'scheduled')));
}

/**
 * A direct period the host marked received: succeeded, its receipt number, and the platform's fee
 * in it owed by the host (fee_on_arrival under fee:<period>). True when this call recorded it.
 */
export async function recordPeriodReceived(db: Executor, periodId: string): Promise<boolean> {
  const period = await periodById(db, periodId);
  if (!period || period.provider !== 'direct') return false;
  const moved = await db
    .update(payments)
    .set({
      status: 'succeeded',
      paidAt: sql`now()`,
      nextAttemptOn: null,
      ledgerKey: `fee:${periodId}`,
      receiptNumber: sql`nextval('receipt_numbers')`,
      updatedAt: sql`now()`,
    })
    .where(and(isPeriod, eq(payments.id, periodId), inArray(payments.status, periodStatesBefore('succeeded'))))
    .returning({ id: payments.id });
  if (moved.length === 0) return false;
  if (period.serviceFee > 0) {
    await recordLedgerTransaction(
      db,
      { key: `fee:${periodId}`, kind: 'fee_on_arrival', bookingId: period.bookingId, hostId: period.hostId },
      onArrivalFeeLines(period.serviceFee),
    );
  }
  return true;
}

/** The periods of a booking not paid yet are cancelled (the stay ended, or its schedule is rebuilt). */
export async function cancelUnpaidPeriods(db: Executor, bookingId: string): Promise<number> {
  const cancelled = await db
    .update(payments)
    .set({ status: 'cancelled', nextAttemptOn: null, updatedAt: sql`now()` })
    .where(
      and(
        isPeriod,
        eq(payments.bookingId, bookingId),
        inArray(payments.status, periodStatesBefore('cancelled')),
        ne(payments.status, 'processing'),
      ),
    )
    .returning({ id: payments.id });
  return cancelled.length;
}

/** Whether a booking is paid period by period (has live period rows). */
export async function hasPeriods(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isPeriod, eq(payments.bookingId, bookingId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Claims the direct periods whose reminder is due today, once each: `before` three days before the
 * due day, `due` on it. The conditional UPDATE sets the reminder's time, so a second instance finds
 * nothing to claim.
 */
export async function claimReminders(db: Executor, which: 'before' | 'due', today: string): Promise<string[]> {
  const column = which === 'before' ? payments.remindedBeforeAt : payments.remindedDueAt;
  const day = which === 'before' ? sql`${payments.dueOn} - 3` : sql`${payments.dueOn}`;
  const claimed = await db
    .update(payments)
    .set(which === 'before' ? { remindedBeforeAt: sql`now()` } : { remindedDueAt: sql`now()` })
    .where(
      and(
        isPeriod,
        eq(payments.provider, 'direct'),
        eq(payments.status, 'scheduled'),
        sql`${payments.sequence} >= 1`,
        isNull(column),
        lte(day, sql`${today}::date`),
        sql`${payments.dueOn} >= ${today}::date`,
        sql`exists (select 1 from bookings b where b.id = ${payments.bookingId} and b.status = 'confirmed')`,
      ),
    )
    .returning({ id: payments.id });
  return claimed.map((row) => row.id);
}

/** The Stripe Customer of a guest, if made. */
export async function customerOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

/** Keeps a guest's Stripe Customer (the first one made wins: the provider's key is per guest too). */
export async function saveCustomer(db: Executor, userId: string, customerId: string) {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
}

/** The card the first Checkout saved, for the later periods. */
export async function saveCardOfBooking(db: Executor, bookingId: string, paymentMethodId: string) {
  await db.update(bookings).set({ savedPaymentMethodId: paymentMethodId }).where(eq(bookings.id, bookingId));
}

/** The period whose pay-now Checkout is `sessionId`, if any. */
export async function periodOfSession(db: Executor, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isPeriod, eq(payments.providerSessionId, sessionId)));
  return row?.id;
}

/** The pay-now Checkout opened for a period (the webhook finds the period by it). */
export async function savePeriodSession(db: Executor, periodId: string, sessionId: string) {
  await db
    .update(payments)
    .set({ providerSessionId: sessionId, updatedAt: sql`now()` })
    .where(and(isPeriod, eq(payments.id, periodId)));
}

/** A booking's state and host, its row locked until the transaction ends. */
export async function lockBookingWithHost(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ status: bookings.status, hostId: properties.hostId })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  return row;
}

/**
 * Periods of confirmed stays still unpaid `graceDays` after their due day (core/payment-states.ts
 * graceOver, as a condition on the due-day index) whose host has no 'grace:<period>' notice yet, at
 * most `limit` of them: the grace job tells each host once (decision 063).
 */
export async function periodsPastGraceUntold(db: Executor, today: string, graceDays: number, limit = 200) {
  return db
    .select({
      id: payments.id,
      bookingId: sql<string>`${payments.bookingId}`,
      hostId: properties.hostId,
      amount: payments.amount,
      dueOn: sql<string>`${payments.dueOn}`,
      periodStart: sql<string>`${payments.periodStart}`,
      periodEnd: sql<string>`${payments.periodEnd}`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        isPeriod,
        inArray(
          payments.status,
          periodStatuses.filter((status) => status !== 'succeeded' && status !== 'cancelled'),
        ),
        lte(payments.dueOn, sql`${today}::date - ${graceDays}::int`),
        eq(bookings.status, 'confirmed'),
        sql`not exists (select 1 from notices n where n.user_id = ${properties.hostId} and n.key = 'grace:' || ${payments.id})`,
        // A closed account is told nothing (notify writes nothing for it): its periods are not read again and again.
        sql`not exists (select 1 from users u where u.id = ${properties.hostId} and u.closed_at is not null)`,
      ),
    )
    .orderBy(asc(payments.dueOn))
    .limit(limit);
}
