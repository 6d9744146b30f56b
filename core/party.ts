import { roomsPicker } from './constants.ts';

/**
 * Who travels: the party of a search, a property page and a booking (docs/decisions/021-filters-and-party.md).
 *
 * `guests` is everyone in the party, adults and children, as the rooms picker has always counted it;
 * `children` lists each child's age (0-17), so adults are `guests - children.length`.
 *
 * The rule: a child under two is an infant who sleeps in a cot or a parent's bed and takes no place,
 * so infants do not count toward a listing's capacity (its maxGuests, per room for hotels); every
 * other child counts as a guest. No price is per guest today: the price follows nights and rooms, so
 * the ages change what fits, never what it costs.
 */
export const infantUnderAge = 2;

/** The most children one party may bring: every room of the picker full of children. */
export const maxPartyChildren = roomsPicker.maxRooms * roomsPicker.maxChildren;

/** The most people one party may be. */
export const maxPartyGuests = roomsPicker.maxRooms * (roomsPicker.maxAdults + roomsPicker.maxChildren);

export function isInfant(age: number): boolean {
  return age < infantUnderAge;
}

/** The people of a party who take a place: everyone but the infants. */
export function countedGuests(guests: number, childAges: readonly number[]): number {
  return Math.max(0, guests - childAges.filter(isInfant).length);
}

/**
 * Children's ages from a URL value ('4,9' or repeated): whole numbers 0-17, at most maxPartyChildren,
 * in the order given; anything else makes the list invalid (null), so a strict reader can refuse it.
 */
export function parseChildAges(values: readonly string[]): number[] | null {
  const parts = values
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length > maxPartyChildren) return null;
  const ages: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,2}$/.test(part)) return null;
    const age = Number(part);
    if (age < roomsPicker.minChildAge || age > roomsPicker.maxChildAge) return null;
    ages.push(age);
  }
  return ages;
}

/** The URL value of children's ages: '4,9', '' for none. */
export function formatChildAges(ages: readonly number[]): string {
  return ages.join(',');
}

/**
 * A party read leniently (a shared link): guests at least one more than the children (a party has an
 * adult) and within the limits; ages kept only when valid.
 */
export function normalizedParty(
  guests: number | undefined,
  childAges: readonly number[] | null | undefined,
): { guests?: number; children: number[] } {
  const children = (childAges ?? []).slice(0, maxPartyChildren);
  if (guests === undefined) return children.length ? { guests: children.length + 1, children } : { children };
  return { guests: Math.min(maxPartyGuests, Math.max(guests, children.length + 1)), children };
}

/** Whether a party fits a listing: counted guests within its capacity (per room for hotels, times the rooms). */
export function partyFits(
  listing: { propertyType: 'hotel' | 'sublet' | 'rental'; maxGuests: number },
  party: { guests: number; children?: readonly number[]; rooms?: number },
): boolean {
  const limit = listing.maxGuests * (listing.propertyType === 'hotel' ? (party.rooms ?? 1) : 1);
  return countedGuests(party.guests, party.children ?? []) <= limit;
}

/**
 * The fewest places per room a hotel needs for a party spread over `rooms` rooms: a search keeps a hotel
 * when its maxGuests (per room) is at least this, i.e. maxGuests * rooms >= counted guests.
 */
export function placesPerRoom(counted: number, rooms: number): number {
  return Math.ceil(counted / Math.max(1, rooms));
}
