import { and, eq, sql } from 'drizzle-orm';
import { refundOfPaidPart } from '../../../core/payment-schedule.ts';
import { daysBetween } from '../../../core/dates.ts';
import {
  cancellationRefund,
  freeCancellationUntil,
  type CancellationPolicy,
  type CancellationRefund,
  type RefundQuote,
} from '../../../core/cancellation-policies.ts';
import { israelInstant } from '../../../core/dates.ts';
import type { Database } from '../../db/database.ts';
import { bookings, payments, properties } from '../../db/schema.ts';

export interface BookingRefund extends CancellationRefund {
  policy: CancellationPolicy;
  /** The last instant a guest could cancel with everything back; null when the policy has none. */
  freeCancellationUntil: Date | null;
}

/**
 * What cancelling a booking at `cancelledAt` gives back under its policy (core/cancellation-policies.ts):
 * booked at its creation, checking in on its first day at the listing's check-in time on Israel's
 * clock. The booking's stored quote prices it; stays booked before quotes were stored use their
 * subtotal, fee and total (no cleaning fee was charged then). Undefined for no such booking.
 */
export async function refundOfBooking(
  db: Pick<Database, 'select'>,
  bookingId: string,
  cancelledAt: Date,
  by: 'guest' | 'host',
): Promise<BookingRefund | undefined> {
  const [row] = await db
    .select({
      policy: bookings.cancellationPolicy,
      quote: bookings.quote,
      subtotal: bookings.subtotal,
      serviceFee: bookings.serviceFee,
      total: bookings.total,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      createdAt: bookings.createdAt,
      checkInTime: properties.checkInTime,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const quote: RefundQuote = row.quote ?? {
    nights: daysBetween(row.checkIn, row.checkOut),
    subtotal: row.subtotal,
    cleaningFee: 0,
    serviceFee: row.serviceFee,
    total: row.total,
  };
  const bookedAt = new Date(row.createdAt);
  const checkInAt = israelInstant(row.checkIn, row.checkInTime);
  const byPolicy = cancellationRefund({ policy: row.policy, quote, bookedAt, checkInAt, cancelledAt, by });
  // A long card stay paid period by period gives back only what was paid beyond what the policy keeps (decision 054).
  const [paid] = await db
    .select({
      periods: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
      fee: sql<number>`coalesce(sum(${payments.serviceFee}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'period'), eq(payments.provider, 'stripe')));
  const part = paid && paid.periods > 0 ? refundOfPaidPart(byPolicy, { total: row.total, paid: paid.amount, paidFee: paid.fee }) : null;
  return {
    ...byPolicy,
    ...(part ?? {}),
    policy: row.policy,
    freeCancellationUntil: freeCancellationUntil(row.policy, bookedAt, checkInAt),
  };
}
