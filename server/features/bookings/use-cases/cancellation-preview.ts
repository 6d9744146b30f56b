import { eq } from 'drizzle-orm';
import type { CancellationPreview } from '../../../../core/contracts/money.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { paymentWasTaken } from '../../../../core/payment-states.ts';
import { bookings } from '../../../db/schema.ts';
import type { BookingDeps } from './booking-deps.ts';

/**
 * What cancelling now would give back under the stay's policy, for its guest or host to see before
 * confirming (cancel-stay.ts does it): a host refunds everything; only a payment taken is refunded.
 * Anyone but the guest and the host learns nothing, not even that the booking exists.
 */
export async function cancellationPreview(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'clock'>,
  userId: string,
  bookingId: string,
): Promise<CancellationPreview> {
  const { db, repos } = deps;
  const row = await repos.views.findBooking(db, eq(bookings.id, bookingId));
  if (!row || (row.guestId !== userId && row.hostId !== userId)) throw new DomainError('booking_not_found', 'No such booking');
  const by = row.guestId === userId ? 'guest' : 'host';
  const refund = (await repos.refunds.refundOfBooking(db, row.id, deps.clock(), by))!;
  const paid = paymentWasTaken(row.paymentStatus) ? row.total : 0;
  return {
    policy: refund.policy,
    by,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paid,
    tier: refund.tier,
    refund: refund.refund,
    kept: refund.kept,
    freeCancellationUntil: refund.freeCancellationUntil?.toISOString() ?? null,
  };
}
