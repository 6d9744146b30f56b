import type { BookingView } from '../../../../core/contracts/bookings.ts';
import type { BookingDeps } from './booking-deps.ts';
import { bookingSide, changeBooking } from './change-booking.ts';
import { withdrawRequest } from './withdraw-request.ts';

/**
 * The guest or the host cancels before the stay starts (POST /api/bookings/:id/cancel). A guest's
 * request still pending is withdrawn (withdraw-request.ts); otherwise the stay is cancelled: a card
 * stay refunds what its policy gives back now (everything when the host cancels), a stay paid on
 * arrival has the host's fee reversed. The other side is mailed.
 */
export async function cancelStay(deps: BookingDeps, userId: string, bookingId: string): Promise<BookingView> {
  const side = await bookingSide(deps, userId, bookingId);
  if (side.isGuest && side.pending) return withdrawRequest(deps, userId, bookingId);
  return changeBooking(deps, userId, bookingId, 'cancel');
}
