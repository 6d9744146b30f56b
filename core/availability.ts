import { addDaysIso, dateHorizon } from './dates.ts';
/**
 * Whether a listing is free for some nights, the one rule shared by the property page's calendar and
 * the server (which asks the same question in SQL: server/db/availability-sql.ts). A night d belongs
 * to a range [checkIn, checkOut) when checkIn <= d < checkOut, so a stay may start on the day
 * another ends.
 *
 * A listing has `capacity` rooms: a hotel its room count, a home 1 (it is booked whole). Pending and
 * confirmed stays take their rooms on each of their nights; a host's block takes every room.
 */

/** Nights [checkIn, checkOut), yyyy-MM-dd. */
export interface NightRange {
  checkIn: string;
  checkOut: string;
}

/** A pending or confirmed stay and the rooms it takes (1 at a home). */
export interface HoldingStay extends NightRange {
  rooms: number;
}

/** What holds a listing's nights. */
export interface Holdings {
  capacity: number;
  stays: HoldingStay[];
  blocks: NightRange[];
}

const nextDay = (day: string) => addDaysIso(day, 1);

/**
 * The nights from `from` on on which `rooms` more rooms cannot be had, as ranges of consecutive
 * nights in date order: every blocked night, and every night whose stays leave fewer than `rooms`.
 * Only the nights up to the date horizon's length after `from` are looked at (core/dates.ts
 * dateHorizon): nothing further can be booked, and a block stored up to year 9999 would otherwise
 * cost millions of steps.
 */
export function heldRanges(holdings: Holdings, rooms: number, from: string): NightRange[] {
  const until = addDaysIso(from, dateHorizon.daysBack + dateHorizon.daysAhead);
  const taken = new Map<string, number>();
  const take = (range: NightRange, count: number) => {
    const end = range.checkOut < until ? range.checkOut : until;
    for (let night = range.checkIn < from ? from : range.checkIn; night < end; night = nextDay(night)) {
      taken.set(night, (taken.get(night) ?? 0) + count);
    }
  };
  for (const stay of holdings.stays) take(stay, stay.rooms);
  for (const block of holdings.blocks) take(block, Number.POSITIVE_INFINITY);
  const full = [...taken]
    .filter(([, count]) => count + rooms > holdings.capacity)
    .map(([night]) => night)
    .sort();
  const ranges: NightRange[] = [];
  for (const night of full) {
    const last = ranges.at(-1);
    if (last && last.checkOut === night) last.checkOut = nextDay(night);
    else ranges.push({ checkIn: night, checkOut: nextDay(night) });
  }
  return ranges;
}

/** Whether night `day` falls in one of the held ranges. */
export function isNightHeld(day: string, held: readonly NightRange[]): boolean {
  return held.some((range) => range.checkIn <= day && day < range.checkOut);
}

/** Whether no night of the stay [checkIn, checkOut) falls in a held range. */
export function stayIsFree(held: readonly NightRange[], stay: NightRange): boolean {
  return !held.some((range) => range.checkIn < stay.checkOut && range.checkOut > stay.checkIn);
}

/** Whether a stay of `rooms` rooms fits on every one of its nights. */
export function isStayAvailable(holdings: Holdings, stay: NightRange & { rooms: number }): boolean {
  return stayIsFree(heldRanges(holdings, stay.rooms, stay.checkIn), stay);
}
