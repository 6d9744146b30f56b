import type { BookingView } from '../../../../core/contracts/bookings.ts';
import type { BookingDeps } from './booking-deps.ts';
import { changeBooking } from './change-booking.ts';

/**
 * The guest withdraws a request still waiting for the host (a "cancel" of a pending stay by its
 * guest): cancelled by the guest, its dates free, a card's hold let go, the host mailed. (A card stay
 * whose payment page lapses or cannot be opened is withdrawn the same way, by expire-requests.ts,
 * apply-payment-event.ts and pay-for-stay.ts.)
 */
export function withdrawRequest(deps: BookingDeps, guestId: string, bookingId: string): Promise<BookingView> {
  return changeBooking(deps, guestId, bookingId, 'cancel');
}
