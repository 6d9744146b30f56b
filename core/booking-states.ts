import { bookingStatuses, type BookingStatus } from './constants.ts';

/**
 * A booking's states as data (docs/decisions/043-states-as-data.md). A booking starts `pending` (a
 * request, or a card stay waiting for its payment) or `confirmed` (booked instantly, paid on
 * arrival); every later move of its status is one of these, and the server's conditional UPDATE
 * (server/db/state-moves-sql.ts) refuses any other, so a race loses instead of overwriting:
 *
 * - pending → confirmed: the host accepts, or a stay booked instantly is confirmed once its card is held;
 * - pending → declined: the host declines, or the host is suspended;
 * - pending → expired: nobody answered in time;
 * - pending → cancelled: the guest withdraws (or never finishes paying), or the host cancels;
 * - confirmed → cancelled: the guest or the host cancels before the stay starts;
 * - confirmed → completed: its check-out day has come;
 * - confirmed → pending: the guest's card could not be charged, so the request waits for the host again.
 *
 * declined, expired, cancelled and completed are final.
 */
export const bookingTransitions: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'declined', 'expired', 'cancelled'],
  confirmed: ['cancelled', 'completed', 'pending'],
  declined: [],
  expired: [],
  cancelled: [],
  completed: [],
};

/** The states a booking is created in. */
export const bookingStartStates: readonly BookingStatus[] = ['pending', 'confirmed'];

/** Whether a booking's status may move from one state to another (see bookingTransitions). */
export const canMoveBooking = (from: BookingStatus, to: BookingStatus) => bookingTransitions[from].includes(to);

/** Every state a booking's status may move to `to` from: what a conditional UPDATE to `to` expects. */
export const bookingStatesBefore = (to: BookingStatus): BookingStatus[] => bookingStatuses.filter((from) => canMoveBooking(from, to));
