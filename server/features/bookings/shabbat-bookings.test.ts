import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../../core/dates.ts';
import { isShabbatOrYomTov } from '../../../core/hebrew-calendar.ts';
import { isEve } from '../../../core/shabbat-rules.ts';
import { createPlace, createProperty, createUser, daysFromNow, type Place } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/** The first Friday from `from` on that is an ordinary eve of Shabbat, with an ordinary Thursday before it. */
function plainFriday(from: string): string {
  for (let day = from; ; day = addDaysIso(day, 1)) {
    const thursday = addDaysIso(day, -1);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 5 && isEve(day) && !isShabbatOrYomTov(thursday) && !isEve(thursday)) return day;
  }
}

/** Listings that keep Shabbat (core/shabbat-rules.ts): the server refuses their Shabbat dates. */
describe('Shabbat-aware stays', () => {
  let t: TestContext;
  let guest: string;
  let hostId: string;
  let city: Place;
  let requests = 0;

  const book = (body: Record<string, unknown>) =>
    injectAs(t.app, guest, { method: 'POST', url: '/api/bookings', payload: body, remoteAddress: `10.8.0.${++requests}` });

  /** A rental open for a year that keeps Shabbat, guests arriving from `checkInTime`. */
  const keeper = (checkInTime: string, overrides: Parameters<typeof createProperty>[1] = {}) =>
    createProperty(t.db, {
      propertyType: 'rental',
      hostId,
      placeId: city.id,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
      keepsShabbat: true,
      checkInTime,
      ...overrides,
    });

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host', profile: { idVerificationStatus: 'verified' } })).id;
    await createUser(t.db, { email: 'guest@example.com' });
    guest = await signIn(t.app, 'guest@example.com');
    // Jerusalem's coordinates under its gazetteer slug: candles 40 minutes before sunset.
    city = await createPlace(t.db, { slug: 'jerusalem', nameEn: 'Jerusalem', nameHe: 'ירושלים', latitude: 31.7683, longitude: 35.2137 });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses check-in on Friday evening, on Shabbat and check-out on Shabbat, each with its code; a stay over Shabbat is fine', async () => {
    const friday = plainFriday(daysFromNow(7));
    const [thursday, saturday, sunday] = [addDaysIso(friday, -1), addDaysIso(friday, 1), addDaysIso(friday, 2)];
    // Check-in from 19:00 is less than an hour before candle-lighting on every Friday of the year.
    const evening = await keeper('19:00');
    const cases: [Record<string, unknown>, string][] = [
      [{ checkIn: friday, checkOut: addDaysIso(friday, 5) }, 'check_in_after_candle_lighting'],
      [{ checkIn: saturday, checkOut: addDaysIso(saturday, 5) }, 'check_in_on_shabbat'],
      [{ checkIn: addDaysIso(thursday, -3), checkOut: saturday }, 'check_out_on_shabbat'],
    ];
    for (const [dates, code] of cases) {
      const response = await book({ propertyId: evening.id, ...dates });
      expect([response.statusCode, response.json().error.code], JSON.stringify(dates)).toEqual([400, code]);
    }
    expect((await book({ propertyId: evening.id, checkIn: thursday, checkOut: sunday })).statusCode).toBe(201);
    // A listing that does not keep Shabbat takes the Friday arrival.
    const relaxed = await keeper('19:00', { keepsShabbat: false });
    expect((await book({ propertyId: relaxed.id, checkIn: friday, checkOut: addDaysIso(friday, 5) })).statusCode).toBe(201);
  });

  it('shows the rule, the check-in time and the city on the property page', async () => {
    const listing = await keeper('16:30');
    const detail = (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}` })).json();
    expect(detail).toMatchObject({
      keepsShabbat: true,
      checkInTime: '16:30',
      city: { slug: 'jerusalem', latitude: 31.7683, longitude: 35.2137 },
    });
  });
});
