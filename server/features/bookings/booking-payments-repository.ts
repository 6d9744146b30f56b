/**
 * A card booking's payment as rows move: the checkout saved, the webhook's events applied (only for
 * checkouts Lina opened, for the amount asked), the hold captured, released or refunded, each with its
 * ledger lines and the host's figures in the same transaction. Just over 300 lines: these writes share
 * one row lock and one set of ledger rules, and read best side by side (decision 024, 033).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { captureLines } from '../../../core/ledger-rules.ts';
import { bookingAnswerHours } from '../../../core/booking-rules.ts';
import type { Database, Executor } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { moveBookings } from '../../db/state-moves-sql.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { bookings, paymentEvents, profiles, properties, users } from '../../db/schema.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import { refundOfBooking } from './booking-refunds.ts';
import { markFirstPeriodPaid } from './period-rows-repository.ts';
import { refundableLeft } from './refund-parts-repository.ts';
import {
  authorizationOf,
  bookingIdOfSession,
  insertMovement,
  moveAuthorization,
  saveAuthorizationSession,
} from './payment-rows-repository.ts';

/**
 * The card side of a booking's states (docs/decisions/024-payments.md). Each function is one
 * transaction with a conditional UPDATE: whichever caller moves the row records the ledger
 * movement, under a unique key as well, so racing requests and instances record it once.
 */

/**
 * What the provider needs to move a booking's card payment: the stay, and its authorization (the
 * payments row whose id keys the provider's calls; null before the payment page was asked for).
 */
export async function cardPaymentOf(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      paymentStatus: bookings.paymentStatus,
      total: bookings.total,
      serviceFee: bookings.serviceFee,
      quote: bookings.quote,
      guestId: bookings.guestId,
      refunded: bookings.refunded,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      titleEn: properties.titleEn,
      guestEmail: users.email,
      guestLanguage: users.language,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(users, eq(users.id, bookings.guestId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const authorization = row.paymentMethod === 'card' ? await authorizationOf(db, bookingId) : undefined;
  return {
    ...row,
    // What the Checkout takes: a long stay's first period (decision 054), else the whole stay.
    amountNow: row.quote?.schedule?.[0]?.amount ?? row.total,
    paymentId: authorization?.id ?? null,
    paymentIntentId: authorization?.paymentIntentId ?? null,
    checkoutSessionId: authorization?.checkoutSessionId ?? null,
  };
}

/** The checkout session of a stay's authorization (also on the booking, which the release before the payments table reads). */
export async function saveCheckoutSession(db: Database, bookingId: string, paymentId: string, sessionId: string) {
  await db.transaction(async (tx) => {
    await saveAuthorizationSession(tx, paymentId, sessionId);
    await tx.update(bookings).set({ stripeCheckoutSessionId: sessionId }).where(eq(bookings.id, bookingId));
  });
}

/**
 * The payment page could not be opened: the stay is withdrawn at once and frees its dates. A stay the
 * host declined meanwhile keeps its state (a declined stay is not withdrawn); its payment is released all the same.
 */
export async function abandonCheckout(db: Database, bookingId: string, now = new Date()) {
  const unpaid = and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'awaiting_payment'));
  const [withdrawn] = await moveBookings(db, {
    status: 'cancelled',
    paymentStatus: 'released',
    set: { cancelledBy: bookings.guestId, decidedAt: now, updatedAt: now },
    where: unpaid,
  }).returning({ id: bookings.id });
  if (!withdrawn) await moveBookings(db, { paymentStatus: 'released', set: { updatedAt: now }, where: unpaid });
  await moveAuthorization(db, bookingId, 'released', ['awaiting_payment']);
}

/**
 * The held money was taken: a confirmed stay's payment becomes captured, gets its receipt number,
 * its capture row and the capture's ledger movement (capture:<capture>). True when this call recorded it.
 */
export async function recordCapture(db: Database, bookingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await moveBookings(tx, {
      paymentStatus: 'captured',
      set: { receiptNumber: sql`coalesce(${bookings.receiptNumber}, nextval('receipt_numbers'))` },
      where: and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'authorized'), eq(bookings.status, 'confirmed')),
    }).returning({ total: bookings.total, serviceFee: bookings.serviceFee, propertyId: bookings.propertyId, quote: bookings.quote });
    if (!row) return false;
    const [listing] = await tx.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, row.propertyId));
    const authorization = await authorizationOf(tx, bookingId);
    if (!authorization) throw new Error(`card booking ${bookingId} has no authorization to capture`);
    await moveAuthorization(tx, bookingId, 'captured', ['authorized']);
    // A long stay's hold is its first period (decision 054): that period is paid, with its share of the fee.
    const first = row.quote?.schedule?.[0];
    const amount = first ? first.amount : row.total;
    const serviceFee = first ? first.serviceFee : row.serviceFee;
    const key = await insertMovement(tx, { bookingId, authorization, kind: 'capture', amount });
    await recordLedgerTransaction(
      tx,
      { key, kind: 'capture', bookingId, hostId: listing?.hostId ?? null },
      captureLines(amount, serviceFee),
    );
    if (first) await markFirstPeriodPaid(tx, bookingId);
    return true;
  });
}

/** A stay booked instantly whose card is now held is confirmed (and captured next), as an accepted request. */
export async function confirmInstantly(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await moveBookings(tx, {
      status: 'confirmed',
      set: { decidedAt: now, updatedAt: now },
      where: and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'authorized')),
    }).returning({ propertyId: bookings.propertyId });
    if (!row) return false;
    const [listing] = await tx.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, row.propertyId));
    if (listing) await refreshHostFigures(tx, [listing.hostId], now);
    return true;
  });
}

/** The card could not be charged: the acceptance is undone, and the request waits for the host again. */
export async function undoAcceptance(db: Database, bookingId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [row] = await moveBookings(tx, {
      status: 'pending',
      set: { decidedAt: null, updatedAt: now },
      where: and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed'), eq(bookings.paymentStatus, 'authorized')),
    }).returning({ propertyId: bookings.propertyId });
    if (!row) return;
    const [listing] = await tx.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, row.propertyId));
    if (listing) await refreshHostFigures(tx, [listing.hostId], now);
  });
}

/** A stay that will not happen let go of its card: nothing was taken. */
export async function recordRelease(db: Database, bookingId: string) {
  await moveAuthorization(db, bookingId, 'released', ['awaiting_payment', 'authorized']);
  await moveBookings(db, {
    paymentStatus: 'released',
    where: and(
      eq(bookings.id, bookingId),
      inArray(bookings.status, ['declined', 'expired', 'cancelled']),
      inArray(bookings.paymentStatus, ['authorized', 'awaiting_payment']),
    ),
  });
}

/**
 * What a cancelled, captured card stay's cancellation promised to give back (the booking's
 * `refunded`), and the platform's fee within it: the policy's refund computed again at the moment of
 * cancellation (decided_at), as the cancelling request computed it. Undefined when nothing is owed.
 * For a stay cancelled before refunds were split, whose refund was never planned (split-refund.ts).
 */
export async function promisedRefund(db: Executor, bookingId: string): Promise<{ amount: number; serviceFee: number } | undefined> {
  const [row] = await db
    .select({ decidedAt: bookings.decidedAt, cancelledBy: bookings.cancelledBy, guestId: bookings.guestId, refunded: bookings.refunded })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'cancelled'), eq(bookings.paymentStatus, 'captured')));
  if (!row || row.refunded <= 0) return undefined;
  const refund = await refundOfBooking(db, bookingId, row.decidedAt ?? new Date(), row.cancelledBy === row.guestId ? 'guest' : 'host');
  if (!refund) return undefined;
  return { amount: row.refunded, serviceFee: Math.min(refund.refundServiceFee, row.refunded) };
}

/**
 * Every part of a cancelled, captured stay's refund went back to the guest, each recorded with its
 * refund row and ledger movement (split-refund.ts): the stay's payment is refunded when its card
 * charges have nothing left to give back (a long stay: every month paid so far), partially refunded
 * otherwise. True when this call moved it.
 */
export async function recordRefund(db: Database, bookingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ refunded: bookings.refunded })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'cancelled'), eq(bookings.paymentStatus, 'captured')))
      .for('update');
    if (!row || row.refunded <= 0) return false;
    const left = await refundableLeft(tx, bookingId);
    const [moved] = await moveBookings(tx, {
      paymentStatus: left === 0 ? 'refunded' : 'partially_refunded',
      where: eq(bookings.id, bookingId),
    }).returning({ id: bookings.id });
    return Boolean(moved);
  });
}

/**
 * Records a provider's event id in the transaction that applies it: false when it was seen before
 * (Stripe retries, or someone replays a captured request), so a replayed event changes nothing.
 */
export async function recordEventOnce(tx: Executor, event: PaymentEvent): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.providerType })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return Boolean(fresh);
}

/** The booking whose checkout session is `checkoutSessionId` (payment-rows-repository.ts), its row locked, with its authorization. */
export async function lockBookingOfSession(tx: Executor, checkoutSessionId: string) {
  const bookingId = await bookingIdOfSession(tx, checkoutSessionId);
  if (!bookingId) return undefined;
  const [booking] = await tx
    .select({ id: bookings.id, status: bookings.status, paymentStatus: bookings.paymentStatus, total: bookings.total })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking) return undefined;
  const authorization = await authorizationOf(tx, bookingId);
  return {
    ...booking,
    // What the checkout asked for: its authorization's amount (a long stay's first period), else the stay's total.
    asked: authorization?.amount ?? booking.total,
    paymentId: authorization?.id ?? bookingId,
    paymentIntentId: authorization?.paymentIntentId ?? null,
  };
}

/**
 * The card is held: the payment becomes authorized with its intent, and a request still pending
 * waits for the host from now on (its expiry starts again). Returns the stay's state and what the
 * instant-booking rule needs, or undefined when a concurrent move won.
 */
export async function markAuthorized(tx: Executor, bookingId: string, paymentIntentId: string | null, now: Date) {
  const [row] = await moveBookings(tx, {
    paymentStatus: 'authorized',
    set: {
      stripePaymentIntentId: paymentIntentId,
      expiresAt: sql`case when ${bookings.status} = 'pending' then ${new Date(now.getTime() + bookingAnswerHours * 3_600_000)} else ${bookings.expiresAt} end`,
      updatedAt: now,
    },
    where: eq(bookings.id, bookingId),
  }).returning({ status: bookings.status, propertyId: bookings.propertyId, guestId: bookings.guestId });
  if (!row) return undefined;
  await moveAuthorization(tx, bookingId, 'authorized', ['awaiting_payment', 'released'], { providerPaymentId: paymentIntentId });
  const [listing] = await tx
    .select({ instantBooking: properties.instantBooking })
    .from(properties)
    .where(eq(properties.id, row.propertyId));
  const [guest] = await tx.select({ verification: profiles.idVerificationStatus }).from(profiles).where(eq(profiles.userId, row.guestId));
  return { status: row.status, instantBooking: Boolean(listing?.instantBooking), guestVerified: guest?.verification === 'verified' };
}

/**
 * Nobody paid (the checkout expired): a pending stay is withdrawn and frees its dates, one that ended
 * meanwhile keeps its state; either way nothing is held any more. False when nothing was waiting.
 */
export async function markCheckoutExpired(tx: Executor, bookingId: string, now: Date): Promise<boolean> {
  const unpaid = and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'awaiting_payment'));
  const released = { decidedAt: sql`coalesce(${bookings.decidedAt}, ${now})`, updatedAt: now };
  const [withdrawn] = await moveBookings(tx, {
    status: 'cancelled',
    paymentStatus: 'released',
    set: { ...released, cancelledBy: bookings.guestId },
    where: and(unpaid, eq(bookings.status, 'pending')),
  }).returning({ id: bookings.id });
  const [row] = withdrawn
    ? [withdrawn]
    : await moveBookings(tx, { paymentStatus: 'released', set: released, where: unpaid }).returning({ id: bookings.id });
  if (row) await moveAuthorization(tx, bookingId, 'released', ['awaiting_payment']);
  return Boolean(row);
}

/**
 * Card payments left half done (a crash or an unreachable provider between our database and the
 * provider): holds of stays that ended, captures of confirmed stays, refunds of cancelled ones.
 * The booking jobs finish them; each provider call is idempotent per booking.
 */
export async function unsettledCardPayments(db: Database, now = new Date()) {
  const settled = new Date(now.getTime() - 5 * 60_000);
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, paymentStatus: bookings.paymentStatus, refunded: bookings.refunded })
    .from(bookings)
    .where(
      and(
        eq(bookings.paymentMethod, 'card'),
        sql`(
          (${bookings.status} in ('declined', 'expired', 'cancelled') and ${bookings.paymentStatus} in ('authorized', 'awaiting_payment'))
          or (${bookings.status} = 'confirmed' and ${bookings.paymentStatus} = 'authorized' and ${bookings.updatedAt} <= ${settled})
          or (${bookings.status} = 'cancelled' and ${bookings.paymentStatus} = 'captured' and ${bookings.refunded} > 0)
        )`,
        gt(bookings.checkOut, sql`${now}::date - 30`),
      ),
    )
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    action: (row.status === 'confirmed' ? 'capture' : row.paymentStatus === 'captured' ? 'refund' : 'release') as
      'capture' | 'release' | 'refund',
  }));
}
