import { addDaysIso, today } from '../../../core/dates.ts';

/** Whether a booking card asks about move-in: a confirmed (or since ended) stay that began within the last 30 days. */
export function showsMoveIn(status: string, checkIn: string, now = new Date()): boolean {
  const day = today(now);
  return (status === 'confirmed' || status === 'cancelled' || status === 'completed') && checkIn <= day && checkIn >= addDaysIso(day, -30);
}
