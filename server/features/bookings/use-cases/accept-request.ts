import type { BookingView } from '../../../../core/contracts/bookings.ts';
import type { BookingDeps } from './booking-deps.ts';
import { changeBooking } from './change-booking.ts';

/**
 * The host accepts a request: confirmed (paid on arrival: the fee the host owes is recorded and a
 * receipt number given), then a card stay's held money is captured; if the card cannot be charged
 * the acceptance is undone and the request waits again (payment_failed). The guest is mailed.
 */
export function acceptRequest(deps: BookingDeps, hostId: string, bookingId: string): Promise<BookingView> {
  return changeBooking(deps, hostId, bookingId, 'accept');
}
