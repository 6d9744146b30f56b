import type { BookingDeps } from './booking-deps.ts';
import { captureHeld, refundCancelled, releaseHold } from './card-payments.ts';

/**
 * The booking jobs finish card payments left half done (a crash or an unreachable provider between
 * our database and the provider): holds of stays that ended are released, captures of confirmed
 * stays and refunds of cancelled ones are done. Each provider call is idempotent per payment.
 * Returns how many were finished now.
 */
export async function settleCardPayments(deps: BookingDeps, now = deps.clock()): Promise<number> {
  if (deps.provider.method !== 'card') return 0;
  let done = 0;
  for (const { id, action } of await deps.repos.payments.unsettledCardPayments(deps.db, now)) {
    try {
      if (action === 'capture') await captureHeld(deps, id);
      else if (action === 'release') await releaseHold(deps, id);
      else await refundCancelled(deps, id);
      done += 1;
    } catch (error) {
      deps.log.warn({ err: error, bookingId: id, action }, 'card payment still unsettled');
    }
  }
  return done;
}
