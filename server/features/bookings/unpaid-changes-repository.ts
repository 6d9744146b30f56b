/*
 * The reads and writes of an accepted change whose difference is not paid yet (decision 062): a card
 * stay paid at once that a change made dearer owes the difference through a `charge` row (decision
 * 058) by the change's pay_by, or the change lapses and the booking returns to the stay it was. It
 * decides nothing (use-cases/unpaid-stay-changes.ts does). The reminder is claimed by a conditional
 * UPDATE, the lapse by FOR UPDATE SKIP LOCKED on the change and its charge, so several instances act
 * once; the webhook takes the same charge row's lock, so a payment and a lapse never both apply.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { StayBeforeChange } from '../../../core/unpaid-extension.ts';
import type { Executor } from '../../db/database.ts';
import { bookings, payments, stayChanges } from '../../db/schema.ts';

/** An accepted change owes its difference: the stay to return to, the deadline and the reminder's time (in the accepting transaction). */
export async function markDifferenceOwed(
  tx: Executor,
  changeId: string,
  owed: { previous: StayBeforeChange; payBy: Date; remindAt: Date },
) {
  await tx
    .update(stayChanges)
    .set({ previous: owed.previous, payBy: owed.payBy, remindAt: owed.remindAt })
    .where(and(eq(stayChanges.id, changeId), eq(stayChanges.status, 'accepted')));
}

/** A difference not paid: its charge row waits for payment, or its page lapsed ('released') while the change is still accepted. */
const unpaidCharge = sql`p.kind = 'charge' and p.status in ('awaiting_payment', 'released')`;

export interface OwedChange {
  id: string;
  bookingId: string;
  chargeId: string;
  payBy: Date;
}

/**
 * Claims the reminders due at `now` (remind_at reached, the deadline at least `pageMinutes` away so a
 * new page can still be opened), once each: the conditional UPDATE sets reminded_at, so a second
 * instance finds nothing.
 */
export async function claimDueReminders(db: Executor, now: Date, pageMinutes: number, limit = 20): Promise<OwedChange[]> {
  const claimed = await db.execute<{ id: string; booking_id: string; payment_id: string; pay_by: Date | string }>(sql`
    update stay_changes set reminded_at = ${now}, updated_at = ${now}
    where id in (
      select c.id from stay_changes c join payments p on p.id = c.payment_id
      where c.status = 'accepted' and c.pay_by is not null and c.reminded_at is null
        and c.remind_at <= ${now} and c.pay_by > ${now}::timestamptz + make_interval(mins => ${pageMinutes}::int)
        and ${unpaidCharge}
      order by c.remind_at
      limit ${limit}
      for update of c skip locked)
      and reminded_at is null
    returning id, booking_id, payment_id, pay_by`);
  return claimed.rows.map((row) => ({ id: row.id, bookingId: row.booking_id, chargeId: row.payment_id, payBy: new Date(row.pay_by) }));
}

/** A reminder that could not be sent (the provider unreachable) is claimable again on the next run. */
export async function unclaimReminder(db: Executor, changeId: string) {
  await db.update(stayChanges).set({ remindedAt: null }).where(eq(stayChanges.id, changeId));
}

/** A difference's charge row: its state, its page and its amount. */
export async function chargeRow(db: Executor, chargeId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      status: payments.status,
      amount: payments.amount,
      sessionId: payments.providerSessionId,
      paymentIntentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(and(eq(payments.id, chargeId), eq(payments.kind, 'charge')));
  return row;
}

/**
 * The reminder's new page: the old charge is released (its page closed) and the change points to
 * `newChargeId` instead, only while the change is accepted and still names the old charge (a lapse
 * meanwhile wins). True when it moved.
 */
export async function replaceDifferenceCharge(tx: Executor, changeId: string, oldChargeId: string, newChargeId: string) {
  const moved = await tx
    .update(stayChanges)
    .set({ paymentId: newChargeId, updatedAt: sql`now()` })
    .where(and(eq(stayChanges.id, changeId), eq(stayChanges.status, 'accepted'), eq(stayChanges.paymentId, oldChargeId)))
    .returning({ id: stayChanges.id });
  if (moved.length === 0) return false;
  await tx
    .update(payments)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(payments.id, oldChargeId), eq(payments.status, 'awaiting_payment')));
  return true;
}

export interface LapsingChange {
  id: string;
  bookingId: string;
  hostId: string;
  chargeId: string;
  chargeStatus: string;
  sessionId: string | null;
  amount: number;
  previous: StayBeforeChange;
  checkIn: string;
  checkOut: string;
  guests: number;
}

/**
 * One accepted change whose deadline passed with its difference unpaid, the change and its charge
 * row locked until the transaction ends; SKIP LOCKED: a row another instance lapses, or whose payment
 * the webhook is recording, is left to them.
 */
export async function lockOneLapsing(tx: Executor, now: Date): Promise<LapsingChange | undefined> {
  const rows = await tx.execute<{
    id: string;
    booking_id: string;
    host_id: string;
    payment_id: string;
    charge_status: string;
    session_id: string | null;
    amount: number;
    previous: StayBeforeChange;
    check_in: string;
    check_out: string;
    guests: number;
  }>(sql`
    select c.id, c.booking_id, pr.host_id, c.payment_id, p.status as charge_status, p.provider_session_id as session_id,
      p.amount, c.previous, c.check_in::text as check_in, c.check_out::text as check_out, c.guests
    from stay_changes c
      join payments p on p.id = c.payment_id
      join bookings b on b.id = c.booking_id
      join properties pr on pr.id = b.property_id
    where c.status = 'accepted' and c.pay_by is not null and c.pay_by <= ${now} and c.previous is not null and ${unpaidCharge}
    order by c.pay_by
    limit 1
    for update of c, p skip locked`);
  const row = rows.rows[0];
  return (
    row && {
      id: row.id,
      bookingId: row.booking_id,
      hostId: row.host_id,
      chargeId: row.payment_id,
      chargeStatus: row.charge_status,
      sessionId: row.session_id,
      amount: Number(row.amount),
      previous: row.previous,
      checkIn: row.check_in,
      checkOut: row.check_out,
      guests: Number(row.guests),
    }
  );
}

/** The change lapsed: its charge is released and the change final (both rows locked by lockOneLapsing). */
export async function markLapsed(tx: Executor, change: { id: string; chargeId: string }, now: Date) {
  await tx
    .update(payments)
    .set({ status: 'released', updatedAt: now })
    .where(and(eq(payments.id, change.chargeId), eq(payments.status, 'awaiting_payment')));
  const moved = await tx
    .update(stayChanges)
    .set({ status: 'lapsed', updatedAt: now })
    .where(and(eq(stayChanges.id, change.id), eq(stayChanges.status, 'accepted')))
    .returning({ id: stayChanges.id });
  return moved.length > 0;
}

/**
 * The booking goes back to the stay it was before the change: dates, party, quote, money and policy,
 * only while it is still confirmed and as the change left it. The nights the change added are freed
 * by the listing_nights triggers in the same statement. True when it moved.
 */
export async function returnToPreviousStay(
  tx: Executor,
  bookingId: string,
  changed: { checkIn: string; checkOut: string; guests: number },
  previous: StayBeforeChange,
  now: Date,
) {
  const moved = await tx
    .update(bookings)
    .set({
      checkIn: previous.checkIn,
      checkOut: previous.checkOut,
      guests: previous.guests,
      childAges: previous.childAges,
      quote: previous.quote,
      subtotal: previous.subtotal,
      serviceFee: previous.serviceFee,
      total: previous.total,
      cancellationPolicy: previous.cancellationPolicy,
      updatedAt: now,
    })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'confirmed'),
        eq(bookings.checkIn, changed.checkIn),
        eq(bookings.checkOut, changed.checkOut),
        eq(bookings.guests, changed.guests),
      ),
    )
    .returning({ id: bookings.id });
  return moved.length > 0;
}

/** The change can no longer lapse (its old nights were taken meanwhile): left to an admin. */
export async function stopLapse(db: Executor, changeId: string) {
  await db
    .update(stayChanges)
    .set({ payBy: null })
    .where(and(eq(stayChanges.id, changeId), eq(stayChanges.status, 'accepted')));
}

/**
 * A late payment of a lapsed change's page (the webhook, in its transaction, the charge row locked):
 * the charge, released by the lapse, is held again with the payment's id, so that the hold is let go
 * and retried until it is (heldLateCharges). Only once: true when it moved.
 */
export async function holdLateCharge(tx: Executor, chargeId: string, paymentIntentId: string) {
  const moved = await tx
    .update(payments)
    .set({ status: 'authorized', providerPaymentId: paymentIntentId, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, chargeId),
        eq(payments.kind, 'charge'),
        eq(payments.status, 'released'),
        sql`${payments.providerPaymentId} is null`,
        sql`exists (select 1 from stay_changes c where c.payment_id = ${payments.id} and c.status = 'lapsed')`,
      ),
    )
    .returning({ id: payments.id });
  return moved.length > 0;
}

/** Holds of lapsed changes' late payments not let go yet (the provider was unreachable): for the jobs. */
export async function heldLateCharges(db: Executor) {
  const rows = await db.execute<{ id: string; booking_id: string; provider_payment_id: string }>(sql`
    select p.id, p.booking_id, p.provider_payment_id from payments p
    where p.kind = 'charge' and p.status = 'authorized' and p.provider_payment_id is not null
      and exists (select 1 from stay_changes c where c.payment_id = p.id and c.status = 'lapsed')
    limit 50`);
  return rows.rows.map((row) => ({ id: row.id, bookingId: row.booking_id, paymentIntentId: row.provider_payment_id }));
}

/** A late payment's hold was let go: nothing was taken. */
export async function markLateChargeReleased(db: Executor, chargeId: string) {
  await db
    .update(payments)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(payments.id, chargeId), eq(payments.kind, 'charge'), eq(payments.status, 'authorized')));
}

/** Whether a booking owes the difference of an accepted change (no new change until it is paid or lapses). */
export async function owesDifference(db: Executor, bookingId: string): Promise<boolean> {
  const rows = await db.execute<{ owed: boolean }>(sql`
    select exists (
      select 1 from stay_changes c join payments p on p.id = c.payment_id
      where c.booking_id = ${bookingId} and c.status = 'accepted' and c.pay_by is not null and ${unpaidCharge}
    ) as owed`);
  return Boolean(rows.rows[0]?.owed);
}
