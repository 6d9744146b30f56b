import { today as israelToday } from '../../../../core/dates.ts';
import { notify } from '../../../notices/notify.ts';
import { readSetting } from '../../../settings/platform-settings.ts';
import { periodsPastGraceUntold } from '../period-rows-repository.ts';
import type { BookingDeps } from './booking-deps.ts';

/**
 * Tells each host in the app, once, that a period of their guest's stay is still unpaid when its
 * grace days are over (decision 054: they may now end the stay; decision 063). Any number of
 * instances may run it at once: the notice's key ('grace:<period>') is unique per member, so a second
 * writer's insert does nothing. The grace days are the platform's setting as it is today, as for
 * the host's right to end the stay (decision 060). Returns the periods told about by this run.
 */
export async function noticeGraceOver(deps: Pick<BookingDeps, 'db' | 'clock'>): Promise<string[]> {
  const graceDays = await readSetting(deps.db, 'longStayGraceDays');
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
