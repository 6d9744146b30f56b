// No zod here: the web app's shell imports this module; isoDateSchema is in date-schema.ts.
/** Stays, blocks and prices are counted in Israel's days, wherever the server or the visitor is. */
export const platformTimeZone = 'Asia/Jerusalem';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first and last days yyyy-MM-dd can write that PostgreSQL's `date` also holds (it has no year
 * 0): date arithmetic stops at them instead of writing '+010000-01-…', which nothing can read back.
 */
export const calendarLimits = { first: '0001-01-01', last: '9999-12-31' } as const;

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one), from year 1 to 9999. */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value) || value < calendarLimits.first) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The horizon (docs/decisions/034-date-horizon.md): every day the API takes for a stay, a block, a
 * price rule or a search falls from yesterday to two years ahead, in Israel's days. Nobody books
 * further ahead, and a day outside it (year 9999, year 0) was stored once and broke every list that
 * converted it. Yesterday rather than today: a visitor west of Israel may still be on Israel's
 * yesterday, and the stay rules then answer `check_in_in_past` by name.
 */
export const dateHorizon = { daysBack: 1, daysAhead: 730 } as const;

/** The first and last day of the horizon at `now`, yyyy-MM-dd. */
export function horizonOf(now: Date = new Date()): { first: string; last: string } {
  const day = today(now);
  return { first: addDaysIso(day, -dateHorizon.daysBack), last: addDaysIso(day, dateHorizon.daysAhead) };
}

/** Whether a value is a real day inside the horizon at `now`. */
export function isWithinHorizon(value: string, now: Date = new Date()): boolean {
  if (!isIsoDate(value)) return false;
  const { first, last } = horizonOf(now);
  return first <= value && value <= last;
}

/**
 * Days a listing's availability window (from, until) may name: this century. The window is only
 * compared, never walked night by night, so it needs no horizon; but a stored window from before the
 * horizon must stay editable, and year 0 must never reach the database.
 */
export const availabilityLimits = { first: '2000-01-01', last: '2099-12-31' } as const;

/** The calendar day in Israel at `now`, yyyy-MM-dd: "today" for check-in, blocks and calendars on both sides. */
export function today(now: Date = new Date()): string {
  const { year, month, day } = israelClockParts(now);
  return `${year}-${month}-${day}`;
}

const firstDayMs = Date.parse(`${calendarLimits.first}T00:00:00Z`);
const lastDayMs = Date.parse(`${calendarLimits.last}T00:00:00Z`);

/**
 * The UTC calendar day of an instant, yyyy-MM-dd (dates stored as UTC midnights), held within
 * calendarLimits: an instant past year 9999 is its last day, so the answer is always a day.
 */
export function utcIsoDate(date: Date): string {
  const ms = date.getTime();
  if (ms > lastDayMs) return calendarLimits.last;
  if (ms < firstDayMs) return calendarLimits.first;
  return date.toISOString().slice(0, 10);
}

/** The local calendar day of a Date, yyyy-MM-dd (the visitor's own days: a birth date, a date picker's day). */
export function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * `days` days after a yyyy-MM-dd day (negative: before), held within calendarLimits: fourteen days
 * after 9999-12-31 is 9999-12-31, so a wild stored day still converts (a review window, a calendar).
 */
export function addDaysIso(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day: ${day}`);
  date.setUTCDate(date.getUTCDate() + days);
  if (Number.isNaN(date.getTime())) return days > 0 ? calendarLimits.last : calendarLimits.first;
  return utcIsoDate(date);
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter of an instant's wall-clock parts (year to second, 24-hour) in an IANA time zone, made
 * once per zone on first use, not when this module loads: the first Intl.DateTimeFormat a page makes
 * loads the date formatting data (22-28 ms of a fast machine's main thread, four times that on a
 * phone), which fell in the task that starts the app. Throws a RangeError for a zone the runtime
 * does not know.
 */
export function zoneClock(zone: string): Intl.DateTimeFormat {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneClocks.set(zone, clock);
  }
  return clock;
}

/** The wall clock in `zone` at an instant, two digits each: { year: '2027', month: '04', day: '18', hour: '15', … }. */
function zoneClockParts(zone: string, at: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(
    zoneClock(zone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
}

/** Israel's wall clock at an instant, two digits each. */
export function israelClockParts(at: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return zoneClockParts(platformTimeZone, at);
}

/** Date.UTC, but years 0-99 are those years, not 1900-1999. */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The wall-clock time in `zone` at an instant, as if it were UTC (ms). */
function wallClockMs(instantMs: number, zone: string): number {
  const parts = zoneClockParts(zone, new Date(instantMs));
  return utcMs(+parts.year!, +parts.month!, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/** The instant at which the wall clock in `zone` shows the given time (the later one in a DST gap's shift). */
export function zonedWallTimeToInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  zone: string,
): Date {
  const asUtc = utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  // The offset at the wall time read as UTC is right except within hours of a clock change; asking
  // again at the corrected instant settles it.
  let instant = asUtc - (wallClockMs(asUtc, zone) - asUtc);
  instant = asUtc - (wallClockMs(instant, zone) - instant);
  return new Date(instant);
}

/** The instant of a day and a time (HH:mm) on Israel's clock: a check-in at 15:00 on 2027-04-18. */
export function israelInstant(day: string, time = '00:00'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.slice(0, 5).split(':').map(Number) as [number, number];
  return zonedWallTimeToInstant({ year, month, day: date, hour, minute, second: 0 }, platformTimeZone);
}

/**
 * The wall clock of an instant in Israel, as a local Date for the app's date formats: "until
 * Mar 3, 2027, 15:00" means 15:00 in Israel, wherever the guest's browser is.
 */
export function israelWallClock(instant: Date): Date {
  const parts = israelClockParts(instant);
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
}

/** Whole days from one yyyy-MM-dd to another. */
export function daysBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}
