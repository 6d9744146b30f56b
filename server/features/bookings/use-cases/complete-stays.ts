import { today as israelToday } from '../../../../core/dates.ts';
import { refreshHostFiguresOfListings } from '../../../db/host-figures.ts';
import type { BookingDeps } from './booking-deps.ts';

/**
 * Confirmed stays complete once their check-out day has come on Israel's clock (a booking job), and
 * their hosts' figures follow in the same transaction; a completed stay can then be reviewed.
 * Idempotent: a second run finds nothing confirmed to move. Returns how many completed.
 */
export async function completeStays(deps: Pick<BookingDeps, 'db' | 'repos'>, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const completed = await deps.repos.bookings.completeEndedStays(tx, israelToday(now), now);
    await refreshHostFiguresOfListings(
      tx,
      completed.map((row) => row.propertyId),
      now,
    );
    return completed.length;
  });
}
