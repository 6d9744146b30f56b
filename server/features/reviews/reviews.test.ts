import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema.ts';
import { createBooking, createProperty, createReview, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('reviews', () => {
  let t: TestContext;
  let guest: string;
  let host: string;
  let guestId: string;
  let hostId: string;

  const review = (cookie: string, id: string, payload: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/review`, payload });
  const pastStay = (propertyId: number, status: 'completed' | 'confirmed' = 'completed') =>
    createBooking(t.db, { propertyId, guestId, status, checkIn: daysFromNow(-20), checkOut: daysFromNow(-10) });
  const ratingOf = async (id: number) =>
    (
      await t.db.select({ average: properties.ratingAverage, count: properties.reviewCount }).from(properties).where(eq(properties.id, id))
    )[0];

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host' })).id;
    guestId = (await createUser(t.db, { email: 'guest@example.com' })).id;
    host = await signIn(t.app, 'host@example.com');
    guest = await signIn(t.app, 'guest@example.com');
  });
  afterAll(() => t.close());

  it("takes one review per completed stay and feeds the listing's rating", async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    await createReview(t.db, { bookingId: (await pastStay(listing.id)).id, rating: 5 });
    expect(await ratingOf(listing.id)).toEqual({ average: 5, count: 1 });

    const stay = await pastStay(listing.id);
    const first = await review(guest, stay.id, { rating: 2, body: '  Noisy street, but a kind host.  ', language: 'en' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ rating: 2, body: 'Noisy street, but a kind host.' });
    expect(await ratingOf(listing.id)).toEqual({ average: 3.5, count: 2 });

    const mine = (await injectAs(t.app, guest, { method: 'GET', url: '/api/bookings' })).json().bookings;
    expect(mine.find((b: { id: string }) => b.id === stay.id).review).toEqual({ rating: 2, body: 'Noisy street, but a kind host.' });
    const page = (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}` })).json();
    expect(page).toMatchObject({ ratingAverage: 3.5, reviewCount: 2 });
    expect(page.reviews.map((r: { body: string }) => r.body)).toContain('Noisy street, but a kind host.');

    const again = await review(guest, stay.id, { rating: 5, body: 'Changed my mind, it was great.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_reviewed');
    expect(await ratingOf(listing.id)).toEqual({ average: 3.5, count: 2 });
  });

  it('only the guest reviews, and only after the stay is completed', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const ongoing = await pastStay(listing.id, 'confirmed');
    const notYet = await review(guest, ongoing.id, { rating: 4, body: 'Lovely place to stay.' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('stay_not_completed');

    const done = await pastStay(listing.id);
    expect((await review(host, done.id, { rating: 5, body: 'My own place is great.' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/bookings/${done.id}/review`,
          payload: { rating: 5, body: 'Anonymous praise!' },
          headers: { 'x-requested-with': 'fetch' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await ratingOf(listing.id)).toEqual({ average: null, count: 0 });
  });

  it('refuses ratings outside 1–5 and too short or too long text with a validation error', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const stay = await pastStay(listing.id);
    for (const payload of [
      { rating: 0, body: 'Lovely place to stay.' },
      { rating: 6, body: 'Lovely place to stay.' },
      { rating: 4.5, body: 'Lovely place to stay.' },
      { rating: 4, body: '   short   ' },
      { rating: 4, body: 'x'.repeat(2001) },
      { rating: '5', body: 'Lovely place to stay.' },
    ]) {
      const response = await review(guest, stay.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});
