import { isNightHeld, stayIsFree } from '../../../core/availability.ts';
import { leaseOptionDays, stayProblems, type ShabbatCheck, type StayProblem } from '../../../core/booking-rules.ts';
import { daysBetween } from '../../../core/dates.ts';
import { quoteProblem, quoteStay, type StayQuote } from '../../../core/quote.ts';
import { hotelAmenities, homeAmenities, roomsPicker, type PropertyType } from '../../../core/constants.ts';
import type { HeldDates, ListingDetail } from '../../../core/contracts/listings.ts';
import { stripLanguagePrefix } from '../../../core/languages.ts';
import { addDaysIso, isIsoDate, isWithinHorizon } from '../../../core/dates.ts';
import { formatChildAges, isInfant, maxPartyChildren, maxPartyGuests, parseChildAges } from '../../../core/party.ts';
import { withSchedule } from '../../../core/payment-schedule.ts';

/** Pure helpers of the property page (no React), unit-tested in property-model.test.ts. */

/** The listing id of /property/:id; 1 when missing, null when it is not a positive whole number. */
export function listingIdOf(param: string | undefined): number | null {
  if (param === undefined || param === '') return 1;
  if (!/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Where a visitor goes to sign in from this page (a bare path, localized by the caller): /auth with
 * the page, its query included (the chosen dates), to come back to.
 */
export function signInPathFrom(location: { pathname: string; search: string }): string {
  return `/auth?next=${encodeURIComponent(stripLanguagePrefix(location.pathname) + location.search)}`;
}

type Held = HeldDates['held'];

export interface NightWindow {
  availableFrom: string | null;
  availableUntil: string | null;
  held: Held;
}

/** A night d cannot be booked when it is outside availableFrom..availableUntil or held (checkIn <= d < checkOut). */
export function isNightBlocked(day: string, window: NightWindow): boolean {
  if (window.availableFrom && day < window.availableFrom) return true;
  if (window.availableUntil && day >= window.availableUntil) return true;
  return isNightHeld(day, window.held);
}

/** The first night from `from` on that cannot be booked, null when none (an open-ended availability). */
export function firstBlockedNight(from: string, window: NightWindow): string | null {
  if (isNightBlocked(from, window)) return from;
  let first: string | null = window.availableUntil && window.availableUntil > from ? window.availableUntil : null;
  for (const range of window.held) {
    if (range.checkOut > from && range.checkIn > from && (first === null || range.checkIn < first)) first = range.checkIn;
  }
  return first;
}

export interface CalendarState extends NightWindow {
  today: string;
  checkIn: string;
  checkOut: string;
}

/**
 * Whether the calendar disables a day: past days and blocked nights. While the guest picks the end
 * of a stay, the first blocked night after its start stays enabled: a stay may end on the day another
 * begins (or on the last available day).
 */
export function isDayDisabled(day: string, state: CalendarState): boolean {
  if (day < state.today) return true;
  if (!isNightBlocked(day, state)) return false;
  if (state.checkIn && !state.checkOut && day > state.checkIn) {
    return firstBlockedNight(state.checkIn, state) !== day;
  }
  return true;
}

/** Whether any night of [checkIn, checkOut) is held or outside the availability. */
export function stayIsBlocked(checkIn: string, checkOut: string, window: NightWindow): boolean {
  const first = firstBlockedNight(checkIn, window);
  return first !== null && first < checkOut;
}

/** The end of a lease of the given length from a start date, '' when either is missing or unknown. */
export function leaseEndDate(checkIn: string, leaseOption: string): string {
  const days = leaseOptionDays[leaseOption];
  if (!isIsoDate(checkIn) || !days) return '';
  return addDaysIso(checkIn, days);
}

/** The stay preselected from the URL (?checkIn&checkOut&lease), the lease only when the listing offers it. */
export function initialStay(params: URLSearchParams, leaseOptions: readonly string[], now: Date = new Date()) {
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  const lease = params.get('lease') ?? '';
  // Only days the API takes (the date horizon, core/dates.ts): an old link's past stay is left out.
  const validIn = isWithinHorizon(checkIn, now) ? checkIn : '';
  const validOut = validIn && isWithinHorizon(checkOut, now) && checkOut > validIn ? checkOut : '';
  const leaseOption = leaseOptions.includes(lease) ? lease : '';
  return {
    checkIn: validIn,
    checkOut: validOut || (validIn && leaseOption ? leaseEndDate(validIn, leaseOption) : ''),
    leaseOption,
  };
}

type PartyListing = Pick<ListingDetail, 'type' | 'maxGuests' | 'roomCount'>;

/**
 * How many rooms and guests the panel offers. A hotel's maxGuests is per room (2 to 4 in a room),
 * so its guests grow with the rooms; rooms stop at the hotel's room count and at what one booking
 * may ask for. Homes take one party of up to maxGuests.
 */
export function partyLimits(listing: PartyListing, rooms: number): { maxRooms: number; maxGuests: number } {
  const maxBookableGuests = roomsPicker.maxRooms * (roomsPicker.maxAdults + roomsPicker.maxChildren);
  const perParty = Math.max(1, listing.maxGuests);
  if (listing.type !== 'hotel') return { maxRooms: 1, maxGuests: Math.min(perParty, maxBookableGuests) };
  const maxRooms = Math.min(Math.max(1, listing.roomCount ?? 1), roomsPicker.maxRooms);
  const roomsTaken = Math.min(Math.max(1, rooms), maxRooms);
  return { maxRooms, maxGuests: Math.min(perParty * roomsTaken, maxBookableGuests) };
}

/** A booking's party: rooms, everyone (guests) and, for hotels, the ages of the children among them (core/party.ts). */
export interface PartyChoice {
  rooms: number;
  guests: number;
  children: number[];
}

/**
 * Rooms, guests and children brought within the listing's limits (fewer rooms may leave room for fewer
 * guests). Infants under two take no place, so each adds one to the guests allowed; the party keeps an
 * adult. Children are a hotel choice: a home takes its guests as one count.
 */
export function clampParty(listing: PartyListing, party: { rooms: number; guests: number; children?: readonly number[] }): PartyChoice {
  const whole = (value: number) => (Number.isFinite(value) ? Math.trunc(value) : 1);
  const rooms = Math.min(Math.max(1, whole(party.rooms)), partyLimits(listing, 1).maxRooms);
  const children = listing.type === 'hotel' ? (party.children ?? []).slice(0, maxPartyChildren) : [];
  const limit = Math.min(partyLimits(listing, rooms).maxGuests + children.filter(isInfant).length, maxPartyGuests);
  const guests = Math.min(Math.max(children.length + 1, whole(party.guests)), Math.max(limit, children.length + 1));
  return { rooms, guests, children };
}

/** The party preselected from the URL (?rooms&guests&children, as the hotel search writes them), within the listing's limits. */
export function initialParty(params: URLSearchParams, listing: PartyListing): PartyChoice {
  const count = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return /^\d{1,3}$/.test(value) ? Number(value) : 1;
  };
  const children = parseChildAges(params.getAll('children')) ?? [];
  return clampParty(listing, { rooms: count('rooms'), guests: count('guests'), children });
}

/**
 * The page's query string once the guest has chosen: the stay, lease, rooms and guests are written
 * (defaults left out, so a plain page keeps a plain URL) and anything else already there is kept.
 */
export function stayToParams(
  current: URLSearchParams,
  stay: StayChoice & { guests: number; children?: readonly number[] },
  type: PropertyType,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const write = (name: string, value: string) => (value ? next.set(name, value) : next.delete(name));
  write('checkIn', stay.checkIn);
  write('checkOut', stay.checkIn ? stay.checkOut : '');
  write('lease', type === 'rental' ? stay.leaseOption : '');
  write('rooms', type === 'hotel' && stay.rooms > 1 ? String(stay.rooms) : '');
  write('guests', stay.guests > 1 ? String(stay.guests) : '');
  write('children', type === 'hotel' && stay.guests > 1 ? formatChildAges(stay.children ?? []) : '');
  return next;
}

export type BookingProblem = StayProblem | 'dates_unavailable' | 'stay_total_too_high';

export interface StayChoice {
  checkIn: string;
  checkOut: string;
  rooms: number;
  leaseOption: string;
  /** The party, when the panel has one: its capacity check counts the children's ages (core/party.ts). */
  guests?: number;
  children?: readonly number[];
}

/** The price and what stands in the way of booking a complete stay; null while the dates are incomplete. */
export function evaluateStay(
  listing: ListingDetail,
  held: Held,
  stay: StayChoice,
  today: string,
  shabbatCheck?: ShabbatCheck,
): { quote: StayQuote | null; problem: BookingProblem | null } | null {
  if (!stay.checkIn || !stay.checkOut) return null;
  const priced = {
    propertyType: listing.type,
    pricePerNight: listing.pricePerNight,
    pricePerWeek: listing.pricePerWeek,
    pricePerMonth: listing.pricePerMonth,
  };
  const problems = stayProblems(
    { ...priced, ...listing },
    {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      rooms: stay.rooms,
      leaseOption: stay.leaseOption || null,
      ...(stay.guests === undefined ? {} : { guests: stay.guests, children: stay.children ?? [] }),
    },
    today,
    shabbatCheck,
  );
  let problem: BookingProblem | null = problems[0] ?? null;
  if (!problem && !stayIsFree(held, stay)) {
    problem = 'dates_unavailable';
  }
  const quote =
    daysBetween(stay.checkIn, stay.checkOut) > 0
      ? withSchedule(
          quoteStay(
            { ...priced, ...listing.fees },
            { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms, guests: stay.guests, children: stay.children },
            { rules: listing.priceRules, serviceFeeRate: listing.serviceFeeRate },
          ),
          stay,
          // Each later month due the platform's days before it, as the booking will be (decision 060).
          { bookedOn: today, dueDaysBefore: listing.longStayDueDaysBefore },
        )
      : null;
  // A total beyond what a stay may cost (core/quote.ts maxStayTotal) is refused by the server too.
  if (!problem && quote) problem = quoteProblem(quote);
  return { quote, problem };
}

/** The price per unit a listing is shown with. */
export function unitPriceOf(listing: Pick<ListingDetail, 'type' | 'pricePerNight' | 'pricePerWeek' | 'pricePerMonth'>): number {
  if (listing.type === 'hotel') return listing.pricePerNight ?? 0;
  if (listing.type === 'sublet') return listing.pricePerMonth ?? 0;
  return listing.pricePerWeek ?? 0;
}

/** Every amenity of the listing's kind, included ones first, then the others marked not included. */
export function amenityList(type: PropertyType, included: readonly string[]): { key: string; included: boolean }[] {
  const all: readonly string[] = type === 'hotel' ? hotelAmenities : homeAmenities;
  const has = new Set(included);
  const extra = included.filter((key) => !all.includes(key) && (hotelAmenities as readonly string[]).concat(homeAmenities).includes(key));
  return [
    ...all.filter((key) => has.has(key)).map((key) => ({ key, included: true })),
    ...extra.map((key) => ({ key, included: true })),
    ...all.filter((key) => !has.has(key)).map((key) => ({ key, included: false })),
  ];
}

/** Initials of a first name for an avatar without a photo. */
export function initialsOf(name: string): string {
  return name.trim().slice(0, 1).toUpperCase() || '?';
}

/** The gallery index after moving by `step`, wrapping around. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
