import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { CalendarFeedError, readCalendarEvents } from '../../../core/ical-events.ts';
import { testDriver } from '../../test/test-app.ts';
import { readFeed } from './feed-reader.ts';

const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
const today = '2027-01-10';
/** A daily rule that never matches (there is no 30 February): ical.js looks for its next date for ever. */
const endless = vevent('UID:never', 'DTSTART;VALUE=DATE:20270301', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30');

// The reader's worker thread (feed-reader.ts); it needs no database, so it runs once, with PGlite's suite.
describe.runIf(testDriver === 'pglite')("reading another site's calendar in a worker thread", () => {
  it('answers what readCalendarEvents answers, and its errors as CalendarFeedError', async () => {
    const text = calendar(
      vevent('UID:a', 'DTSTART;VALUE=DATE:20270201', 'DTEND;VALUE=DATE:20270204'),
      vevent('UID:w', 'DTSTART;VALUE=DATE:20270111', 'DTEND;VALUE=DATE:20270112', 'RRULE:FREQ=WEEKLY;COUNT=3'),
    );
    const events = await readFeed(text, { today });
    expect(events).toEqual(readCalendarEvents(text, { today }));
    expect(events).toHaveLength(4);
    await expect(readFeed('<html>nope</html>', { today })).rejects.toEqual(new CalendarFeedError('not_calendar'));
    const often = vevent('UID:o', 'DTSTART:20270201T100000Z', 'RRULE:FREQ=HOURLY');
    await expect(readFeed(calendar(often), { today })).rejects.toEqual(new CalendarFeedError('unsupported_recurrence'));
  });

  it('stops a feed past its wall-clock budget (too_complex) while the event loop stays free, then reads the next feed', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    // No iteration cap here: only the budget can stop this one.
    const read = readFeed(calendar(endless), { today, maxIterations: Number.MAX_SAFE_INTEGER }, 1500);
    // The loop keeps turning while the worker spins: timers fire on time.
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 20);
    await expect(read).rejects.toEqual(new CalendarFeedError('too_complex'));
    clearInterval(ticking);
    delay.disable();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(20);
    // The loop was never held for the feed's time: parsing on this thread would hold it the whole
    // 1.5 s. Typical turns stay short (p90); one slow turn, a garbage collection or another test file
    // of the same run on a loaded 2-core machine (214 ms once in CI), is not the feed's doing.
    expect(delay.percentile(90) / 1e6).toBeLessThan(100);
    expect(delay.max / 1e6).toBeLessThan(750);
    // The stopped worker is replaced.
    expect(await readFeed(calendar(vevent('UID:b', 'DTSTART;VALUE=DATE:20270301')), { today })).toEqual([
      { key: 'b', startDate: '2027-03-01', endDate: '2027-03-02' },
    ]);
  });

  it('reads feeds one after another, each with its own budget', async () => {
    const ok = calendar(vevent('UID:c', 'DTSTART;VALUE=DATE:20270401'));
    const results = await Promise.allSettled([
      readFeed(calendar(endless), { today, maxIterations: Number.MAX_SAFE_INTEGER }, 800),
      readFeed(ok, { today }),
      readFeed(calendar(endless), { today }),
    ]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.length : (result.reason as Error).message))).toEqual([
      'too_complex',
      1,
      'too_complex',
    ]);
  });
});
