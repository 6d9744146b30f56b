import type { BookingView } from '../../../../core/contracts/bookings.ts';
import type { BookingDeps } from './booking-deps.ts';
import { changeBooking } from './change-booking.ts';

/** The host declines a request: its dates are free again, a card's hold is let go, the guest is mailed. */
export function declineRequest(deps: BookingDeps, hostId: string, bookingId: string): Promise<BookingView> {
  return changeBooking(deps, hostId, bookingId, 'decline');
}
