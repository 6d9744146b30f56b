import { describe, expect, it } from 'vitest';
import { CalendarFeedError, readCalendarEvents } from './ical-events.ts';

const today = '2027-01-10';
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
const allDayEvent = (uid: string, day: string) => vevent(`UID:${uid}`, `DTSTART;VALUE=DATE:${day}`);
const read = (text: string) => readCalendarEvents(text, { today, ourHost: 'lina.example' });

describe("reading another site's calendar", () => {
  it('maps all-day events directly, DTEND being the check-out day', () => {
    const events = read(calendar(vevent('UID:a', 'DTSTART;VALUE=DATE:20270201', 'DTEND;VALUE=DATE:20270204')));
    expect(events).toEqual([{ key: 'a', startDate: '2027-02-01', endDate: '2027-02-04' }]);
  });

  it('gives a one-day all-day event without DTEND its night', () => {
    expect(read(calendar(vevent('UID:a', 'DTSTART;VALUE=DATE:20270201')))).toEqual([
      { key: 'a', startDate: '2027-02-01', endDate: '2027-02-02' },
    ]);
  });

  it('reads timed events in their zone and closes the nights between the days they start and end in Israel', () => {
    const events = read(
      calendar(
        // 15:00 in New York is 22:00 in Israel: still the 1st. 11:00 on the 4th is 18:00 in Israel.
        vevent('UID:ny', 'DTSTART;TZID=America/New_York:20270201T150000', 'DTEND;TZID=America/New_York:20270204T110000'),
        // 23:30 UTC on 1 March is 01:30 on 2 March in Israel.
        vevent('UID:utc', 'DTSTART:20270301T233000Z', 'DTEND:20270303T090000Z'),
        // Floating times are Israel's; within one day they close that day's night.
        vevent('UID:float', 'DTSTART:20270401T100000', 'DTEND:20270401T120000'),
      ),
    );
    expect(events).toEqual([
      { key: 'ny', startDate: '2027-02-01', endDate: '2027-02-04' },
      { key: 'utc', startDate: '2027-03-02', endDate: '2027-03-03' },
      { key: 'float', startDate: '2027-04-01', endDate: '2027-04-02' },
    ]);
  });

  it("uses the calendar's own VTIMEZONE", () => {
    const zone = [
      'BEGIN:VTIMEZONE',
      'TZID:Custom Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'TZNAME:JST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ].join('\r\n');
    // 05:00 in Tokyo on 2 Feb is 22:00 on 1 Feb in Israel.
    const events = read(
      calendar(zone, vevent('UID:tokyo', 'DTSTART;TZID=Custom Tokyo:20270202T050000', 'DTEND;TZID=Custom Tokyo:20270205T050000')),
    );
    expect(events).toEqual([{ key: 'tokyo', startDate: '2027-02-01', endDate: '2027-02-04' }]);
  });

  it('leaves out past, cancelled and our own echoed events', () => {
    const events = read(
      calendar(
        vevent('UID:past', 'DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20270110'),
        vevent('UID:ongoing', 'DTSTART;VALUE=DATE:20270108', 'DTEND;VALUE=DATE:20270112'),
        vevent('UID:cancelled', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20270201', 'DTEND;VALUE=DATE:20270202'),
        vevent('UID:block-4@lina.example', 'DTSTART;VALUE=DATE:20270201', 'DTEND;VALUE=DATE:20270202'),
      ),
    );
    expect(events.map((event) => event.key)).toEqual(['ongoing']);
  });

  it('expands recurring events up to the horizon, with their exceptions', () => {
    const events = readCalendarEvents(
      calendar(
        vevent('UID:weekly', 'DTSTART;VALUE=DATE:20270111', 'DTEND;VALUE=DATE:20270112', 'RRULE:FREQ=WEEKLY'),
        vevent('UID:weekly', 'RECURRENCE-ID;VALUE=DATE:20270118', 'DTSTART;VALUE=DATE:20270119', 'DTEND;VALUE=DATE:20270121'),
      ),
      { today, horizonDays: 21 },
    );
    expect(events).toEqual([
      { key: 'weekly#20270111', startDate: '2027-01-11', endDate: '2027-01-12' },
      { key: 'weekly#20270118', startDate: '2027-01-19', endDate: '2027-01-21' },
      { key: 'weekly#20270125', startDate: '2027-01-25', endDate: '2027-01-26' },
    ]);
  });

  it('refuses what is not a calendar, and a calendar with too many events', () => {
    expect(() => read('<html>nope</html>')).toThrow(CalendarFeedError);
    const many = calendar(...Array.from({ length: 5 }, (_, i) => vevent(`UID:e${i}`, `DTSTART;VALUE=DATE:2027020${i + 1}`)));
    expect(() => readCalendarEvents(many, { today, maxEvents: 4 })).toThrow(/too_many_events/);
  });

  describe('bounds what a feed can make us compute (decision 032)', () => {
    // The feed of issue 35: one 160-byte event whose rule matches only on 29 February, every second
    // of it. ical.js walks every second up to the next leap day: tens of seconds of one thread.
    const leapSecondBomb = vevent('UID:bomb', 'DTSTART:20270301T000000Z', 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29');

    it('refuses a feed with a rule repeating more often than daily, before expanding anything', () => {
      const started = performance.now();
      expect(() => read(calendar(leapSecondBomb))).toThrow(new CalendarFeedError('unsupported_recurrence'));
      expect(performance.now() - started).toBeLessThan(1000);
      for (const frequency of ['MINUTELY', 'HOURLY']) {
        const event = vevent('UID:often', 'DTSTART:20270201T100000Z', 'DTEND:20270201T110000Z', `RRULE:FREQ=${frequency};COUNT=3`);
        expect(() => read(calendar(allDayEvent('fine', '20270301'), event)), frequency).toThrow(/unsupported_recurrence/);
      }
      // Daily and longer rules are read as before.
      expect(read(calendar(vevent('UID:d', 'DTSTART;VALUE=DATE:20270201', 'RRULE:FREQ=DAILY;COUNT=2')))).toHaveLength(2);
    });

    it('counts every date examined and every occurrence across the feed, and fails past the cap as too_complex', () => {
      // The next 29 February after 2027-03-01 is 1,096 days later: over a cap of 500 dates examined.
      const leapDaily = vevent('UID:leap', 'DTSTART;VALUE=DATE:20270301', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29');
      expect(() => readCalendarEvents(calendar(leapDaily), { today, maxIterations: 500, horizonDays: 2000 })).toThrow(
        new CalendarFeedError('too_complex'),
      );
      // DTSTART is always an occurrence (RFC 5545), then each leap day up to the horizon.
      expect(readCalendarEvents(calendar(leapDaily), { today, maxIterations: 5000, horizonDays: 2000 }).map((e) => e.startDate)).toEqual([
        '2027-03-01',
        '2028-02-29',
        '2032-02-29',
      ]);
      // The cap is for the whole feed: two weekly events of 30 occurrences each pass 50 but not 100.
      const weekly = (uid: string) => vevent(`UID:${uid}`, 'DTSTART;VALUE=DATE:20270111', 'RRULE:FREQ=WEEKLY;COUNT=30');
      expect(readCalendarEvents(calendar(weekly('w1'), weekly('w2')), { today, maxIterations: 130 })).toHaveLength(60);
      expect(() => readCalendarEvents(calendar(weekly('w1'), weekly('w2')), { today, maxIterations: 100 })).toThrow(/too_complex/);
    });

    it('stops a daily rule that never matches (it would loop for ever) with the default cap', () => {
      const never = vevent('UID:never', 'DTSTART;VALUE=DATE:20270301', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30');
      expect(() => read(calendar(never))).toThrow(new CalendarFeedError('too_complex'));
    });

    it('keeps up to maxOccurrences from today on, however long ago the rule began', () => {
      // Began in 2022: 1,800 past days are walked, none of them counts against the 10 kept.
      const longAgo = vevent('UID:old', 'DTSTART;VALUE=DATE:20220101', 'DTEND;VALUE=DATE:20220102', 'RRULE:FREQ=DAILY');
      const events = readCalendarEvents(calendar(longAgo), { today, maxOccurrences: 10 });
      expect(events).toHaveLength(10);
      expect(events[0]).toEqual({ key: 'old#20270110', startDate: '2027-01-10', endDate: '2027-01-11' });
    });
  });
});
