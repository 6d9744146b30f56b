import { eq } from 'drizzle-orm';
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
import { bookings, properties } from '../../db/schema.ts';

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
  return {
    ...cancellationRefund({ policy: row.policy, quote, bookedAt, checkInAt, cancelledAt, by }),
    policy: row.policy,
    freeCancellationUntil: freeCancellationUntil(row.policy, bookedAt, checkInAt),
  };
}
