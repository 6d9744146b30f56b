import { GeoLocation, HDate, Zmanim } from '@hebcal/core';
import { addDaysIso, israelClockParts } from './dates.ts';
import { isShabbatOrYomTov } from './hebrew-calendar.ts';

/**
 * Shabbat- and holiday-aware stays (docs/decisions/017-shabbat-rules.md). A listing may keep Shabbat:
 * no check-in or check-out on Shabbat and festival days (Israeli rules: one-day festivals), and no
 * check-in on the eve (Friday, erev chag) unless the listing's check-in time leaves the guest
 * `eveArrivalMarginMinutes` before candle-lighting in the listing's city.
 *
 * Pure, but imports `@hebcal/core` (big): the web app loads this module only lazily (the picker's
 * chunk, the property page's rules hook); the server imports it from the bookings repository.
 */

/** Why a stay's dates clash with a listing that keeps Shabbat (a StayProblem and an API error code). */
export type ShabbatProblem = 'check_in_on_shabbat' | 'check_in_after_candle_lighting' | 'check_out_on_shabbat';

/** A guest arriving on an eve needs this long before candle-lighting to arrive and settle in. */
export const eveArrivalMarginMinutes = 60;

/**
 * Guests leave by this time everywhere on Lina. Even the earliest candle-lighting in Israel (about
 * 15:55 in Jerusalem in December) is hours later, so a check-out on an eve is always allowed.
 */
export const checkOutTime = '11:00';

/** Where candle-lighting is computed: a listing's city (gazetteer coordinates). */
export interface ShabbatPlace {
  /** The gazetteer slug of the city ('jerusalem'), which decides the candle-lighting custom. */
  slug: string;
  latitude: number;
  longitude: number;
}

/**
 * Minutes before sunset candles are lit, by the city's custom, as hebcal and Israeli calendars have
 * them: Jerusalem 40, Haifa and Zikhron Ya'akov 30, everywhere else 18.
 */
const candleLightingMinutesByCity: Record<string, number> = { jerusalem: 40, haifa: 30, 'zikhron-yaakov': 30 };
export const defaultCandleLightingMinutes = 18;

export function candleLightingMinutesOf(place: Pick<ShabbatPlace, 'slug'>): number {
  return candleLightingMinutesByCity[place.slug] ?? defaultCandleLightingMinutes;
}

function hdateOf(day: string): HDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new HDate(new Date(year, month - 1, date));
}

/** 'HH:mm' of an instant in Israel, whatever the machine's time zone. */
function israelClock(instant: Date): string {
  const { hour, minute } = israelClockParts(instant);
  return `${hour}:${minute}`;
}

/** Candle-lighting on a day ('HH:mm', Israel time) in a place: sunset minus the city's custom, to the minute. */
export function candleLightingTime(day: string, place: ShabbatPlace): string {
  const location = new GeoLocation(null, place.latitude, place.longitude, 0, 'Asia/Jerusalem');
  return israelClock(new Zmanim(location, hdateOf(day), false).sunsetOffset(-candleLightingMinutesOf(place), true));
}

/** 'HH:mm' to minutes after midnight. */
export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Whether a day is the eve of Shabbat or of a festival (it is not one itself, the next day is). */
export function isEve(day: string): boolean {
  return !isShabbatOrYomTov(day) && isShabbatOrYomTov(addDaysIso(day, 1));
}

/** A listing as the Shabbat rules read it. */
export interface ShabbatListing {
  keepsShabbat: boolean;
  /** 'HH:mm', when guests may arrive. */
  checkInTime: string;
}

/** Why a guest may not arrive on a day at a listing that keeps Shabbat; null when they may. */
export function checkInProblem(listing: ShabbatListing, place: ShabbatPlace, day: string): ShabbatProblem | null {
  if (!listing.keepsShabbat) return null;
  if (isShabbatOrYomTov(day)) return 'check_in_on_shabbat';
  if (isEve(day) && minutesOfClock(listing.checkInTime) + eveArrivalMarginMinutes > minutesOfClock(candleLightingTime(day, place)))
    return 'check_in_after_candle_lighting';
  return null;
}

/** Why a guest may not leave on a day at a listing that keeps Shabbat; null when they may. */
export function checkOutProblem(listing: ShabbatListing, day: string): ShabbatProblem | null {
  if (!listing.keepsShabbat) return null;
  if (isShabbatOrYomTov(day)) return 'check_out_on_shabbat';
  // Leaving by checkOutTime on an eve is always before candle-lighting (see checkOutTime).
  return null;
}

/**
 * What is wrong with a stay's ends at a listing that keeps Shabbat. The nights between do not
 * matter: a guest who stays over Shabbat travels neither in nor out on it.
 */
export function shabbatStayProblems(
  listing: ShabbatListing,
  place: ShabbatPlace,
  stay: { checkIn: string; checkOut: string },
): ShabbatProblem[] {
  const problems: ShabbatProblem[] = [];
  const arrival = checkInProblem(listing, place, stay.checkIn);
  if (arrival) problems.push(arrival);
  const departure = checkOutProblem(listing, stay.checkOut);
  if (departure) problems.push(departure);
  return problems;
}
