import { sql, type SQL } from 'drizzle-orm';
import { blockingBookingStatuses } from '../../core/constants.ts';

/**
 * Whether a listing is free for some nights, in SQL: the one definition used by search, the held
 * dates of the property page, the host's calendar and the booking insert (core/availability.ts says
 * the same in TypeScript). Nights are [checkIn, checkOut), so a stay may start on another's check-out
 * day. A pending request holds its dates until the host answers or it expires; a confirmed stay
 * holds them; a host's block closes every room.
 *
 * Search writes its statement by hand (docs/decisions/005-search-queries.md) while the other callers
 * use Drizzle, so each fragment is written once against a writer: `drizzleWriter` binds the parts
 * as Drizzle SQL, `textWriter` pastes them as text (the caller has bound the values as $n already).
 */
export interface SqlWriter<T> {
  (strings: TemplateStringsArray, ...parts: T[]): T;
  /** SQL text written here, never a value from a request. */
  raw(text: string): T;
}

export const drizzleWriter: SqlWriter<SQL> = Object.assign((strings: TemplateStringsArray, ...parts: SQL[]) => sql(strings, ...parts), {
  raw: (text: string) => sql.raw(text),
});

export const textWriter: SqlWriter<string> = Object.assign(
  (strings: TemplateStringsArray, ...parts: string[]) => strings.reduce((text, piece, i) => text + parts[i - 1]! + piece),
  { raw: (text: string) => text },
);

/** Nights [from, to) of a listing; no `to` means from `from` on. Parts are SQL expressions. */
export interface NightsOf<T> {
  listing: T;
  from: T;
  to?: T;
}

const statuses = blockingBookingStatuses.map((status) => `'${status}'`).join(', ');

/** The booking row called `alias` holds some of the nights: pending (and not yet expired) or confirmed. */
export function stayHolds<T>(w: SqlWriter<T>, alias: string, { listing, from, to }: NightsOf<T>): T {
  const b = w.raw(alias);
  const condition = w`${b}.property_id = ${listing} and ${b}.status in (${w.raw(statuses)})
    and (${b}.status <> 'pending' or ${b}.expires_at is null or ${b}.expires_at > now()) and ${b}.check_out > ${from}`;
  return to === undefined ? condition : w`${condition} and ${b}.check_in < ${to}`;
}

/** The listing_blocks row called `alias` closes some of the nights. */
export function blockCloses<T>(w: SqlWriter<T>, alias: string, { listing, from, to }: NightsOf<T>): T {
  const k = w.raw(alias);
  const condition = w`${k}.property_id = ${listing} and ${k}.end_date > ${from}`;
  return to === undefined ? condition : w`${condition} and ${k}.start_date < ${to}`;
}

export interface StayAt<T> {
  listing: T;
  /** Rooms of the listing: a hotel's room count, 1 for a home (booked whole). */
  capacity: T;
  checkIn: T;
  checkOut: T;
  rooms: T;
}

/**
 * A condition: `rooms` more rooms are free on every night of [checkIn, checkOut). No block may touch
 * the stay, and either all overlapping stays together leave room (the cheap, usual answer), or no
 * night is full. The fullest night of the stay is its first night or a night on which some
 * overlapping stay starts, so only those nights are counted.
 */
export function stayIsFree<T>(w: SqlWriter<T>, { listing, capacity, checkIn, checkOut, rooms }: StayAt<T>): T {
  const stay = { listing, from: checkIn, to: checkOut };
  const night = w`greatest(held_stay.check_in, ${checkIn})`;
  const takenOn = w`(select coalesce(sum(held_on.rooms), 0) from bookings held_on where ${stayHolds(w, 'held_on', { listing, from: night, to: w`${night} + 1` })})`;
  return w`(not exists (select 1 from listing_blocks held_block where ${blockCloses(w, 'held_block', stay)})
    and (${rooms} + (select coalesce(sum(held_stay.rooms), 0) from bookings held_stay where ${stayHolds(w, 'held_stay', stay)}) <= ${capacity}
      or not exists (select 1 from bookings held_stay where ${stayHolds(w, 'held_stay', stay)} and ${rooms} + ${takenOn} > ${capacity})))`;
}

/**
 * The same condition as stayIsFree, as search asks it of many listings at once: through the nights
 * table (listing_nights, kept by triggers: drizzle/0018_listing_nights_kept.sql) rather than by
 * adding up each listing's bookings, so each listing costs one short index range whatever its
 * history. A night is full when a block closes it, or when stays hold some of its rooms and `rooms`
 * more would not fit: a night nothing holds never is, as in stayIsFree.
 *
 * The table counts only lasting stays: confirmed ones and pending ones without an expiry. A pending
 * request with expires_at holds its nights until that time and then stops, with no write to update
 * a table, so those few are looked up in the bookings: when one still holds a night of the stay, the
 * answer is stayIsFree's own. The nights table alone is then still a necessary condition (it counts
 * fewer rooms, never more); without such a request it counts exactly what stayIsFree counts.
 */
export function stayIsFreeByNights<T>(w: SqlWriter<T>, at: StayAt<T>): T {
  const { listing, capacity, checkIn, checkOut, rooms } = at;
  return w`(not exists (select 1 from listing_nights held_night where held_night.property_id = ${listing}
      and held_night.night >= ${checkIn} and held_night.night < ${checkOut}
      and (held_night.blocks > 0 or (held_night.rooms_held > 0 and held_night.rooms_held + ${rooms} > ${capacity})))
    and (not exists (select 1 from bookings timed where timed.property_id = ${listing} and timed.status = 'pending'
        and timed.expires_at is not null and timed.expires_at > now() and timed.check_in < ${checkOut} and timed.check_out > ${checkIn})
      or ${stayIsFree(w, at)}))`;
}
