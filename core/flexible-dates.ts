import { addDaysIso, isIsoDate } from './dates.ts';

/**
 * Flexible dates for sublets (docs/decisions/021-filters-and-party.md): "start within ± 1 week" keeps a
 * sublet when a stay of the asked length fits it starting on any day from checkIn - 7 to checkIn + 7
 * (inside its availability and free on every night), never before today.
 */
export const flexibleStartDays = 7;

/** The stay of the same length moved by `shift` days. */
export function shiftedStay(checkIn: string, checkOut: string, shift: number): { checkIn: string; checkOut: string } {
  return { checkIn: addDaysIso(checkIn, shift), checkOut: addDaysIso(checkOut, shift) };
}

/**
 * The shifts a flexible search tries, best first: the asked day, then one day either side (earlier
 * first), two days, and so on to a week. The first that fits is the start the results show; so a
 * listing free on the asked dates always shows them.
 */
export function flexibleShifts(days: number = flexibleStartDays): number[] {
  const shifts = [0];
  for (let day = 1; day <= days; day += 1) shifts.push(-day, day);
  return shifts;
}

/** The shifts whose start is not before today, best first. */
export function flexibleShiftsFrom(checkIn: string, today: string, days: number = flexibleStartDays): number[] {
  if (!isIsoDate(checkIn)) return [];
  return flexibleShifts(days).filter((shift) => addDaysIso(checkIn, shift) >= today);
}
