import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { refundLines } from '../../../core/ledger-rules.ts';
import { stayCurrency } from '../../../core/quote.ts';
import type { RefundableCharge } from '../../../core/refund-split.ts';
import type { Executor } from '../../db/database.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { bookings, payments, properties } from '../../db/schema.ts';

/*
 * A refund split over a stay's card charges (decision 061), as rows of the payments table: one
 * refund row per part, each giving back from one charge (parent_id) on that charge's PaymentIntent,
 * all carrying the refund's own key (refund_key) and their place in it (sequence). A part is written
 * 'processing' before the provider is asked, and 'succeeded' with its ledger movement (refund:<part>)
 * once the provider took it. Reads and writes only: use-cases/split-refund.ts decides the parts
 * (core/refund-split.ts) and the provider's keys.
 */

/** Each refund's own key, the one its parts share (and, for a refund in one part, the provider's key, as before the split). */
export const refundKeys = {
  /** A cancelled card stay's refund: the key its stay's authorization gave the provider's refund call before the split. */
  cancellation: (authorizationId: string) => `refund-${authorizationId}`,
  /** A move-in report's refund (decision 056). */
  moveIn: (reportId: string) => `refund-move-in-${reportId}`,
  /** An accepted shortening's refund, by the id its change keeps (decision 058). */
  stayChange: (refundId: string) => `refund-${refundId}`,
};

export interface ChargeToRefund extends RefundableCharge {
  paymentIntentId: string;
}

/**
 * The card charges of a booking a refund can give back from, each with what was sent back from it
 * already or is on its way (every refund row on its PaymentIntent, split or from before the split):
 * the hold's capture (a stay paid at once, or a long stay's first period), each later period paid,
 * and each extension's charge. One per PaymentIntent; an authorization captured without a capture
 * row (written before the payments table had them) stands for its own capture.
 */
export async function refundableCharges(db: Executor, bookingId: string): Promise<ChargeToRefund[]> {
  const result = await db.execute<{ id: string; payment_intent_id: string; amount: number; charged_at: number; refunded: number }>(sql`
    select c.id, c.payment_intent_id, c.amount, c.charged_at,
      coalesce((select sum(r.amount) from payments r
        where r.booking_id = ${bookingId} and r.kind = 'refund' and r.provider_payment_id = c.payment_intent_id), 0)::int as refunded
    from (
      select distinct on (p.provider_payment_id) p.id, p.provider_payment_id as payment_intent_id, p.amount,
        (extract(epoch from coalesce(p.paid_at, p.updated_at)) * 1000)::float8 as charged_at
      from payments p
      where p.booking_id = ${bookingId} and p.provider = 'stripe' and p.provider_payment_id is not null
        and ((p.kind in ('capture', 'period') and p.status = 'succeeded')
          or (p.kind in ('charge', 'authorization') and p.status = 'captured'))
      order by p.provider_payment_id, case p.kind when 'capture' then 0 when 'period' then 1 when 'charge' then 2 else 3 end
    ) c`);
  return result.rows.map((row) => ({
    id: row.id,
    paymentIntentId: row.payment_intent_id,
    amount: Number(row.amount),
    chargedAt: Number(row.charged_at),
    refunded: Number(row.refunded),
  }));
}

export interface RefundPartRow {
  id: string;
  /** The charge it gives back from. */
  chargeId: string;
  paymentIntentId: string;
  amount: number;
  serviceFee: number;
  /** The provider's Idempotency-Key for this part. */
  idempotencyKey: string;
  status: 'processing' | 'succeeded';
}

/** A refund's parts in the order they are sent; none when it was not planned yet. */
export async function partsOf(db: Executor, refundKey: string): Promise<RefundPartRow[]> {
  const rows = await db
    .select({
      id: payments.id,
      chargeId: payments.parentId,
      paymentIntentId: payments.providerPaymentId,
      amount: payments.amount,
      serviceFee: payments.serviceFee,
      idempotencyKey: payments.idempotencyKey,
      status: payments.status,
    })
    .from(payments)
    .where(and(eq(payments.kind, 'refund'), eq(payments.refundKey, refundKey)))
    .orderBy(asc(payments.sequence));
  return rows.map((row) => ({
    id: row.id,
    chargeId: row.chargeId!,
    paymentIntentId: row.paymentIntentId!,
    amount: row.amount,
    serviceFee: row.serviceFee ?? 0,
    idempotencyKey: row.idempotencyKey!,
    status: row.status === 'succeeded' ? 'succeeded' : 'processing',
  }));
}

/** A refund's planned parts, written 'processing' before the provider is asked (in the transaction that decided the refund). */
export async function insertParts(
  db: Executor,
  refund: {
    bookingId: string;
    refundKey: string;
    parts: readonly { chargeId: string; paymentIntentId: string; amount: number; serviceFee: number; idempotencyKey: string }[];
  },
) {
  if (refund.parts.length === 0) return;
  await db.insert(payments).values(
    refund.parts.map((part, index) => ({
      id: randomUUID(),
      bookingId: refund.bookingId,
      parentId: part.chargeId,
      kind: 'refund' as const,
      amount: part.amount,
      serviceFee: part.serviceFee,
      currency: stayCurrency,
      provider: 'stripe',
      providerPaymentId: part.paymentIntentId,
      idempotencyKey: part.idempotencyKey,
      refundKey: refund.refundKey,
      sequence: index,
      status: 'processing' as const,
    })),
  );
}

/**
 * The provider took a part: it succeeded, and its movement is in the ledger (refund:<part>): the
 * part's fee back from the platform, the rest from the host. Once, whoever records it first (the
 * conditional UPDATE and the ledger's unique key). True when this call recorded it.
 */
export async function recordPartRefunded(db: Executor, partId: string, memo: string | null = null): Promise<boolean> {
  const [part] = await db
    .update(payments)
    .set({ status: 'succeeded', ledgerKey: `refund:${partId}`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, partId), eq(payments.kind, 'refund'), eq(payments.status, 'processing')))
    .returning({ bookingId: payments.bookingId, amount: payments.amount, serviceFee: payments.serviceFee });
  if (!part?.bookingId) return false;
  const [stay] = await db
    .select({ hostId: properties.hostId })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, part.bookingId));
  const fee = part.serviceFee ?? 0;
  await recordLedgerTransaction(
    db,
    { key: `refund:${partId}`, kind: 'refund', bookingId: part.bookingId, hostId: stay?.hostId ?? null, memo },
    refundLines(part.amount - fee, fee),
  );
  return true;
}

/** What the charges of a booking can still give back in all (0 when everything taken was sent back, or is on its way). */
export async function refundableLeft(db: Executor, bookingId: string): Promise<number> {
  return (await refundableCharges(db, bookingId)).reduce((sum, charge) => sum + Math.max(0, charge.amount - charge.refunded), 0);
}
