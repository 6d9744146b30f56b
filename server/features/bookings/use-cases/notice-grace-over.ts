import { today as israelToday } from '../../../../core/dates.ts';
import { defaultGraceDays } from '../../../../core/payment-states.ts';
import { notify } from '../../../notices/notify.ts';
import { periodsPastGraceUntold } from '../period-rows-repository.ts';
import type { BookingDeps } from './booking-deps.ts';

/**
 * Tells each host in the app, once, that a period of their guest's stay is still unpaid when its
 * grace days are over (decision 054: they may now end the stay; decision 063). Any number of
 * instances may run it at once: the notice's key ('grace:<period>') is unique per member, so a second
 * writer's insert does nothing. Returns the periods told about by this run.
 */
export async function noticeGraceOver(deps: Pick<BookingDeps, 'db' | 'clock'>, graceDays = defaultGraceDays): Promise<string[]> {
  const late = await periodsPastGraceUntold(deps.db, israelToday(deps.clock()), graceDays);
  const told: string[] = [];
  for (const period of late) {
    const { id, bookingId, hostId, amount, dueOn, periodStart, periodEnd } = period;
    const written = await notify(deps.db, {
      userId: hostId,
      kind: 'period_grace_over',
      bookingId,
      link: '/host/bookings',
      key: `grace:${id}`,
      params: { periodId: id, amount, dueOn, periodStart, periodEnd },
    });
    if (written) told.push(id);
  }
  return told;
}
