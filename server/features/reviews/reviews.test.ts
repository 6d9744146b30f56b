import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import { guestReviews, hostFigures, outgoingMail, properties, reviews } from '../../db/schema.ts';
import { createBooking, createProperty, createReview, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { announceDueReviews } from './reviews-repository.ts';

const categories = { cleanliness: 5, accuracy: 4, communication: 5, location: 3, value: 4 };

describe('two-way reviews', () => {
  let t: TestContext;
  let guest: string;
  let host: string;
  let stranger: string;
  let guestId: string;
  let hostId: string;

  const review = (cookie: string, id: string, payload: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/review`, payload });
  const reviewGuest = (cookie: string, id: string, payload: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/guest-review`, payload });
  const reply = (cookie: string, id: number, body: string) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/reviews/${id}/reply`, payload: { body } });
  const pastStay = (propertyId: number, checkOutDaysAgo = 3, status: 'completed' | 'confirmed' = 'completed') =>
    createBooking(t.db, {
      propertyId,
      guestId,
      status,
      checkIn: daysFromNow(-checkOutDaysAgo - 2),
      checkOut: daysFromNow(-checkOutDaysAgo),
    });
  const ratingOf = async (id: number) =>
    (
      await t.db.select({ average: properties.ratingAverage, count: properties.reviewCount }).from(properties).where(eq(properties.id, id))
    )[0];
  const page = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/properties/${id}` })).json() as ListingDetail;
  const bookingAs = async (cookie: string, url: string, id: string) =>
    ((await injectAs(t.app, cookie, { method: 'GET', url })).json().bookings as BookingView[]).find((b) => b.id === id)!;
  const person = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/people/${id}` })).json();
  const mailsTo = async (address: string) =>
    (await t.db.select({ to: outgoingMail.toAddress, subject: outgoingMail.subject }).from(outgoingMail)).filter((m) => m.to === address);

  beforeAll(async () => {
    t = await createTestContext();
    await t.db.execute(sql`insert into platform_settings (key, value) values ('launch_mode', '"live"')`);
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host', firstName: 'Yossi' })).id;
    guestId = (await createUser(t.db, { email: 'guest@example.com', firstName: 'Dana' })).id;
    await createUser(t.db, { email: 'stranger@example.com', role: 'host' });
    host = await signIn(t.app, 'host@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    stranger = await signIn(t.app, 'stranger@example.com');
  });
  afterAll(() => t.close());

  it('keeps the first review hidden from the other side and the public, then publishes both together', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const stay = await pastStay(listing.id);

    const first = await review(guest, stay.id, { rating: 4, categories, body: '  Quiet street, a kind host.  ', language: 'en' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 4, categories, body: 'Quiet street, a kind host.', published: false, reply: null });

    // The guest sees their own review; the host only that one was written; the page and the rating nothing.
    expect((await bookingAs(guest, '/api/bookings', stay.id)).review).toMatchObject({
      body: 'Quiet street, a kind host.',
      published: false,
    });
    const hostView = await bookingAs(host, '/api/host/bookings', stay.id);
    expect(hostView.review).toBeNull();
    expect(hostView.reviews).toMatchObject({ guestReviewed: true, hostReviewed: false, windowOpen: true });
    expect((await page(listing.id)).reviews).toEqual([]);
    expect(await ratingOf(listing.id)).toEqual({ average: null, count: 0 });

    const second = await reviewGuest(host, stay.id, { rating: 5, body: 'A considerate guest, welcome back.', language: 'en' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ rating: 5, published: true });

    // Both at once: the page, the rating, the host's figures, the guest's profile and a mail to each side.
    const shown = await page(listing.id);
    expect(shown.reviews).toMatchObject([
      { rating: 4, categories, body: 'Quiet street, a kind host.', authorFirstName: 'Dana', reply: null },
    ]);
    expect(shown.categoryAverages).toEqual({ cleanliness: 5, accuracy: 4, communication: 5, location: 3, value: 4 });
    expect(shown).toMatchObject({ ratingAverage: 4, reviewCount: 1 });
    expect(await ratingOf(listing.id)).toEqual({ average: 4, count: 1 });
    expect((await t.db.select().from(hostFigures).where(eq(hostFigures.hostId, hostId)))[0]).toMatchObject({
      reviewCount: 1,
      ratingAverage: 4,
    });
    expect((await bookingAs(host, '/api/host/bookings', stay.id)).review).toMatchObject({ published: true });
    expect((await bookingAs(guest, '/api/bookings', stay.id)).guestReview).toMatchObject({
      body: 'A considerate guest, welcome back.',
      published: true,
    });
    expect((await person(guestId)).reviewsFromHosts).toMatchObject([
      { rating: 5, body: 'A considerate guest, welcome back.', authorFirstName: 'Yossi' },
    ]);
    expect(await mailsTo('host@example.com')).toHaveLength(1);
    expect(await mailsTo('guest@example.com')).toHaveLength(1);
  });

  it('publishes a lone review when the 14 days are over, without any job, and the job then tells the other side once', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const stay = await pastStay(listing.id, 2);
    expect((await review(guest, stay.id, { rating: 2, categories, body: 'The shower was broken all week.' })).statusCode).toBe(201);
    const lone = await createBooking(t.db, {
      propertyId: listing.id,
      status: 'completed',
      checkIn: daysFromNow(-4),
      checkOut: daysFromNow(-3),
    });
    expect((await reviewGuest(host, lone.id, { rating: 3, body: 'Left the kitchen in a mess.' })).statusCode).toBe(201);
    expect((await page(listing.id)).reviews).toEqual([]);

    // Time passes in the database: the window of both stays has ended.
    await t.db.execute(sql`update reviews set visible_at = now() - interval '1 minute' where booking_id = ${stay.id}`);
    await t.db.execute(sql`update guest_reviews set visible_at = now() - interval '1 minute' where booking_id = ${lone.id}`);
    expect((await page(listing.id)).reviews.map((r) => r.body)).toEqual(['The shower was broken all week.']);
    expect((await bookingAs(host, '/api/host/bookings', stay.id)).review).toMatchObject({ published: true });

    const mailsBefore = (await t.db.select().from(outgoingMail)).length;
    const [one, two] = await Promise.all([announceDueReviews(t.db), announceDueReviews(t.db)]);
    const notices = [...one!, ...two!];
    expect(notices.filter((n) => n.bookingId === stay.id)).toEqual([{ bookingId: stay.id, author: 'guest' }]);
    expect(notices.filter((n) => n.bookingId === lone.id)).toEqual([{ bookingId: lone.id, author: 'host' }]);
    expect(await ratingOf(listing.id)).toEqual({ average: 2, count: 1 });
    expect(await announceDueReviews(t.db)).toEqual([]);
    expect((await t.db.select().from(outgoingMail)).length).toBe(mailsBefore);

    // After the window nothing more is taken.
    const late = await review(guest, lone.id, { rating: 5, categories, body: 'Lovely, but I forgot to write.' });
    expect(late.statusCode).toBe(404);
    const closed = await pastStay(listing.id, 15);
    const tooLate = await review(guest, closed.id, { rating: 5, categories, body: 'Lovely, but I forgot to write.' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.code).toBe('review_window_closed');
    expect((await reviewGuest(host, closed.id, { rating: 5, body: 'Great guest, a bit late.' })).json().error.code).toBe(
      'review_window_closed',
    );
  });

  it('lets the host reply once, in public, to a published review of their own listing only', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const hidden = await pastStay(listing.id);
    const hiddenReview = (await review(guest, hidden.id, { rating: 3, categories, body: 'Fine but noisy at night.' })).json();
    expect((await reply(host, hiddenReview.id, 'Thanks, we added curtains.')).json().error.code).toBe('review_not_found');

    const published = await createReview(t.db, { propertyId: listing.id, rating: 5, body: 'Perfect in every way.' });
    expect((await reply(stranger, published.id, 'Not my place to answer.')).statusCode).toBe(404);
    expect((await reply(guest, published.id, 'Replying to myself.')).statusCode).toBe(404);
    const first = await reply(host, published.id, '  Thank you, come again!  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ body: 'Thank you, come again!' });
    const again = await reply(host, published.id, 'One more thing…');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_replied');
    expect((await page(listing.id)).reviews.find((r) => r.id === published.id)?.reply).toMatchObject({ body: 'Thank you, come again!' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/reviews/${published.id}/reply`,
          payload: { body: 'Hi' },
          headers: { 'x-requested-with': 'fetch' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('takes one review from each side, only from its own side, only after the stay is completed', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const ongoing = await pastStay(listing.id, 1, 'confirmed');
    expect((await review(guest, ongoing.id, { rating: 4, categories, body: 'Lovely place to stay.' })).json().error.code).toBe(
      'stay_not_completed',
    );
    expect((await reviewGuest(host, ongoing.id, { rating: 4, body: 'Lovely guest to host.' })).json().error.code).toBe(
      'stay_not_completed',
    );

    const done = await pastStay(listing.id);
    expect((await review(host, done.id, { rating: 5, categories, body: 'My own place is great.' })).statusCode).toBe(404);
    expect((await reviewGuest(guest, done.id, { rating: 5, body: 'I am a great guest.' })).statusCode).toBe(404);
    expect((await reviewGuest(stranger, done.id, { rating: 5, body: 'Never met them.' })).statusCode).toBe(404);
    expect((await review(guest, done.id, { rating: 5, categories, body: 'Lovely place to stay.' })).statusCode).toBe(201);
    expect((await review(guest, done.id, { rating: 1, categories, body: 'Changed my mind.' })).json().error.code).toBe('already_reviewed');
    expect((await reviewGuest(host, done.id, { rating: 5, body: 'Lovely guest to host.' })).statusCode).toBe(201);
    expect((await reviewGuest(host, done.id, { rating: 1, body: 'Changed my mind.' })).json().error.code).toBe('already_reviewed');
    expect((await t.db.select().from(guestReviews).where(eq(guestReviews.bookingId, done.id))).length).toBe(1);
    expect((await t.db.select().from(reviews).where(eq(reviews.bookingId, done.id))).length).toBe(1);
  });

  it('refuses ratings outside 1–5, missing categories and too short or too long text with a validation error', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    const stay = await pastStay(listing.id);
    for (const payload of [
      { rating: 0, categories, body: 'Lovely place to stay.' },
      { rating: 6, categories, body: 'Lovely place to stay.' },
      { rating: 4.5, categories, body: 'Lovely place to stay.' },
      { rating: 4, body: 'Lovely place to stay.' },
      { rating: 4, categories: { ...categories, value: 0 }, body: 'Lovely place to stay.' },
      { rating: 4, categories, body: '   short   ' },
      { rating: 4, categories, body: 'x'.repeat(2001) },
    ]) {
      const response = await review(guest, stay.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await reviewGuest(host, stay.id, { rating: 7, body: 'Lovely guest to host.' })).json().error.code).toBe('validation_failed');
  });

  // Only PostgreSQL has concurrent connections to race (PGlite serves one query at a time).
  it.runIf(testDriver === 'postgres')('publishes both when the guest and the host review at the same moment', async () => {
    const listing = await createProperty(t.db, { hostId, minStayDays: 1 });
    for (let round = 0; round < 5; round++) {
      const stay = await pastStay(listing.id, 1 + round);
      const [a, b] = await Promise.all([
        review(guest, stay.id, { rating: 5, categories, body: 'Lovely place to stay.' }),
        reviewGuest(host, stay.id, { rating: 5, body: 'Lovely guest to host.' }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect((await bookingAs(guest, '/api/bookings', stay.id)).guestReview?.published).toBe(true);
      expect((await bookingAs(host, '/api/host/bookings', stay.id)).review?.published).toBe(true);
    }
  });
});
