import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedAddRateLimits } from '../../../core/calendar-sync-rules.ts';
import type { CalendarSync } from '../../../core/contracts/calendar-sync.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { ics, serve, startFeedServer } from '../../test/calendar-feed-stand-in.ts';
import { clearOfWindowEdge, createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

// What a host's calendar address can make the server do (issue 35, docs/decisions/032-calendar-feed-bombs.md):
// a feed that takes long to expand is read off the event loop, and adding feeds is rate-limited.

const compact = (day: string) => day.replaceAll('-', '');
const allDay = (uid: string, from: number, to: number) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact(daysFromNow(from))}`,
    `DTEND;VALUE=DATE:${compact(daysFromNow(to))}`,
    'END:VEVENT',
  ].join('\r\n');
/**
 * The feed of issue 35: a rule that matches only on 29 February, every second of it. Read on the
 * event loop, ical.js walked every second up to the leap day (14 s a 160-byte event from 1 March);
 * this one starts on 1 November before the next leap day, so that such code holds the loop for seconds
 * (about 10 million steps), not minutes, and the test fails rather than hangs on it.
 */
function leapSecondBomb(uid: string) {
  const today = daysFromNow(0);
  let year = Number(today.slice(0, 4));
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  while (!leap(year) || `${year}-02-29` <= today) year++;
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${year - 1}1101T000000Z`,
    'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29',
    'END:VEVENT',
  ].join('\r\n');
}
/** A daily rule that never matches (there is no 30 February): ical.js would look for its next date for ever. */
const endlessDaily = (uid: string) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact(daysFromNow(1))}`,
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'END:VEVENT',
  ].join('\r\n');

describe('calendar feeds that could hold the server', () => {
  let t: TestContext;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;

  const newHost = async () => {
    const user = await createUser(t.db, { role: 'host' });
    const property = await createProperty(t.db, { hostId: user.id });
    return { cookie: await signIn(t.app, user.email), propertyId: property.id };
  };
  type Host = Awaited<ReturnType<typeof newHost>>;
  const post = (host: Host, url: string, remoteAddress = '127.0.0.1', name = 'Cycle') =>
    injectAs(t.app, host.cookie, {
      method: 'POST',
      url: `/api/host/listings/${host.propertyId}/calendar-feeds`,
      payload: { name, url },
      remoteAddress,
    });
  const addFeed = async (host: Host, name: string, url: string) => {
    const response = await post(host, url, '127.0.0.1', name);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CalendarSync>().feeds.find((feed) => feed.name === name)!;
  };

  beforeAll(async () => {
    t = await createTestContext({ env: { PUBLIC_URL: 'https://lina.example' } });
    feeds = await startFeedServer();
  });
  afterAll(async () => {
    await feeds?.close();
    await t?.close();
  });

  it('reads a feed bomb off the event loop: /api/health keeps answering at once, and the feed says why it failed', async () => {
    const host = await newHost();
    feeds.handlers.set('/bomb.ics', serve(ics(allDay('fine@bomb', 130, 131), leapSecondBomb('bomb@bomb'))));
    feeds.handlers.set('/endless.ics', serve(ics(allDay('fine@endless', 130, 131), endlessDaily('never@endless'))));
    // A real listening server, pinged over TCP one request after another while the feeds are added.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The first requests on a new server and connection pay for warming up (JIT, the socket), not for
    // the feed: they are sent before any feed is added.
    for (let warm = 0; warm < 5; warm++) await (await fetch(`${address}/api/health`)).arrayBuffer();
    const latencies: number[] = [];
    let pinging = true;
    const pings = (async () => {
      while (pinging) {
        const started = performance.now();
        const response = await fetch(`${address}/api/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    /**
     * Issue 35 asks for every answer within 100 ms. Reading a feed on the event loop holds every
     * answer for seconds; off it, answers take milliseconds. But a loaded 2-core machine (CI runs
     * three test files at once; in development many more) stalls an idle event loop now and then by
     * 100-200 ms by itself, so: every answer within a second, and, over ten answers or more, nine in
     * ten within 100 ms (with fewer, one stall by the machine would decide the ninth decile alone).
     */
    const answeredAtOnce = () => {
      const sorted = [...latencies].sort((a, b) => a - b);
      expect(sorted.at(-1), JSON.stringify(latencies.map(Math.round))).toBeLessThan(1000);
      if (sorted.length >= 10) {
        expect(sorted[Math.floor(sorted.length * 0.9)], JSON.stringify(latencies.map(Math.round))).toBeLessThan(100);
      }
    };
    try {
      const bomb = await addFeed(host, 'Bomb', feeds.url('/bomb.ics'));
      // Checked before the next feed, which code reading on the event loop would never finish.
      answeredAtOnce();
      // Refused before expanding anything: a rule repeating more often than daily. The last good blocks (none) stay.
      expect(bomb).toMatchObject({ lastError: 'unsupported_recurrence', eventCount: 0, lastSyncedAt: null });
      latencies.length = 0;
      const endless = await addFeed(host, 'Endless', feeds.url('/endless.ics'));
      // Stopped in the worker by the iteration cap (or the wall-clock budget), seconds of work during
      // which the server answered throughout.
      expect(endless).toMatchObject({ lastError: 'too_complex', eventCount: 0, lastSyncedAt: null });
      expect(latencies.length).toBeGreaterThan(10);
      answeredAtOnce();
    } finally {
      pinging = false;
      await pings;
    }
  });

  describe('rate limits on adding calendars', () => {
    it('answers 429 to the 31st add of an hour on one account, which fetches nothing (issue 35: add/remove cycles)', async () => {
      const { perAccount } = calendarFeedAddRateLimits;
      await clearOfWindowEdge(perAccount.windowMs);
      const host = await newHost();
      feeds.handlers.set('/cycle.ics', serve(ics()));
      const remoteAddress = '198.51.100.7';
      for (let i = 0; i < perAccount.limit; i++) {
        const added = await post(host, feeds.url('/cycle.ics'), remoteAddress);
        expect(added.statusCode, added.body).toBe(201);
        const feedId = added.json<CalendarSync>().feeds[0]!.id;
        const removed = await injectAs(t.app, host.cookie, {
          method: 'DELETE',
          url: `/api/host/listings/${host.propertyId}/calendar-feeds/${feedId}`,
          remoteAddress,
        });
        expect(removed.statusCode).toBe(200);
      }
      expect(feeds.hits.get('/cycle.ics')).toBe(perAccount.limit);
      // Another address does not help the same account.
      const refused = await post(host, feeds.url('/cycle.ics'), '198.51.100.77');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too_many_calendar_feeds');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(feeds.hits.get('/cycle.ics')).toBe(perAccount.limit);
    });

    it('answers 429 past 60 adds an hour from one address, whichever account', async () => {
      const { perIp, perAccount } = calendarFeedAddRateLimits;
      await clearOfWindowEdge(perIp.windowMs);
      const remoteAddress = '198.51.100.8';
      // Every attempt counts, a refused address too (these answer 400 without fetching).
      let host = await newHost();
      for (let i = 0; i < perIp.limit; i++) {
        if (i > 0 && i % perAccount.limit === 0) host = await newHost();
        const answer = await post(host, 'ftp://example.com/a.ics', remoteAddress);
        expect(answer.statusCode, answer.body).toBe(400);
      }
      const fresh = await newHost();
      const refused = await post(fresh, feeds.url('/cycle.ics'), remoteAddress);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too_many_calendar_feeds');
      // The same account from elsewhere may still add.
      expect((await post(fresh, 'ftp://example.com/a.ics', '198.51.100.9')).statusCode).toBe(400);
    });
  });
});
