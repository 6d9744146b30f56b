import { cardAmenityChips, hotelAmenities, homeAmenities } from '../../../core/constants.ts';
import { isIsoDate } from '../../../core/dates.ts';
import { formatChildAges, parseChildAges } from '../../../core/party.ts';
import { leaseOptionValues } from '../../../core/constants.ts';

/** Pure helpers of the listing card (no React), unit-tested in listing-card-model.test.ts. */

/** The picture of a listing without photos (or whose photo failed to load), wherever listings show. */
export const listingFallbackImage = '/listing-fallback.svg';

export type AmenityKey = (typeof hotelAmenities)[number] | (typeof homeAmenities)[number];
const amenitySet = new Set<string>([...hotelAmenities, ...homeAmenities]);

export function isAmenityKey(key: string): key is AmenityKey {
  return amenitySet.has(key);
}

/**
 * The first amenities a card shows (known keys only) and how many more the listing has. A card that
 * carries the pet-friendly badge does not repeat it as an amenity chip.
 */
export function amenityChips(
  amenities: readonly string[],
  { petFriendlyBadge = false, shown = cardAmenityChips }: { petFriendlyBadge?: boolean; shown?: number } = {},
): { chips: AmenityKey[]; more: number } {
  const known = amenities.filter((key): key is AmenityKey => isAmenityKey(key) && !(petFriendlyBadge && key === 'pet_friendly'));
  return { chips: known.slice(0, shown), more: Math.max(0, known.length - shown) };
}

export type LeaseOption = (typeof leaseOptionValues)[number];
export const leaseOptionKeys = {
  '1 week': 'oneWeek',
  '2 weeks': 'twoWeeks',
  '1 month': 'oneMonth',
  '3 months': 'threeMonths',
  '6 months': 'sixMonths',
} as const satisfies Record<LeaseOption, string>;

export function isLeaseOption(value: string): value is LeaseOption {
  return (leaseOptionValues as readonly string[]).includes(value);
}

/** The stay dates of the current search, when both are valid and in order. */
export function stayDatesOf(params: URLSearchParams): { checkIn: string; checkOut: string } | null {
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || checkOut <= checkIn) return null;
  return { checkIn, checkOut };
}

export interface Party {
  rooms?: number;
  guests?: number;
  /** Each child's age (core/party.ts), carried to the property page and the booking. */
  children?: number[];
}

/** The rooms and guests of the current (hotel) search, each when it is a sensible whole number. */
export function partyOf(params: URLSearchParams): Party {
  const count = (name: string) => {
    const value = params.get(name) ?? '';
    return /^\d{1,3}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;
  };
  const party: Party = {};
  const rooms = count('rooms');
  const guests = count('guests');
  if (rooms !== undefined) party.rooms = rooms;
  if (guests !== undefined) party.guests = guests;
  const children = parseChildAges(params.getAll('children'));
  if (guests !== undefined && children?.length && children.length < guests) party.children = children;
  return party;
}

/**
 * The property page of a listing (a bare app path, localized by the link), carrying what the
 * guest chose: the stay dates and party of the current search and, for rentals, the lease length.
 */
export function propertyHref(
  id: number,
  choice: { dates?: { checkIn: string; checkOut: string } | null; party?: Party; lease?: string } = {},
): string {
  const query = new URLSearchParams();
  if (choice.dates) {
    query.set('checkIn', choice.dates.checkIn);
    query.set('checkOut', choice.dates.checkOut);
  }
  if (choice.party?.rooms) query.set('rooms', String(choice.party.rooms));
  if (choice.party?.guests) query.set('guests', String(choice.party.guests));
  if (choice.party?.guests && choice.party.children?.length) query.set('children', formatChildAges(choice.party.children));
  if (choice.lease) query.set('lease', choice.lease);
  const search = query.toString();
  return `/property/${id}${search ? `?${search}` : ''}`;
}
