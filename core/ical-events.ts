import ICAL from 'ical.js';
import { addDaysIso, isIsoDate, platformTimeZone, today as israelToday, zoneClock, zonedWallTimeToInstant } from './dates.ts';

/**
 * Reading another site's iCal feed into the nights it closes on our calendar
 * (docs/decisions/016-calendar-sync.md). Nights are Israel's, [startDate, endDate) like a stay.
 *
 * - An all-day event (VALUE=DATE) closes its dates as written: DTEND is the check-out day.
 * - A timed event closes the nights from the day it starts to the day it ends, both read in
 *   Asia/Jerusalem (a 15:00 check-in to an 11:00 check-out closes the nights in between); an event
 *   that starts and ends on one day closes that day's night. Its time zone is the calendar's own
 *   VTIMEZONE, else the TZID as an IANA name, else (floating, or a zone nobody knows) Israel's.
 * - A recurring event is expanded up to `horizonDays` ahead, `maxOccurrences` at most from today on.
 *   The feed comes from anyone (a host types its address), so expanding is bounded
 *   (docs/decisions/032-calendar-feed-bombs.md): a rule repeating more often than daily
 *   (FREQ=SECONDLY, MINUTELY, HOURLY) makes the feed `unsupported_recurrence` (no booking calendar
 *   needs one, and ical.js walks every second between two matches); and every date ical.js examines
 *   while expanding, and every occurrence it yields, past ones too, counts against `maxIterations`
 *   for the whole feed, past which the feed is `too_complex` (a DAILY rule that never matches,
 *   BYMONTH=2;BYMONTHDAY=30, would otherwise loop for ever). This is synchronous work: the server
 *   runs it in a worker thread with a wall-clock budget (server/features/calendar-sync/feed-reader.ts).
 * - Past events (ended by today), cancelled ones and our own (UID ending in @<ourHost>, echoed back by
 *   a site that imported our feed) are left out.
 */

export interface ImportedEvent {
  /** The event's UID; a recurring event's occurrences add their original start: `uid#20270105`. */
  key: string;
  startDate: string;
  endDate: string;
}

export interface ReadEventsOptions {
  /** Today in Israel, yyyy-MM-dd. */
  today?: string;
  /** Our site's host name: events whose UID ends in @host are ours. */
  ourHost?: string;
  horizonDays?: number;
  maxOccurrences?: number;
  /** More events than this make the feed unreadable for us (too_many_events). */
  maxEvents?: number;
  /** Dates examined plus occurrences yielded while expanding the whole feed's recurring events (too_complex past it). */
  maxIterations?: number;
}

export const calendarImportHorizonDays = 548;
export const maxImportedEvents = 5000;
/**
 * A daily event that began in 2000 costs about 10,000 to reach today, a weekly one 1,500: real
 * booking calendars stay far below. On a busy server 50,000 take a second or two.
 */
export const maxFeedIterations = 50_000;

/** Rules that repeat more often than daily: refused (see the header). */
const subDailyFrequencies = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);

export type CalendarFeedErrorCode = 'not_calendar' | 'too_many_events' | 'too_complex' | 'unsupported_recurrence';

export class CalendarFeedError extends Error {
  constructor(readonly code: CalendarFeedErrorCode) {
    super(code);
  }
}

/**
 * Makes every date ical.js examines for the expansion's rules call `spend`. ical.js loops inside
 * one next() until a date passes the rule's BY* filters (check_contracting_rules, called once per
 * date examined), so counting occurrences alone cannot stop a rule that never matches. The
 * iterators are ical.js's own (RecurExpansion's ruleIterators, ical.js 2.x); were they ever renamed,
 * nothing is counted here and the worker's wall-clock budget still ends the expansion.
 */
function countExaminedDates(expansion: ICAL.RecurExpansion, spend: () => void) {
  // A private field in ical.js's types: read by name, and checked below before use.
  const iterators: unknown = Reflect.get(expansion, 'ruleIterators');
  if (!Array.isArray(iterators)) return;
  for (const iterator of iterators as ICAL.RecurIterator[]) {
    if (typeof iterator.check_contracting_rules !== 'function') continue;
    const check = iterator.check_contracting_rules.bind(iterator);
    iterator.check_contracting_rules = () => {
      spend();
      return check();
    };
  }
}

/** Whether Intl knows an IANA zone name. */
function knownZone(zone: string): boolean {
  try {
    zoneClock(zone);
    return true;
  } catch {
    return false;
  }
}

/** The Israeli calendar day of an ical.js time: its date if all-day, else the day its instant falls on in Israel. */
function israelDayOf(time: ICAL.Time, tzid: string | undefined): string {
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  if (time.isDate) return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  const zoneId = time.zone?.tzid;
  if (zoneId && zoneId !== 'floating') return israelToday(time.toJSDate());
  // A TZID without a VTIMEZONE: an IANA name if Intl knows it; floating or unknown times are Israel's.
  const zone = tzid && knownZone(tzid) ? tzid : platformTimeZone;
  return israelToday(zonedWallTimeToInstant(wall, zone));
}

function nightsOf(start: ICAL.Time, end: ICAL.Time | null, tzid: string | undefined): { startDate: string; endDate: string } {
  const startDate = israelDayOf(start, tzid);
  let endDate = end ? israelDayOf(end, tzid) : startDate;
  if (endDate <= startDate) endDate = addDaysIso(startDate, 1);
  return { startDate, endDate };
}

/** Reads a feed's text into the events it closes from today on; throws CalendarFeedError when it is no calendar. */
export function readCalendarEvents(text: string, options: ReadEventsOptions = {}): ImportedEvent[] {
  const today = options.today ?? israelToday();
  const horizon = addDaysIso(today, options.horizonDays ?? calendarImportHorizonDays);
  const maxOccurrences = options.maxOccurrences ?? 1000;
  const maxEvents = options.maxEvents ?? maxImportedEvents;
  const maxIterations = options.maxIterations ?? maxFeedIterations;
  let iterations = 0;
  const spend = () => {
    if (++iterations > maxIterations) throw new CalendarFeedError('too_complex');
  };
  const ours = options.ourHost ? `@${options.ourHost.toLowerCase()}` : undefined;

  let calendar: ICAL.Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    // A text with several VCALENDARs parses to a list; the first one is read.
    const jcal = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
    calendar = new ICAL.Component(jcal as unknown[]);
  } catch {
    throw new CalendarFeedError('not_calendar');
  }
  if (calendar.name !== 'vcalendar') throw new CalendarFeedError('not_calendar');

  const components = calendar.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  const events = new Map<string, ImportedEvent>();
  const add = (event: ImportedEvent) => {
    if (!isIsoDate(event.startDate) || !isIsoDate(event.endDate)) return;
    if (event.endDate <= today || event.startDate >= horizon) return;
    if (events.has(event.key)) return;
    if (events.size >= maxEvents) throw new CalendarFeedError('too_many_events');
    events.set(event.key, { ...event, endDate: event.endDate > horizon ? horizon : event.endDate });
  };

  for (const component of components) {
    try {
      const event = new ICAL.Event(component);
      if (!event.uid) continue;
      if (event.isRecurrenceException()) exceptions.push(event);
      else if (!masters.has(event.uid)) masters.set(event.uid, event);
    } catch {
      // One unreadable event does not hide the others.
    }
  }
  for (const exception of exceptions) {
    const master = masters.get(exception.uid);
    if (master) master.relateException(exception);
  }
  // Before expanding anything: one sub-daily rule refuses the feed at once.
  for (const master of masters.values()) {
    for (const rule of master.component.getAllProperties('rrule')) {
      const value: unknown = rule.getFirstValue();
      const frequency = value instanceof ICAL.Recur ? value.freq : undefined;
      if (frequency && subDailyFrequencies.has(frequency)) throw new CalendarFeedError('unsupported_recurrence');
    }
  }

  const skipped = (component: ICAL.Component, uid: string) =>
    String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED' ||
    (ours !== undefined && uid.toLowerCase().endsWith(ours));

  for (const master of masters.values()) {
    try {
      const tzid = master.component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
      if (!master.startDate) continue;
      if (!master.isRecurring()) {
        if (skipped(master.component, master.uid)) continue;
        add({ key: master.uid, ...nightsOf(master.startDate, master.endDate, tzid) });
        continue;
      }
      const iterator = master.iterator();
      countExaminedDates(iterator, spend);
      // Occurrences ended by today are walked past (ical.js cannot start a rule later) but not kept or counted as kept.
      let kept = 0;
      for (let next = iterator.next(); next && kept < maxOccurrences; next = iterator.next()) {
        spend();
        const details = master.getOccurrenceDetails(next);
        const nights = nightsOf(details.startDate, details.endDate, tzid);
        if (nights.startDate >= horizon) break;
        if (nights.endDate <= today || skipped(details.item.component, master.uid)) continue;
        add({ key: `${master.uid}#${details.recurrenceId.toICALString()}`, ...nights });
        kept++;
      }
    } catch (error) {
      if (error instanceof CalendarFeedError) throw error;
      // An event ical.js cannot expand is skipped; the rest of the feed still counts.
    }
  }
  // Exceptions whose series is not in the feed stand alone.
  for (const exception of exceptions) {
    if (masters.has(exception.uid) || skipped(exception.component, exception.uid)) continue;
    const tzid = exception.component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
    add({ key: `${exception.uid}#${exception.recurrenceId.toICALString()}`, ...nightsOf(exception.startDate, exception.endDate, tzid) });
  }
  return [...events.values()].sort((a, b) =>
    a.startDate === b.startDate ? a.key.localeCompare(b.key) : a.startDate < b.startDate ? -1 : 1,
  );
}
