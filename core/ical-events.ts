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
 * - A recurring event is expanded up to `horizonDays` ahead, `maxOccurrences` at most.
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
}

export const calendarImportHorizonDays = 548;
export const maxImportedEvents = 5000;

export class CalendarFeedError extends Error {
  constructor(readonly code: 'not_calendar' | 'too_many_events') {
    super(code);
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
      for (let count = 0, next = iterator.next(); next && count < maxOccurrences; next = iterator.next(), count++) {
        const details = master.getOccurrenceDetails(next);
        const nights = nightsOf(details.startDate, details.endDate, tzid);
        if (nights.startDate >= horizon) break;
        if (skipped(details.item.component, master.uid)) continue;
        add({ key: `${master.uid}#${details.recurrenceId.toICALString()}`, ...nights });
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
