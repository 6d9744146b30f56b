import { eq } from 'drizzle-orm';
import type { BookingStatus } from '../../../../core/constants.ts';
import type { BookingAction, BookingView } from '../../../../core/contracts/bookings.ts';
import { today as israelToday } from '../../../../core/dates.ts';
import { DomainError } from '../../../../core/domain-error.ts';
import { refreshHostFigures } from '../../../db/host-figures.ts';
import { bookings } from '../../../db/schema.ts';
import { mailsForChange } from '../booking-mail.ts';
import type { BookingRefund } from '../booking-refunds.ts';
import type { BookingDeps } from './booking-deps.ts';
import { captureOrUndo, paymentsUnavailable, planCancellationRefund, refundCancelled, releaseHold } from './card-payments.ts';

/*
 * What accept-request.ts, decline-request.ts, withdraw-request.ts and cancel-stay.ts share: who may
 * make the move, whether the booking's state allows it now, and the move itself with the host's
 * figures and the ledger in one transaction; then the card's follow-up, the count and the mail.
 */

/**
 * What a change leaves for the card provider once the booking's row has moved (the provider is
 * never called inside a database transaction): take the held money, let the hold go, or send the
 * policy's refund back.
 */
export type PaymentFollowUp = { kind: 'capture' } | { kind: 'release' } | { kind: 'refund'; refund: BookingRefund } | null;

/**
 * Moves a booking on, if `userId` may: the listing's host accepts or declines a pending request;
 * the guest or the host cancels a pending or confirmed stay before it starts. The booking's row is
 * locked while its state is checked and moved, so two answers to the same request (or two
 * cancellations) cannot both win; the host's figures and the ledger follow in its transaction.
 *
 * A card stay can be accepted only once the guest's card is held; it is confirmed here and
 * captured after (PaymentFollowUp). A confirmed card stay can be cancelled once it is captured, the
 * refund being what its policy gives back at this moment (core/cancellation-policies.ts); a host who
 * cancels refunds everything. The refund is planned over the stay's card charges in the same
 * transaction (split-refund.ts), and sent after it. Paid on arrival, confirming records the fee the
 * host owes and cancelling a confirmed stay reverses it: nothing was paid, so nothing is refunded.
 */
export async function decideAndMove(
  deps: Pick<BookingDeps, 'db' | 'repos' | 'clock'>,
  userId: string,
  bookingId: string,
  action: BookingAction,
): Promise<{ byGuest: boolean; followUp: PaymentFollowUp }> {
  const { db, repos } = deps;
  const now = deps.clock();
  const row = await repos.bookings.bookingRow(db, bookingId);
  const isGuest = row?.guestId === userId;
  const isHost = row?.hostId === userId;
  // Anyone else learns nothing, not even that the booking exists.
  if (!row || (!isGuest && !isHost)) throw new DomainError('booking_not_found', 'No such booking');
  if ((action === 'accept' || action === 'decline') && !isHost)
    throw new DomainError('host_only', 'Only the host can answer a booking request');
  const todayInIsrael = israelToday(now);
  const card = row.paymentMethod === 'card';
  const moved = await db.transaction(async (tx) => {
    const current = await repos.bookings.lockBookingState(tx, bookingId);
    if (!current) return null;
    const open = current.expiresAt === null || current.expiresAt > now;
    const before = current.checkIn > todayInIsrael;
    if (action === 'accept' && current.status === 'pending' && open && card && current.paymentStatus !== 'authorized') {
      throw new DomainError('payment_not_completed', 'The guest has not finished paying for this request yet');
    }
    const allowed =
      action === 'cancel'
        ? before && (current.status === 'pending' || (current.status === 'confirmed' && (!card || current.paymentStatus === 'captured')))
        : current.status === 'pending' && open;
    if (!allowed) return null;

    const to: BookingStatus = action === 'accept' ? 'confirmed' : action === 'decline' ? 'declined' : 'cancelled';
    let followUp: PaymentFollowUp = null;
    let refunded = 0;
    if (card && current.status === 'pending' && action !== 'accept') followUp = { kind: 'release' };
    if (card && action === 'accept') followUp = { kind: 'capture' };
    if (card && action === 'cancel' && current.status === 'confirmed') {
      const refund = await repos.refunds.refundOfBooking(tx, bookingId, now, isHost ? 'host' : 'guest');
      refunded = refund?.refund ?? 0;
      if (refund && refund.refund > 0) followUp = { kind: 'refund', refund };
    }
    const changed = await repos.bookings.writeBookingMove(tx, {
      bookingId,
      status: to,
      // Paid on arrival, a stay that will not happen owes nothing.
      paymentStatus: !card && to !== 'confirmed' ? 'cancelled' : undefined,
      cancelledBy: action === 'cancel' ? userId : null,
      refunded,
      // A confirmed stay gets the next receipt number (a card stay once its payment is captured).
      newReceipt: !card && to === 'confirmed',
      now,
    });
    if (!changed) return null;
    // The refund is split over the stay's card charges now, under this row lock (decision 061): sent after the transaction.
    if (followUp?.kind === 'refund') await planCancellationRefund(tx, deps, bookingId, followUp.refund);
    // A long stay paid directly owes its fee period by period (recordPeriodReceived), not at once.
    const long = await repos.periods.hasPeriods(tx, bookingId);
    if (!card && to === 'confirmed' && !long) await repos.bookings.recordOnArrivalFee(tx, bookingId, row.hostId, row.serviceFee);
    // A stay that will not happen (or no longer) is not charged any more.
    if (long && to !== 'confirmed') await repos.periods.cancelUnpaidPeriods(tx, bookingId);
    if (!card && current.status === 'confirmed' && to === 'cancelled') await repos.bookings.reverseOnArrivalFee(tx, bookingId, row.hostId);
    // Every move counts for the host: an answer, a stay withdrawn by its guest, a host cancellation.
    await refreshHostFigures(tx, [row.hostId], now);
    return { followUp };
  });
  if (!moved)
    throw new DomainError('booking_state_changed', `This booking can no longer be ${action === 'cancel' ? 'cancelled' : 'answered'}`);
  return { byGuest: isGuest, followUp: moved.followUp };
}

/**
 * After a change: accepting captures (and fails the request, undoing the acceptance, when the card
 * cannot be charged); a release or a refund that fails is logged and finished by the jobs, never a
 * reason to undo a cancellation the guest or host asked for.
 */
export async function followUpPayment(deps: BookingDeps, bookingId: string, followUp: PaymentFollowUp) {
  if (!followUp) return;
  if (deps.provider.method !== 'card') {
    if (followUp.kind === 'capture') {
      await deps.repos.payments.undoAcceptance(deps.db, bookingId);
      throw paymentsUnavailable(deps, bookingId);
    }
    deps.log.error({ bookingId, followUp: followUp.kind }, 'a card booking needs Stripe, which is not configured: left for the jobs');
    return;
  }
  if (followUp.kind === 'capture') return captureOrUndo(deps, bookingId);
  try {
    if (followUp.kind === 'release') await releaseHold(deps, bookingId);
    else await refundCancelled(deps, bookingId);
  } catch (error) {
    deps.log.error({ err: error, bookingId, followUp: followUp.kind }, 'card payment left for the booking jobs');
  }
}

const outcomes: Record<BookingAction, string> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' };

/** A move through to its end: the row, the card, the count, the mail; the booking as its actor now sees it. */
export async function changeBooking(deps: BookingDeps, userId: string, bookingId: string, action: BookingAction): Promise<BookingView> {
  const { byGuest, followUp } = await decideAndMove(deps, userId, bookingId, action);
  // Accepting charges the held card (undone, payment_failed, if it cannot be); a release or a refund follows.
  await followUpPayment(deps, bookingId, followUp);
  deps.countOutcome(outcomes[action]);
  await deps.mail(bookingId, mailsForChange(action, byGuest));
  return deps.repos.bookings.bookingFor(deps.db, userId, bookingId);
}

/** Who a booking is for, to choose the move a "cancel" is: the guest's pending request is withdrawn. */
export async function bookingSide(deps: Pick<BookingDeps, 'db' | 'repos'>, userId: string, bookingId: string) {
  const row = await deps.repos.views.findBooking(deps.db, eq(bookings.id, bookingId));
  return { isGuest: row?.guestId === userId, pending: row?.status === 'pending' };
}
