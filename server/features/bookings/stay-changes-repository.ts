/*
 * The stay_changes table's reads and writes, and the booking's writes an accepted change makes
 * (docs/decisions/058-stay-changes.md). It decides nothing: the use cases (use-cases/*-stay-change*.ts)
 * do. Every move of a proposal is conditional on its being `proposed`, so two racing answers (or an
 * answer racing the expiry job) apply once. Over 300 lines on purpose: a change moves a proposal, a
 * booking and its money together, and keeping those writes in one repository keeps them beside the
 * conditional UPDATEs and ledger keys that make them happen once.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { CancellationPolicy } from '../../../core/cancellation-policies.ts';
import { captureLines, onArrivalFeeLines } from '../../../core/ledger-rules.ts';
import { stayCurrency } from '../../../core/quote.ts';
import type { StayChangePrice } from '../../../core/stay-change-pricing.ts';
import type { StayChangeRole, StayChangeStatus } from '../../../core/stay-change-states.ts';
import { drizzleWriter, stayIsFree } from '../../db/availability-sql.ts';
import type { Executor } from '../../db/database.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { priceRulesOf } from '../../db/price-rules-sql.ts';
import { bookings, payments, properties, stayChanges, users } from '../../db/schema.ts';

/** A booking with what pricing a change needs: its stay, stored quote and money, and its listing's prices. */
export async function bookingToChange(db: Executor, bookingId: string, lock = false) {
  const query = db
    .select({
      id: bookings.id,
      guestId: bookings.guestId,
      hostId: properties.hostId,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      rooms: bookings.rooms,
      guests: bookings.guests,
      childAges: bookings.childAges,
      quote: bookings.quote,
      subtotal: bookings.subtotal,
      serviceFee: bookings.serviceFee,
      total: bookings.total,
      refunded: bookings.refunded,
      cancellationPolicy: bookings.cancellationPolicy,
      paymentMethod: bookings.paymentMethod,
      paymentStatus: bookings.paymentStatus,
      createdAt: bookings.createdAt,
      listing: {
        id: properties.id,
        propertyType: properties.propertyType,
        pricePerNight: properties.pricePerNight,
        pricePerWeek: properties.pricePerWeek,
        pricePerMonth: properties.pricePerMonth,
        cleaningFee: properties.cleaningFee,
        securityDeposit: properties.securityDeposit,
        weeklyDiscountPercent: properties.weeklyDiscountPercent,
        monthlyDiscountPercent: properties.monthlyDiscountPercent,
        extraGuestFee: properties.extraGuestFee,
        guestsIncluded: properties.guestsIncluded,
        cancellationPolicy: properties.cancellationPolicy,
        roomCount: properties.roomCount,
        checkInTime: properties.checkInTime,
        titleEn: properties.titleEn,
      },
      guestEmail: users.email,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(users, eq(users.id, bookings.guestId))
    .where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row;
}
export type BookingToChange = NonNullable<Awaited<ReturnType<typeof bookingToChange>>>;

/** The listing's seasonal rules over a stay. */
export async function rulesOver(db: Executor, listingId: number, checkIn: string, checkOut: string) {
  return (await priceRulesOf(db, [listingId], checkIn, checkOut)).get(listingId) ?? [];
}

/** Takes the listing row's lock: changes and new requests for one listing take turns (hotels count rooms under it). */
export async function lockListing(tx: Executor, listingId: number) {
  await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, listingId)).for('update');
}

const columns = {
  id: stayChanges.id,
  bookingId: stayChanges.bookingId,
  proposedBy: stayChanges.proposedBy,
  role: stayChanges.role,
  status: stayChanges.status,
  checkIn: stayChanges.checkIn,
  checkOut: stayChanges.checkOut,
  guests: stayChanges.guests,
  childAges: stayChanges.childAges,
  price: stayChanges.price,
  expiresAt: stayChanges.expiresAt,
  answeredAt: stayChanges.answeredAt,
  paymentId: stayChanges.paymentId,
  createdAt: stayChanges.createdAt,
};

/** A new proposal; false when the booking already has one open (the partial unique index decides). */
export async function insertChange(
  db: Executor,
  change: {
    bookingId: string;
    proposedBy: string;
    role: StayChangeRole;
    checkIn: string;
    checkOut: string;
    guests: number;
    childAges: number[];
    price: StayChangePrice;
    expiresAt: Date;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(stayChanges)
    .values({ ...change, difference: change.price.difference })
    .onConflictDoNothing()
    .returning({ id: stayChanges.id });
  return row?.id ?? null;
}

export async function changesOfBooking(db: Executor, bookingId: string) {
  return db.select(columns).from(stayChanges).where(eq(stayChanges.bookingId, bookingId)).orderBy(desc(stayChanges.createdAt));
}

export async function changeById(db: Executor, changeId: string) {
  const [row] = await db.select(columns).from(stayChanges).where(eq(stayChanges.id, changeId));
  return row;
}

/**
 * Moves an open proposal on: only from `proposed` (and, for an answer, only while it has not
 * expired), so of two racing moves one returns the row and the other nothing.
 */
export async function moveOpenChange(
  db: Executor,
  changeId: string,
  to: Exclude<StayChangeStatus, 'proposed'>,
  set: { answeredBy?: string | null; now: Date; notExpired?: boolean },
) {
  const [row] = await db
    .update(stayChanges)
    .set({
      status: to,
      answeredBy: set.answeredBy ?? null,
      answeredAt: set.now,
      updatedAt: set.now,
    })
    .where(
      and(
        eq(stayChanges.id, changeId),
        eq(stayChanges.status, 'proposed'),
        set.notExpired ? sql`${stayChanges.expiresAt} > ${set.now}` : undefined,
      ),
    )
    .returning(columns);
  return row;
}

/** An accepted change's price as of its acceptance. */
export async function setChangePrice(db: Executor, changeId: string, price: StayChangePrice) {
  await db.update(stayChanges).set({ price, difference: price.difference }).where(eq(stayChanges.id, changeId));
}

/** Open proposals past their answer time, expired now (several instances: each row moves once). */
export async function expireDueChanges(db: Executor, now: Date) {
  return db
    .update(stayChanges)
    .set({ status: 'expired', answeredAt: now, updatedAt: now })
    .where(and(eq(stayChanges.status, 'proposed'), lte(stayChanges.expiresAt, now)))
    .returning({ id: stayChanges.id, bookingId: stayChanges.bookingId, role: stayChanges.role });
}

/** An accepted change's new stay and money on the booking (in the change's transaction). */
export async function writeChangedStay(
  tx: Executor,
  bookingId: string,
  stay: {
    checkIn: string;
    checkOut: string;
    guests: number;
    childAges: number[];
    price: StayChangePrice;
    policy: CancellationPolicy;
    now: Date;
  },
) {
  await tx
    .update(bookings)
    .set({
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      childAges: stay.childAges,
      quote: stay.price.quote,
      subtotal: stay.price.subtotal,
      serviceFee: stay.price.serviceFee,
      total: stay.price.total,
      cancellationPolicy: stay.policy,
      updatedAt: stay.now,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')));
}

/**
 * Whether the listing is free for the booking as it now stands (run after writeChangedStay, in its
 * transaction): no block, and the rooms its stays hold, this one included, fit on every night. Homes
 * are guarded by the exclusion constraint too (a violation aborts the update itself).
 */
export async function changedStayFits(tx: Executor, stay: { listingId: number; capacity: number; checkIn: string; checkOut: string }) {
  const free = stayIsFree(drizzleWriter, {
    listing: sql`${stay.listingId}::int`,
    capacity: sql`${stay.capacity}::int`,
    checkIn: sql`${stay.checkIn}::date`,
    checkOut: sql`${stay.checkOut}::date`,
    rooms: sql`0::int`,
  });
  const [answer] = (await tx.execute<{ free: boolean }>(sql`select ${free} as free`)).rows;
  return Boolean(answer?.free);
}

/** Attaches the payments row an accepted change made. */
export async function setChangePayment(db: Executor, changeId: string, paymentId: string) {
  await db.update(stayChanges).set({ paymentId }).where(eq(stayChanges.id, changeId));
}

/**
 * The difference of a card extension: a payment row of kind `charge` (not an authorization, so the
 * stay's own authorization stays the one its capture, refunds and cancellation read). Its id keys
 * the provider's checkout (checkout-<id>).
 */
export async function insertChangeCharge(db: Executor, bookingId: string, amount: number): Promise<string> {
  const id = randomUUID();
  await db.insert(payments).values({
    id,
    bookingId,
    kind: 'charge',
    amount,
    currency: stayCurrency,
    provider: 'stripe',
    idempotencyKey: `checkout-${id}`,
    status: 'awaiting_payment',
  });
  return id;
}

export async function saveChargeSession(db: Executor, paymentId: string, sessionId: string) {
  await db
    .update(payments)
    .set({ providerSessionId: sessionId, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

/**
 * Accepted changes of card stays whose refund was not recorded yet (the provider could not be
 * reached): for the jobs to retry. A refund is recorded when every part of it is (decision 061;
 * its parts share the key refund-<payment id>, refund-parts-repository.ts refundKeys.stayChange), or
 * before refunds were split, when the row of its id exists.
 */
export async function changeRefundsDue(db: Executor) {
  return db
    .select({ id: stayChanges.id, bookingId: stayChanges.bookingId, paymentId: stayChanges.paymentId, price: stayChanges.price })
    .from(stayChanges)
    .where(
      and(
        eq(stayChanges.status, 'accepted'),
        sql`(${stayChanges.price} ->> 'moneyBack')::int > 0`,
        sql`${stayChanges.paymentId} is not null`,
        sql`not exists (select 1 from payments p where p.id = ${stayChanges.paymentId})`,
        sql`coalesce((select bool_and(p.status = 'succeeded') from payments p
          where p.kind = 'refund' and p.refund_key = 'refund-' || ${stayChanges.paymentId}::text), false) = false`,
      ),
    )
    .limit(100);
}

/**
 * Pay on arrival: the fee the host owes follows the new total (stay_change_fee:<change>), up or down,
 * balanced between what the host owes and the platform's fees.
 */
export async function adjustOnArrivalFee(tx: Executor, change: { id: string; bookingId: string; hostId: string; feeDifference: number }) {
  if (change.feeDifference === 0) return;
  await recordLedgerTransaction(
    tx,
    {
      key: `stay_change_fee:${change.id}`,
      kind: change.feeDifference > 0 ? 'fee_on_arrival' : 'fee_reversal',
      bookingId: change.bookingId,
      hostId: change.hostId,
    },
    onArrivalFeeLines(change.feeDifference),
  );
}

/** A paid difference: the charge row captured and its money in the ledger (capture:<charge>), once. */
export async function recordChangeChargeCaptured(
  tx: Executor,
  charge: { id: string; bookingId: string; hostId: string; amount: number; serviceFee: number; paymentIntentId: string | null },
) {
  const [moved] = await tx
    .update(payments)
    .set({ status: 'captured', providerPaymentId: charge.paymentIntentId, ledgerKey: `capture:${charge.id}`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, charge.id), eq(payments.kind, 'charge'), sql`${payments.status} in ('awaiting_payment', 'authorized')`))
    .returning({ id: payments.id });
  if (!moved) return false;
  await recordLedgerTransaction(
    tx,
    { key: `capture:${charge.id}`, kind: 'capture', bookingId: charge.bookingId, hostId: charge.hostId, memo: 'stay change' },
    captureLines(charge.amount, charge.serviceFee),
  );
  return true;
}

/** The difference's charge whose Checkout is `sessionId`, its row locked; undefined for any other session. */
export async function lockChargeOfSession(tx: Executor, sessionId: string) {
  const [row] = await tx
    .select({ id: payments.id, bookingId: payments.bookingId, amount: payments.amount, status: payments.status, hostId: properties.hostId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(and(eq(payments.providerSessionId, sessionId), eq(payments.kind, 'charge')))
    .for('update', { of: payments });
  return row;
}

/** The charge's card is held (or its page lapsed): moved only from the status given. */
export async function moveCharge(
  db: Executor,
  chargeId: string,
  from: 'awaiting_payment' | 'authorized',
  to: 'authorized' | 'released',
  paymentIntentId: string | null,
) {
  const [row] = await db
    .update(payments)
    .set({ status: to, providerPaymentId: paymentIntentId ?? undefined, updatedAt: sql`now()` })
    .where(and(eq(payments.id, chargeId), eq(payments.status, from)))
    .returning({ id: payments.id });
  return Boolean(row);
}

/** The platform's share of an accepted change's charge (its price's chargeServiceFee). */
export async function chargeServiceFeeOf(db: Executor, chargeId: string): Promise<number> {
  const [row] = await db.select({ price: stayChanges.price }).from(stayChanges).where(eq(stayChanges.paymentId, chargeId));
  return row?.price.chargeServiceFee ?? 0;
}

/** The open Checkout of a booking's unpaid difference (an accepted extension's charge still awaiting payment), if any. */
export async function unpaidChargeSession(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ sessionId: payments.providerSessionId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'charge'), eq(payments.status, 'awaiting_payment')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row?.sessionId ?? null;
}
