import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, dateHorizon, today } from '../../../core/dates.ts';
import { bookings, listingBlocks } from '../../db/schema.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/**
 * The date horizon (docs/decisions/034-date-horizon.md): every day a stay, a block, a price rule or a
 * search names falls from yesterday to two years ahead in Israel, refused as 400 before anything is
 * written; and a row already stored with a wild day converts in every list that shows it.
 */
describe('booking dates within the horizon', () => {
  let t: TestContext;
  let hostId: string;
  let guestId: string;
  let host: string;
  let guest: string;
  let requests = 0;
  const day = (days: number) => addDaysIso(today(), days);

  /** A home with no availability window and any stay length, so only the horizon can refuse a date. */
  const openHome = () =>
    createProperty(t.db, { propertyType: 'sublet', hostId, availableFrom: null, availableUntil: null, minStayDays: 1, maxStayDays: 3650 });
  const book = (body: Record<string, unknown>) =>
    injectAs(t.app, guest, { method: 'POST', url: '/api/bookings', payload: body, remoteAddress: `10.77.0.${++requests}` });
  const lists = async () => ({
    guest: await injectAs(t.app, guest, { method: 'GET', url: '/api/bookings' }),
    host: await injectAs(t.app, host, { method: 'GET', url: '/api/host/bookings' }),
  });

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'horizon-host@example.com', role: 'host' })).id;
    guestId = (await createUser(t.db, { email: 'horizon-guest@example.com', profile: { idVerificationStatus: 'verified' } })).id;
    host = await signIn(t.app, 'horizon-host@example.com');
    guest = await signIn(t.app, 'horizon-guest@example.com');
  });
  afterAll(() => t.close());

  it('refuses a request in year 9999 with 400 validation_failed naming both dates, stores nothing, and both lists still answer', async () => {
    const listing = await openHome();
    const response = await book({ propertyId: listing.id, checkIn: '9999-12-30', checkOut: '9999-12-31' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { checkIn: expect.stringContaining('Dates must fall from'), checkOut: expect.any(String) },
    });
    expect(await t.db.select().from(bookings).where(eq(bookings.propertyId, listing.id))).toHaveLength(0);
    const { guest: mine, host: theirs } = await lists();
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
  });

  it('takes a stay ending on the horizon’s last day, refuses one a day beyond it and one starting before yesterday', async () => {
    const listing = await openHome();
    const last = await book({ propertyId: listing.id, checkIn: day(dateHorizon.daysAhead - 3), checkOut: day(dateHorizon.daysAhead) });
    expect(last.statusCode).toBe(201);
    const beyond = await book({
      propertyId: listing.id,
      checkIn: day(dateHorizon.daysAhead - 2),
      checkOut: day(dateHorizon.daysAhead + 1),
    });
    expect(beyond.statusCode).toBe(400);
    expect(Object.keys(beyond.json().error.fields)).toEqual(['checkOut']);
    // Yesterday is inside the horizon (a visitor west of Israel), and the stay rules name the problem.
    const yesterday = await book({ propertyId: listing.id, checkIn: day(-1), checkOut: day(2) });
    expect(yesterday.json().error.code).toBe('check_in_in_past');
    const longAgo = await book({ propertyId: listing.id, checkIn: '0000-01-01', checkOut: day(2) });
    expect(longAgo.statusCode).toBe(400);
    expect(longAgo.json().error).toMatchObject({ code: 'validation_failed', fields: { checkIn: expect.any(String) } });
  });

  it('refuses blocks and price rules beyond the horizon, and searches outside it, as 400 naming the field', async () => {
    const listing = await openHome();
    const block = await injectAs(t.app, host, {
      method: 'POST',
      url: `/api/host/listings/${listing.id}/blocks`,
      payload: { startDate: '9999-01-01', endDate: '9999-12-31' },
    });
    expect(block.statusCode).toBe(400);
    expect(block.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { startDate: expect.any(String), endDate: expect.any(String) },
    });
    const rule = await injectAs(t.app, host, {
      method: 'POST',
      url: `/api/host/listings/${listing.id}/price-rules`,
      payload: { startDate: day(10), endDate: '9999-12-31', adjustPercent: 10 },
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().error).toMatchObject({ code: 'validation_failed', fields: { endDate: expect.any(String) } });
    const search = await t.app.inject({ method: 'GET', url: '/api/search?type=sublet&checkIn=9999-12-01&checkOut=9999-12-31' });
    expect(search.statusCode).toBe(400);
    expect(search.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { checkIn: expect.any(String), checkOut: expect.any(String) },
    });
    const listingWindow = await injectAs(t.app, host, {
      method: 'PATCH',
      url: `/api/host/listings/${listing.id}`,
      payload: { availableFrom: '0000-01-01' },
    });
    expect(listingWindow.statusCode).toBe(400);
    expect(listingWindow.json().error).toMatchObject({ code: 'validation_failed', fields: { availableFrom: expect.any(String) } });
  });

  it('lists rows already stored with wild dates (year 9999, year 1) for the guest and the host, and their calendars, without a 5xx', async () => {
    const listing = await openHome();
    const wild = await createBooking(t.db, {
      propertyId: listing.id,
      guestId,
      checkIn: '9999-12-25',
      checkOut: '9999-12-31',
      status: 'completed',
    });
    const ancient = await createBooking(t.db, {
      propertyId: listing.id,
      guestId,
      checkIn: '0001-01-01',
      checkOut: '0001-01-03',
      status: 'completed',
    });
    const pending = await createBooking(t.db, {
      propertyId: listing.id,
      guestId,
      checkIn: '9999-12-29',
      checkOut: '9999-12-31',
      status: 'pending',
    });
    // A block stored from today to eight years ahead: the property page's held dates look only to the horizon.
    await t.db.insert(listingBlocks).values({ propertyId: listing.id, startDate: day(0), endDate: day(3000) });

    const { guest: mine, host: theirs } = await lists();
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    for (const list of [mine.json().bookings, theirs.json().bookings] as { id: string; checkIn: string; reviews: unknown }[][]) {
      expect(list.map((booking) => booking.id)).toEqual(expect.arrayContaining([wild.id, ancient.id, pending.id]));
      expect(list.find((booking) => booking.id === wild.id)).toMatchObject({
        checkIn: '9999-12-25',
        reviews: { windowEndsAt: expect.stringMatching(/^9999-12-3/) },
      });
    }
    // What cancelling would refund converts the check-in day to an instant.
    const cancellation = await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${pending.id}/cancellation` });
    expect(cancellation.statusCode).toBe(200);

    const calendar = await injectAs(t.app, host, { method: 'GET', url: `/api/host/listings/${listing.id}/calendar` });
    expect(calendar.statusCode).toBe(200);
    // The private calendar export other sites read carries the stays too.
    const sync = await injectAs(t.app, host, { method: 'GET', url: `/api/host/listings/${listing.id}/calendar-sync` });
    const feed = await t.app.inject({ method: 'GET', url: new URL((sync.json() as { exportUrl: string }).exportUrl).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('DTSTART;VALUE=DATE:99991229');
    const held = await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}/held-dates` });
    expect(held.statusCode).toBe(200);
    expect(held.json().held).toEqual([{ checkIn: day(0), checkOut: day(dateHorizon.daysBack + dateHorizon.daysAhead) }]);
  });
});
