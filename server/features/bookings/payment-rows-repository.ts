import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PaymentKind, PaymentRowStatus } from '../../../core/payment-states.ts';
import { stayCurrency } from '../../../core/quote.ts';
import type { Executor } from '../../db/database.ts';
import { bookings, payments } from '../../db/schema.ts';

/*
 * The payments table's reads and writes for a booking's card payment (docs/decisions/053-payments-as-rows.md):
 * one authorization per checkout and a capture under it. The provider's idempotency keys and the
 * ledger's keys are the rows': checkout-/capture-/release-<authorization> at Stripe, capture:<capture>
 * in the ledger. Refunds are rows of their own, one per charge they give back from
 * (refund-parts-repository.ts, decision 061).
 */

/** A new card stay's authorization, before its payment page is asked for: its id keys the provider's calls. */
export async function insertAuthorization(db: Executor, bookingId: string, amount: number): Promise<string> {
  const id = randomUUID();
  await db.insert(payments).values({
    id,
    bookingId,
    kind: 'authorization',
    amount,
    currency: stayCurrency,
    provider: 'stripe',
    idempotencyKey: `checkout-${id}`,
    status: 'awaiting_payment',
  });
  return id;
}

/**
 * A card booking written by the release before this table (during a rolling deploy) has no
 * authorization yet: it gets one now, in the shape the migration's backfill gives, with the booking's
 * id, so the provider keys that release used (checkout-<booking>…) stay this payment's.
 */
async function adoptLegacyAuthorization(db: Executor, bookingId: string) {
  await db.execute(sql`
    insert into payments (id, booking_id, kind, amount, currency, provider, provider_session_id, provider_payment_id, idempotency_key, status)
    select b.id, b.id, 'authorization', b.total, ${stayCurrency}, 'stripe', b.stripe_checkout_session_id, b.stripe_payment_intent_id, 'checkout-' || b.id,
      case b.payment_status when 'awaiting_payment' then 'awaiting_payment' when 'authorized' then 'authorized' when 'released' then 'released' else 'captured' end
    from bookings b
    where b.id = ${bookingId} and b.payment_method = 'card' and b.stripe_checkout_session_id is not null
      and not exists (select 1 from payments p where p.booking_id = b.id and p.kind = 'authorization')
    on conflict do nothing`);
}

/** A booking's latest authorization (a stay has one until the next issue's monthly payments). */
export async function authorizationOf(db: Executor, bookingId: string) {
  const read = () =>
    db
      .select({
        id: payments.id,
        status: payments.status,
        amount: payments.amount,
        checkoutSessionId: payments.providerSessionId,
        paymentIntentId: payments.providerPaymentId,
      })
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'authorization')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
  const [found] = await read();
  if (found) return found;
  await adoptLegacyAuthorization(db, bookingId);
  return (await read())[0];
}

/** The booking whose checkout session is `sessionId` (the authorization's, or for a stay from before the table, the booking's own column). */
export async function bookingIdOfSession(db: Executor, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ bookingId: payments.bookingId })
    .from(payments)
    .where(and(eq(payments.providerSessionId, sessionId), eq(payments.kind, 'authorization'), isNotNull(payments.bookingId)));
  if (row?.bookingId) return row.bookingId;
  const [legacy] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.stripeCheckoutSessionId, sessionId));
  return legacy?.id;
}

/** The checkout session opened for an authorization. */
export async function saveAuthorizationSession(db: Executor, paymentId: string, sessionId: string) {
  await db
    .update(payments)
    .set({ providerSessionId: sessionId, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

/**
 * Moves a booking's authorization with the booking's payment status (in the same transaction): only
 * from the statuses given, so a repeated move changes nothing.
 */
export async function moveAuthorization(
  db: Executor,
  bookingId: string,
  to: Extract<PaymentRowStatus, 'authorized' | 'captured' | 'released'>,
  from: readonly PaymentRowStatus[],
  set: { providerPaymentId?: string | null } = {},
) {
  await db
    .update(payments)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'authorization'), inArray(payments.status, [...from])));
}

/**
 * A capture of an authorization, recorded once it succeeded: its own id keys its ledger transaction
 * (capture:<id>), returned for the caller to post.
 */
export async function insertMovement(
  db: Executor,
  movement: {
    bookingId: string;
    authorization: { id: string; paymentIntentId: string | null };
    kind: Extract<PaymentKind, 'capture'>;
    amount: number;
  },
): Promise<string> {
  const id = randomUUID();
  const ledgerKey = `${movement.kind}:${id}`;
  await db.insert(payments).values({
    id,
    bookingId: movement.bookingId,
    parentId: movement.authorization.id,
    kind: movement.kind,
    amount: movement.amount,
    currency: stayCurrency,
    provider: 'stripe',
    providerPaymentId: movement.authorization.paymentIntentId,
    idempotencyKey: `${movement.kind}-${movement.authorization.id}`,
    ledgerKey,
    status: 'succeeded',
  });
  return ledgerKey;
}
