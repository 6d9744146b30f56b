import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { captureLines, refundLines } from '../../../core/ledger-rules.ts';
import { bookingAnswerHours } from '../../../core/booking-rules.ts';
import type { Database } from '../../db/database.ts';
import { refreshHostFigures } from '../../db/host-figures.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { bookings, paymentEvents, profiles, properties, users } from '../../db/schema.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import { refundOfBooking } from './booking-refunds.ts';

/**
 * The card side of a booking's states (docs/decisions/024-payments.md). Each function is one
 * transaction with a conditional UPDATE: whichever caller moves the row records the ledger
 * movement, under a unique key as well, so racing requests and instances record it once.
 */

/** What the provider needs to move a booking's card payment. */
export async function cardPaymentOf(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      paymentStatus: bookings.paymentStatus,
      paymentIntentId: bookings.stripePaymentIntentId,
      checkoutSessionId: bookings.stripeCheckoutSessionId,
      total: bookings.total,
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
  return row;
}

export async function saveCheckoutSession(db: Database, bookingId: string, sessionId: string) {
  await db.update(bookings).set({ stripeCheckoutSessionId: sessionId }).where(eq(bookings.id, bookingId));
}

/** The payment page could not be opened: the stay is withdrawn at once and frees its dates. */
export async function abandonCheckout(db: Database, bookingId: string, now = new Date()) {
  await db
    .update(bookings)
    .set({ status: 'cancelled', paymentStatus: 'released', cancelledBy: bookings.guestId, decidedAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'awaiting_payment')));
}

/**
 * The held money was taken: a confirmed stay's payment becomes captured, gets its receipt number and
 * its capture (capture:<booking>). True when this call recorded it.
 */
export async function recordCapture(db: Database, bookingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ paymentStatus: 'captured', receiptNumber: sql`coalesce(${bookings.receiptNumber}, nextval('receipt_numbers'))` })
      .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'authorized'), eq(bookings.status, 'confirmed')))
      .returning({ total: bookings.total, serviceFee: bookings.serviceFee, propertyId: bookings.propertyId });
    if (!row) return false;
    const [listing] = await tx.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, row.propertyId));
    await recordLedgerTransaction(
      tx,
      { key: `capture:${bookingId}`, kind: 'capture', bookingId, hostId: listing?.hostId ?? null },
      captureLines(row.total, row.serviceFee),
    );
    return true;
  });
}

/** A stay booked instantly whose card is now held is confirmed (and captured next), as an accepted request. */
export async function confirmInstantly(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'confirmed', decidedAt: now, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'authorized')))
      .returning({ propertyId: bookings.propertyId });
    if (!row) return false;
    const [listing] = await tx.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, row.propertyId));
    if (listing) await refreshHostFigures(tx as unknown as Database, [listing.hostId], now);
    return true;
  });
}

/** The card could not be charged: the acceptance is undone, and the request waits for the host again. */
export async function undoAcceptance(db: Database, bookingId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'pending', decidedAt: null, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed'), eq(bookings.paymentStatus, 'authorized')))
      .returning({ propertyId: bookings.propertyId });
    if (!row) return;
    const [listing] = await tx.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, row.propertyId));
    if (listing) await refreshHostFigures(tx as unknown as Database, [listing.hostId], now);
  });
}

/** A stay that will not happen let go of its card: nothing was taken. */
export async function recordRelease(db: Database, bookingId: string) {
  await db
    .update(bookings)
    .set({ paymentStatus: 'released' })
    .where(
      and(
        eq(bookings.id, bookingId),
        inArray(bookings.status, ['declined', 'expired', 'cancelled']),
        inArray(bookings.paymentStatus, ['authorized', 'awaiting_payment']),
      ),
    );
}

/**
 * The policy's refund of a cancelled, captured stay went back to the guest: refunded or partially
 * refunded, and the refund (refund:<booking>) taken back from the host and the platform in the
 * shares the policy gives. The breakdown is computed again at the moment of cancellation
 * (decided_at), so a retry records what the cancelling request promised.
 */
export async function recordRefund(db: Database, bookingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        decidedAt: bookings.decidedAt,
        cancelledBy: bookings.cancelledBy,
        guestId: bookings.guestId,
        total: bookings.total,
        refunded: bookings.refunded,
        hostId: properties.hostId,
      })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'cancelled'), eq(bookings.paymentStatus, 'captured')))
      .for('update', { of: bookings });
    if (!row || row.refunded <= 0) return false;
    const refund = await refundOfBooking(
      tx as unknown as Database,
      bookingId,
      row.decidedAt ?? new Date(),
      row.cancelledBy === row.guestId ? 'guest' : 'host',
    );
    if (!refund) return false;
    await tx
      .update(bookings)
      .set({ paymentStatus: row.refunded >= row.total ? 'refunded' : 'partially_refunded' })
      .where(eq(bookings.id, bookingId));
    await recordLedgerTransaction(
      tx,
      { key: `refund:${bookingId}`, kind: 'refund', bookingId, hostId: row.hostId },
      refundLines(refund.refundSubtotal, refund.refundServiceFee),
    );
    return true;
  });
}

export type EventOutcome =
  | { kind: 'replayed' }
  | { kind: 'ignored' }
  /** The card is held for a request: the host answers it, or (instant) it is confirmed and captured at once. */
  | { kind: 'authorized'; bookingId: string; instant: boolean }
  /** The card was held for a stay that had already ended (withdrawn, expired): let it go. */
  | { kind: 'release'; bookingId: string }
  | { kind: 'expired'; bookingId: string };

/**
 * A provider's webhook, once: the event's id goes into payment_events in the same transaction as
 * the booking's change, so a replayed event (Stripe retries, or someone replays a captured request)
 * finds its id there and changes nothing.
 */
export async function applyPaymentEvent(db: Database, event: PaymentEvent, now = new Date()): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.providerType })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id });
    if (!fresh) return { kind: 'replayed' };
    if (event.type === 'ignored' || !event.bookingId || !/^[0-9a-f-]{36}$/i.test(event.bookingId)) return { kind: 'ignored' };
    const bookingId = event.bookingId;

    if (event.type === 'checkout_completed') {
      // The card is held. A request waits for the host from now on; a stay withdrawn or expired
      // while the guest was paying keeps its state, and its hold is released next.
      const [row] = await tx
        .update(bookings)
        .set({
          paymentStatus: 'authorized',
          stripePaymentIntentId: event.paymentIntentId,
          stripeCheckoutSessionId: sql`coalesce(${bookings.stripeCheckoutSessionId}, ${event.checkoutSessionId})`,
          expiresAt: sql`case when ${bookings.status} = 'pending' then ${new Date(now.getTime() + bookingAnswerHours * 3_600_000)} else ${bookings.expiresAt} end`,
          updatedAt: now,
        })
        .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'awaiting_payment')))
        .returning({ status: bookings.status, propertyId: bookings.propertyId, guestId: bookings.guestId });
      if (!row) return { kind: 'ignored' };
      if (row.status !== 'pending') return { kind: 'release', bookingId };
      const [listing] = await tx
        .select({ instantBooking: properties.instantBooking })
        .from(properties)
        .where(eq(properties.id, row.propertyId));
      const [guest] = await tx
        .select({ verification: profiles.idVerificationStatus })
        .from(profiles)
        .where(eq(profiles.userId, row.guestId));
      // The same rule as when the stay was asked for (core/booking-action.ts booksInstantly).
      const instant = Boolean(listing?.instantBooking) && guest?.verification === 'verified';
      return { kind: 'authorized', bookingId, instant };
    }

    // checkout_expired: nobody paid; the stay is withdrawn and frees its dates.
    const [row] = await tx
      .update(bookings)
      .set({
        status: sql`case when ${bookings.status} = 'pending' then 'cancelled'::booking_status else ${bookings.status} end`,
        cancelledBy: sql`case when ${bookings.status} = 'pending' then ${bookings.guestId} else ${bookings.cancelledBy} end`,
        decidedAt: sql`coalesce(${bookings.decidedAt}, ${now})`,
        paymentStatus: 'released',
        updatedAt: now,
      })
      .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'awaiting_payment')))
      .returning({ id: bookings.id });
    return row ? { kind: 'expired', bookingId } : { kind: 'ignored' };
  });
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
