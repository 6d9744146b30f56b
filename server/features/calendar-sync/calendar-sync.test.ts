import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarSync } from '../../../core/contracts/calendar-sync.ts';
import type { ListingCalendar } from '../../../core/contracts/host-listings.ts';
import { calendarFeeds, listingNights, outgoingMail } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow, type Property } from '../../seed/factories.ts';
import { ics, serve, startFeedServer } from '../../test/calendar-feed-stand-in.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { syncFeed } from './calendar-sync-job.ts';
import { claimFeedNow } from './calendar-sync-repository.ts';

const compact = (day: string) => day.replaceAll('-', '');
const allDay = (uid: string, from: number, to: number) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact(daysFromNow(from))}`,
    `DTEND;VALUE=DATE:${compact(daysFromNow(to))}`,
    'SUMMARY:Reserved',
    'END:VEVENT',
  ].join('\r\n');
/** 16:00 to 10:00 in New York: 23:00 and 17:00 in Israel, the same days. */
const timedInNewYork = (uid: string, from: number, to: number) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=America/New_York:${compact(daysFromNow(from))}T160000`,
    `DTEND;TZID=America/New_York:${compact(daysFromNow(to))}T100000`,
    'END:VEVENT',
  ].join('\r\n');

describe('calendar sync', () => {
  let t: TestContext;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let hostCookie: string;
  let otherCookie: string;
  let adminCookie: string;
  let listing: Property;
  let hostEmail: string;

  const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const syncView = async () => (await as(hostCookie, 'GET', `/api/host/listings/${listing.id}/calendar-sync`)).json<CalendarSync>();
  const calendar = async () => (await as(hostCookie, 'GET', `/api/host/listings/${listing.id}/calendar`)).json<ListingCalendar>();
  const addFeed = async (name: string, url: string) => {
    const response = await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds`, { name, url });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CalendarSync>().feeds.find((feed) => feed.name === name)!;
  };
  /** "Sync now", past the once-a-minute limit (which has its own test). */
  const syncNow = async (feedId: number) => {
    await t.db.update(calendarFeeds).set({ lastAttemptAt: null }).where(eq(calendarFeeds.id, feedId));
    const response = await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds/${feedId}/sync`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CalendarSync>().feeds.find((feed) => feed.id === feedId)!;
  };
  const removeFeed = (feedId: number) => as(hostCookie, 'DELETE', `/api/host/listings/${listing.id}/calendar-feeds/${feedId}`);

  beforeAll(async () => {
    t = await createTestContext({ env: { PUBLIC_URL: 'https://lina.example' } });
    feeds = await startFeedServer();
    const host = await createUser(t.db, { role: 'host', firstName: 'Hila' });
    const other = await createUser(t.db, { role: 'host' });
    const admin = await createUser(t.db, { role: 'admin' });
    hostEmail = host.email;
    listing = await createProperty(t.db, {
      hostId: host.id,
      propertyType: 'sublet',
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
    });
    hostCookie = await signIn(t.app, host.email);
    otherCookie = await signIn(t.app, other.email);
    adminCookie = await signIn(t.app, admin.email);
  });
  afterAll(async () => {
    await feeds?.close();
    await t?.close();
  });

  describe('export', () => {
    it("serves the listing's stays and blocks at a private address built from PUBLIC_URL", async () => {
      const guest = await createUser(t.db, { firstName: 'Dana', lastName: 'Secretname' });
      await createBooking(t.db, { propertyId: listing.id, guestId: guest.id, checkIn: daysFromNow(20), checkOut: daysFromNow(23) });
      await createBooking(t.db, {
        propertyId: listing.id,
        guestId: guest.id,
        status: 'pending',
        checkIn: daysFromNow(40),
        checkOut: daysFromNow(42),
      });
      await createBooking(t.db, {
        propertyId: listing.id,
        guestId: guest.id,
        status: 'declined',
        checkIn: daysFromNow(50),
        checkOut: daysFromNow(52),
      });
      await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/blocks`, { startDate: daysFromNow(30), endDate: daysFromNow(31) });

      // A forged Host header changes nothing: the address comes from configuration.
      const view = (
        await injectAs(t.app, hostCookie, {
          method: 'GET',
          url: `/api/host/listings/${listing.id}/calendar-sync`,
          headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        })
      ).json<CalendarSync>();
      expect(view.exportUrl).toMatch(/^https:\/\/lina\.example\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      const path = new URL(view.exportUrl).pathname;

      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).not.toContain('Secretname');
      expect(response.body).not.toContain(guest.email);
      expect(response.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

      const parsed = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
      const events = parsed.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
      for (const event of events) {
        expect(event.uid).toMatch(/^(stay|block)-[\w-]+@lina\.example$/);
        expect(event.startDate.isDate).toBe(true);
        expect(event.endDate.compare(event.startDate)).toBe(1);
        expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
      }
      expect(events.map((event) => [event.startDate.toString(), event.endDate.toString(), event.summary]).sort()).toEqual(
        [
          [daysFromNow(20), daysFromNow(23), 'Reserved: Dana'],
          [daysFromNow(30), daysFromNow(31), 'Not available'],
          [daysFromNow(40), daysFromNow(42), 'Reserved: Dana'],
        ].sort(),
      );
      // The same feed twice has the same UIDs.
      const again = new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url: path })).body) as unknown[]);
      expect(again.getAllSubcomponents('vevent').map((c) => c.getFirstPropertyValue('uid'))).toEqual(events.map((event) => event.uid));
    });

    it('answers 404 to a wrong token, and to the old one after rotating', async () => {
      const before = new URL((await syncView()).exportUrl).pathname;
      expect((await t.app.inject({ method: 'GET', url: `/api/ical/${'A'.repeat(43)}.ics` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/ical/short.ics' })).statusCode).toBe(404);
      const rotated = (await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-sync/rotate`)).json<CalendarSync>();
      const after = new URL(rotated.exportUrl).pathname;
      expect(after).not.toBe(before);
      expect((await t.app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: after })).statusCode).toBe(200);
      // Another host cannot see or rotate it.
      expect((await as(otherCookie, 'GET', `/api/host/listings/${listing.id}/calendar-sync`)).statusCode).toBe(404);
    });
  });

  describe('import', () => {
    it('checks addresses and limits the feeds per listing', async () => {
      const bad = await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds`, {
        name: 'FTP',
        url: 'ftp://example.com/a.ics',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_feed_url');
      const ids = [];
      for (let i = 0; i < 10; i++) ids.push((await addFeed(`Feed ${i}`, feeds.url(`/limit-${i}.ics`))).id);
      const duplicate = await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds`, {
        name: 'Again',
        url: feeds.url('/limit-0.ics'),
      });
      expect(duplicate.statusCode).toBe(409);
      const eleventh = await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds`, {
        name: 'Eleven',
        url: feeds.url('/limit-10.ics'),
      });
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json().error.code).toBe('too_many_feeds');
      for (const id of ids) expect((await removeFeed(id)).statusCode).toBe(200);
    });

    it('turns events into blocks: added, changed and removed, all-day and timed', async () => {
      feeds.handlers.set('/airbnb.ics', serve(ics(allDay('a1@airbnb', 60, 63), timedInNewYork('b1@airbnb', 70, 72))));
      // Adding a calendar syncs it at once.
      const feed = await addFeed('Airbnb', feeds.url('/airbnb.ics'));
      expect(feed).toMatchObject({ eventCount: 2, lastError: null });
      expect(feed.lastSyncedAt).not.toBeNull();
      expect((await calendar()).imported.map(({ startDate, endDate, feedName }) => [startDate, endDate, feedName])).toEqual([
        [daysFromNow(60), daysFromNow(63), 'Airbnb'],
        [daysFromNow(70), daysFromNow(72), 'Airbnb'],
      ]);
      // The nights table follows, so search does too; host's own blocks are listed apart.
      const nights = await t.db.select().from(listingNights).where(eq(listingNights.propertyId, listing.id));
      expect(nights.filter((night) => night.blocks > 0).map((night) => night.night)).toEqual(
        expect.arrayContaining([daysFromNow(60), daysFromNow(61), daysFromNow(62), daysFromNow(70), daysFromNow(71)]),
      );
      expect((await calendar()).blocks.map((b) => b.startDate)).toEqual([daysFromNow(30)]);
      // An imported block cannot be removed by itself.
      const importedId = (await calendar()).imported[0]!.id;
      const refused = await as(hostCookie, 'DELETE', `/api/host/listings/${listing.id}/blocks/${importedId}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('imported_block');

      // a1 moves, b1 leaves, c1 arrives.
      feeds.handlers.set('/airbnb.ics', serve(ics(allDay('a1@airbnb', 61, 65), allDay('c1@airbnb', 80, 81))));
      await syncNow(feed.id);
      expect((await calendar()).imported.map(({ startDate, endDate }) => [startDate, endDate])).toEqual([
        [daysFromNow(61), daysFromNow(65)],
        [daysFromNow(80), daysFromNow(81)],
      ]);
      const night70 = await t.db
        .select()
        .from(listingNights)
        .where(eq(listingNights.night, daysFromNow(70)));
      expect(night70.filter((n) => n.propertyId === listing.id && n.blocks > 0)).toEqual([]);

      // Removing the feed opens its dates.
      expect((await removeFeed(feed.id)).statusCode).toBe(200);
      expect((await calendar()).imported).toEqual([]);
    });

    it("exports only what was booked or blocked here, never another site's imported dates (issue 41 item 8)", async () => {
      // Echoed back, an imported reservation would be re-imported by its own site and kept blocked there after a cancellation.
      feeds.handlers.set('/echo.ics', serve(ics(allDay('e1@othersite', 90, 94))));
      const feed = await addFeed('Other site', feeds.url('/echo.ics'));
      expect(feed.eventCount).toBe(1);
      expect((await calendar()).imported.map(({ startDate }) => startDate)).toEqual([daysFromNow(90)]);
      await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/blocks`, { startDate: daysFromNow(96), endDate: daysFromNow(97) });

      const path = new URL((await syncView()).exportUrl).pathname;
      const exported = new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url: path })).body) as unknown[]);
      const starts = exported.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component).startDate.toString());
      expect(starts).not.toContain(daysFromNow(90));
      // The host's own block is still there.
      expect(starts).toContain(daysFromNow(96));
      expect((await removeFeed(feed.id)).statusCode).toBe(200);
    });

    it('sends the validators back and changes nothing on a 304', async () => {
      let body = ics(allDay('e1', 90, 92));
      const seen: (string | undefined)[] = [];
      feeds.handlers.set('/etag.ics', (request, response) => {
        seen.push(request.headers['if-none-match']);
        if (request.headers['if-none-match'] === '"v1"') response.writeHead(304).end();
        else response.writeHead(200, { etag: '"v1"', 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' }).end(body);
      });
      const feed = await addFeed('Etag', feeds.url('/etag.ics'));
      body = ics(); // would remove the event, but the server says nothing changed
      const after304 = await syncNow(feed.id);
      expect(seen).toEqual([undefined, '"v1"']);
      expect(after304).toMatchObject({ eventCount: 1, lastError: null });
      expect((await calendar()).imported.map((b) => b.startDate)).toEqual([daysFromNow(90)]);
      await removeFeed(feed.id);
    });

    it('keeps the last good blocks when a feed breaks, and says why', async () => {
      feeds.handlers.set('/flaky.ics', serve(ics(allDay('f1', 100, 101))));
      const feed = await addFeed('Flaky', feeds.url('/flaky.ics'));
      feeds.handlers.set('/flaky.ics', serve('<html>Maintenance</html>'));
      expect(await syncNow(feed.id)).toMatchObject({ lastError: 'not_calendar', eventCount: 1 });
      feeds.handlers.set('/flaky.ics', (_request, response) => response.writeHead(500).end());
      expect(await syncNow(feed.id)).toMatchObject({ lastError: 'http_status' });
      expect((await calendar()).imported.map((b) => b.startDate)).toEqual([daysFromNow(100)]);
      await removeFeed(feed.id);
    });

    it('stops reading a huge feed past 2 MB', async () => {
      feeds.handlers.set('/huge.ics', (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/calendar' });
        // No Content-Length: the limit must hold while streaming.
        const chunk = 'X'.repeat(64 * 1024);
        let sent = 0;
        const push = () => {
          while (sent < 4 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', push);
          }
          response.end();
        };
        response.on('error', () => undefined);
        push();
      });
      const feed = await addFeed('Huge', feeds.url('/huge.ics'));
      expect(await syncNow(feed.id)).toMatchObject({ lastError: 'too_large' });
      await removeFeed(feed.id);
    });

    it('follows http redirects (3 at most), never to another scheme', async () => {
      feeds.handlers.set('/moved.ics', (_request, response) => response.writeHead(302, { location: '/target.ics' }).end());
      feeds.handlers.set('/target.ics', serve(ics(allDay('m1', 110, 111))));
      feeds.handlers.set('/to-file.ics', (_request, response) => response.writeHead(301, { location: 'file:///etc/passwd' }).end());
      feeds.handlers.set('/loop.ics', (_request, response) => response.writeHead(302, { location: '/loop.ics' }).end());
      const moved = await addFeed('Moved', feeds.url('/moved.ics'));
      expect(await syncNow(moved.id)).toMatchObject({ lastError: null, eventCount: 1 });
      const toFile = await addFeed('To file', feeds.url('/to-file.ics'));
      expect(await syncNow(toFile.id)).toMatchObject({ lastError: 'bad_redirect' });
      const loop = await addFeed('Loop', feeds.url('/loop.ics'));
      const hitsBefore = feeds.hits.get('/loop.ics') ?? 0;
      expect(await syncNow(loop.id)).toMatchObject({ lastError: 'too_many_redirects' });
      expect((feeds.hits.get('/loop.ics') ?? 0) - hitsBefore).toBe(4);
      for (const feed of [moved, toFile, loop]) await removeFeed(feed.id);
    });

    it('refuses private addresses when told to, and gives up on a server that does not answer', async () => {
      feeds.handlers.set('/private.ics', serve(ics(allDay('p1', 120, 121))));
      feeds.handlers.set('/slow.ics', () => undefined);
      const privateFeed = await addFeed('Private', feeds.url('/private.ics'));
      // Added behind the routes' back: adding through them would wait for its first sync.
      const [slow] = await t.db
        .insert(calendarFeeds)
        .values({ propertyId: listing.id, name: 'Slow', url: feeds.url('/slow.ics') })
        .returning();
      await t.db.update(calendarFeeds).set({ lastAttemptAt: null }).where(eq(calendarFeeds.id, privateFeed.id));
      const hitsBefore = feeds.hits.get('/private.ics');
      const settings = { db: t.db, log: t.app.log, siteUrl: 'https://lina.example', everyMinutes: 15 };
      const refused = await syncFeed({ ...settings, allowPrivateAddresses: false }, await claimFeedNow(t.db, listing.id, privateFeed.id));
      expect(refused).toEqual({ kind: 'failed', error: 'private_address' });
      expect(feeds.hits.get('/private.ics')).toBe(hitsBefore);
      // A name that resolves to loopback is refused too (the check is on the address connected to).
      await t.db
        .update(calendarFeeds)
        .set({ url: feeds.url('/private.ics').replace('127.0.0.1', 'localhost'), lastAttemptAt: null })
        .where(eq(calendarFeeds.id, privateFeed.id));
      const byName = await syncFeed({ ...settings, allowPrivateAddresses: false }, await claimFeedNow(t.db, listing.id, privateFeed.id));
      expect(byName).toEqual({ kind: 'failed', error: 'private_address' });
      const timedOut = await syncFeed(
        { ...settings, allowPrivateAddresses: true, timeoutMs: 300 },
        await claimFeedNow(t.db, listing.id, slow!.id),
      );
      expect(timedOut).toEqual({ kind: 'failed', error: 'timeout' });
      await removeFeed(privateFeed.id);
      await removeFeed(slow!.id);
    });

    it('lets a host sync now once a minute, and only their own listing', async () => {
      feeds.handlers.set('/once.ics', serve(ics()));
      const feed = await addFeed('Once', feeds.url('/once.ics'));
      const again = await as(hostCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds/${feed.id}/sync`);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.code).toBe('sync_too_soon');
      expect((await as(otherCookie, 'POST', `/api/host/listings/${listing.id}/calendar-feeds/${feed.id}/sync`)).statusCode).toBe(404);
      expect((await as(otherCookie, 'DELETE', `/api/host/listings/${listing.id}/calendar-feeds/${feed.id}`)).statusCode).toBe(404);
      await removeFeed(feed.id);
    });

    it('records an imported event over a stay, flags it to host and admin and mails the host once, cancelling nothing', async () => {
      // The stay of the export test holds days 20 to 23.
      feeds.handlers.set('/booking.ics', serve(ics(allDay('bk1@booking', 21, 24))));
      const feed = await addFeed('Booking.com', feeds.url('/booking.ics'));
      expect((await calendar()).imported.map((b) => [b.startDate, b.endDate])).toContainEqual([daysFromNow(21), daysFromNow(24)]);
      expect((await calendar()).stays.map((s) => [s.checkIn, s.status])).toContainEqual([daysFromNow(20), 'confirmed']);
      const { conflicts } = await syncView();
      expect(conflicts).toEqual([
        expect.objectContaining({
          feedName: 'Booking.com',
          checkIn: daysFromNow(20),
          startDate: daysFromNow(21),
          endDate: daysFromNow(24),
        }),
      ]);
      const admin = await as(adminCookie, 'GET', '/api/admin/calendar-conflicts');
      expect(admin.json().conflicts).toEqual([
        expect.objectContaining({ propertyId: listing.id, hostEmail, feedName: 'Booking.com', listingTitle: 'Test sublet apartment' }),
      ]);
      // A Hebrew reader sees the listing's Hebrew title (issue 41, item 5).
      const adminHe = await as(adminCookie, 'GET', '/api/admin/calendar-conflicts?lang=he');
      expect(adminHe.json().conflicts).toEqual([expect.objectContaining({ listingTitle: 'דירת סאבלט לבדיקה' })]);
      expect((await as(hostCookie, 'GET', '/api/admin/calendar-conflicts')).statusCode).toBe(403);
      await syncNow(feed.id);
      const mails = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, hostEmail));
      expect(mails.filter((mail) => mail.subject.startsWith('Calendar conflict'))).toHaveLength(1);
      await removeFeed(feed.id);
      expect((await syncView()).conflicts).toEqual([]);
    });
  });
});
