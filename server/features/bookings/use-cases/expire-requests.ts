import { refreshHostFiguresOfListings } from '../../../db/host-figures.ts';
import type { BookingDeps } from './booking-deps.ts';

/**
 * Requests nobody moved on in time stop (a booking job): a card stay whose guest never finished
 * paying is withdrawn by the guest (it was never a request the host could answer), any other
 * request expires and frees its dates; the hosts' figures follow in the same transaction. Safe on
 * every instance at once: each move is a conditional UPDATE, and a row moved by one run is returned
 * by that run alone, so each guest gets one "expired" mail (sent by the caller: mailExpired).
 * Returns the expired requests (not the withdrawn ones: no "expired" mail for those).
 */
export async function expireRequests(deps: Pick<BookingDeps, 'db' | 'repos'>, now: Date): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const lapsed = await deps.repos.bookings.lapseRequests(tx, undefined, now);
    await refreshHostFiguresOfListings(
      tx,
      lapsed.map((row) => row.propertyId),
      now,
    );
    return lapsed.filter((row) => row.status === 'expired').map((row) => row.id);
  });
}

/** Each guest of an expired request hears of it, in their language. */
export async function mailExpired(deps: Pick<BookingDeps, 'mail'>, expired: readonly string[]) {
  for (const id of expired) await deps.mail(id, [{ to: 'guest', event: 'expired' }]);
}
