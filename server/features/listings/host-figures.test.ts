import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOutcome, isSuperHost, superHostThresholds } from '../../../core/super-host.ts';
import type { Database } from '../../db/database.ts';
import { figuresCurrent, refreshHostFigures } from '../../db/host-figures.ts';
import { bookingMessages, bookings, conversations, hostFigures, platformSettings, properties, reviews } from '../../db/schema.ts';
import { createBooking, createGuestReview, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { setUserStatus } from '../admin/admin-users-repository.ts';
import { runBookingJobs } from '../bookings/use-cases/run-booking-jobs.ts';

/**
 * The figures as the property page computed them on every request before host_figures existed,
 * kept here word for word as the reference the table must agree with.
 */
async function perRequestAggregate(db: Database, hostId: string, now = new Date()) {
  const windowStart = new Date(now.getTime() - superHostThresholds.windowDays * 24 * 60 * 60 * 1000);
  const [stays] = await db
    .select({
      completedStays: sql<number>`count(*) filter (where ${bookings.status} = 'completed')::int`,
      answeredRequests: sql<number>`count(*) filter (where ${bookings.decidedAt} is not null and ${bookings.cancelledBy} is distinct from ${bookings.guestId} and ${bookings.createdAt} >= ${windowStart})::int`,
      expiredRequests: sql<number>`count(*) filter (where ${bookings.status} = 'expired' and ${bookings.createdAt} >= ${windowStart})::int`,
      hostCancellations: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = ${hostId} and ${bookings.updatedAt} >= ${windowStart})::int`,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(properties.hostId, hostId));
  const [rating] = await db
    .select({ average: sql<number | null>`avg(${reviews.rating})::float`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(and(eq(properties.hostId, hostId), lte(reviews.visibleAt, now)));
  // The response figures by the pure rule (core/super-host.ts askOutcome), one request at a time.
  const requests = await db
    .select({
      askedAt: bookings.createdAt,
      decidedAt: bookings.decidedAt,
      withdrawn: sql<boolean>`${bookings.cancelledBy} is not distinct from ${bookings.guestId}`,
      firstHostMessage: sql<
        string | null
      >`(select min(m.created_at) from booking_messages m where m.booking_id = ${bookings.id} and m.sender_id = ${hostId})`,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(and(eq(properties.hostId, hostId), isNotNull(bookings.expiresAt), gte(bookings.createdAt, windowStart)));
  const outcomes = requests.map((request) => {
    const decided = request.withdrawn ? null : request.decidedAt;
    const message = request.firstHostMessage === null ? null : new Date(request.firstHostMessage);
    const answeredAt =
      [decided, message].filter((time): time is Date => time !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    const withdrawnAt = request.withdrawn ? request.decidedAt : null;
    return { answeredAt, askedAt: request.askedAt, outcome: askOutcome({ askedAt: request.askedAt, answeredAt, withdrawnAt }, now) };
  });
  // Inquiries: conversations the guest opened before any request, answered by the host's next message.
  const messages = await db
    .select({
      conversationId: bookingMessages.conversationId,
      guestId: conversations.guestId,
      senderId: bookingMessages.senderId,
      bookingId: bookingMessages.bookingId,
      createdAt: bookingMessages.createdAt,
    })
    .from(bookingMessages)
    .innerJoin(conversations, eq(conversations.id, bookingMessages.conversationId))
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .where(eq(properties.hostId, hostId))
    .orderBy(bookingMessages.createdAt, bookingMessages.id);
  for (const conversationId of new Set(messages.map((message) => message.conversationId))) {
    const thread = messages.filter((message) => message.conversationId === conversationId);
    const first = thread[0]!;
    if (first.senderId !== first.guestId || first.bookingId !== null || first.createdAt < windowStart) continue;
    const answeredAt = thread.find((message) => message.senderId === hostId && message.createdAt >= first.createdAt)?.createdAt ?? null;
    const askedAt = first.createdAt;
    outcomes.push({ answeredAt, askedAt, outcome: askOutcome({ askedAt, answeredAt, withdrawnAt: null }, now) });
  }
  const counted = outcomes.filter((o) => o.outcome === 'answered_in_day' || o.outcome === 'late');
  const delays = outcomes
    .flatMap((o) => (o.answeredAt ? [(o.answeredAt.getTime() - o.askedAt.getTime()) / 60_000] : []))
    .sort((a, b) => a - b);
  const median =
    delays.length === 0
      ? null
      : Math.round(
          delays.length % 2 ? delays[(delays.length - 1) / 2]! : (delays[delays.length / 2 - 1]! + delays[delays.length / 2]!) / 2,
        );
  return {
    ratingAverage: rating?.average ?? null,
    reviewCount: rating?.count ?? 0,
    completedStays: stays?.completedStays ?? 0,
    answeredRequests: stays?.answeredRequests ?? 0,
    expiredRequests: stays?.expiredRequests ?? 0,
    hostCancellations: stays?.hostCancellations ?? 0,
    requestsAsked: counted.length,
    requestsAnsweredInDay: counted.filter((o) => o.outcome === 'answered_in_day').length,
    responseMinutes: median,
  };
}

async function storedFigures(db: Database, hostId: string) {
  const [row] = await db.select().from(hostFigures).where(eq(hostFigures.hostId, hostId));
  if (!row) return undefined;
  const {
    ratingAverage,
    reviewCount,
    completedStays,
    answeredRequests,
    expiredRequests,
    hostCancellations,
    requestsAsked,
    requestsAnsweredInDay,
    responseMinutes,
  } = row;
  return {
    ratingAverage,
    reviewCount,
    completedStays,
    answeredRequests,
    expiredRequests,
    hostCancellations,
    requestsAsked,
    requestsAnsweredInDay,
    responseMinutes,
  };
}

describe('host figures', () => {
  let t: TestContext;
  let requests = 0;

  const book = (cookie: string, body: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: '/api/bookings', payload: body, remoteAddress: `10.7.0.${++requests % 250}` });
  const act = (cookie: string, id: string, action: string) =>
    injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/${action}` });
  const review = (cookie: string, id: string, rating: number) =>
    injectAs(t.app, cookie, {
      method: 'POST',
      url: `/api/bookings/${id}/review`,
      payload: {
        rating,
        categories: { cleanliness: rating, accuracy: rating, communication: rating, location: rating, value: rating },
        body: 'A fair place to stay.',
      },
    });
  let guestCount = 0;
  const newGuest = async () => {
    // Verified, so a hotel books at once (instant booking).
    const user = await createUser(t.db, {
      email: `figures-guest-${++guestCount}@example.com`,
      profile: { idVerificationStatus: 'verified' },
    });
    return { id: user.id, cookie: await signIn(t.app, user.email) };
  };

  beforeAll(async () => {
    t = await createTestContext();
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
  });
  afterAll(() => t.close());

  it('stay equal to the per-request aggregate through reviews, answers, cancellations, expiries and completions', async () => {
    const host = await createUser(t.db, { email: 'figures-host@example.com', role: 'host' });
    const hostCookie = await signIn(t.app, host.email);
    const home = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId: host.id,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
    });
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId: host.id, roomCount: 5, minStayDays: 1 });
    // The page reads the row (making it only when missing or outdated, which a present row is not), then the row must match.
    const agrees = async () => {
      const card = (await t.app.inject({ method: 'GET', url: `/api/properties/${home.id}` })).json().host;
      const reference = await perRequestAggregate(t.db, host.id);
      expect(await storedFigures(t.db, host.id)).toEqual(reference);
      expect(card).toMatchObject({
        reviewCount: reference.reviewCount,
        ratingAverage: reference.ratingAverage === null ? null : Math.round(reference.ratingAverage * 100) / 100,
        superHost: isSuperHost(reference),
      });
    };

    // Before any event the host has no row: the first page view makes it.
    expect(await storedFigures(t.db, host.id)).toBeUndefined();
    await agrees();

    // Requests at the home: accepted, declined, withdrawn by the guest, cancelled by the host.
    const stays: { id: string; cookie: string; booking: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const guest = await newGuest();
      const response = await book(guest.cookie, {
        propertyId: home.id,
        checkIn: daysFromNow(10 + i * 10),
        checkOut: daysFromNow(15 + i * 10),
      });
      expect(response.statusCode).toBe(201);
      stays.push({ ...guest, booking: response.json().id });
    }
    await agrees();
    expect((await act(hostCookie, stays[0]!.booking, 'accept')).statusCode).toBe(200);
    await agrees();
    expect((await act(hostCookie, stays[1]!.booking, 'decline')).statusCode).toBe(200);
    await agrees();
    expect((await act(stays[2]!.cookie, stays[2]!.booking, 'cancel')).statusCode).toBe(200);
    await agrees();
    expect((await act(hostCookie, stays[3]!.booking, 'accept')).statusCode).toBe(200);
    expect((await act(hostCookie, stays[3]!.booking, 'cancel')).statusCode).toBe(200);
    await agrees();
    // A guest withdrawing an accepted stay takes it out of the answered requests.
    expect((await act(stays[0]!.cookie, stays[0]!.booking, 'cancel')).statusCode).toBe(200);
    await agrees();

    // A hotel with instant booking confirms at once for a verified guest: an answered request.
    const hotelGuest = await newGuest();
    expect((await book(hotelGuest.cookie, { propertyId: hotel.id, checkIn: daysFromNow(3), checkOut: daysFromNow(5) })).statusCode).toBe(
      201,
    );
    await agrees();

    // A request left unanswered expires, when the jobs run and when a new request at the listing meets it.
    const late = await newGuest();
    await createBooking(t.db, {
      propertyId: home.id,
      guestId: late.id,
      status: 'pending',
      decidedAt: null,
      expiresAt: new Date(Date.now() - 1000),
      checkIn: daysFromNow(100),
      checkOut: daysFromNow(105),
    });
    const meets = await newGuest();
    expect((await book(meets.cookie, { propertyId: home.id, checkIn: daysFromNow(100), checkOut: daysFromNow(104) })).statusCode).toBe(201);
    await agrees();
    await createBooking(t.db, {
      propertyId: home.id,
      guestId: (await newGuest()).id,
      status: 'pending',
      decidedAt: null,
      expiresAt: new Date(Date.now() - 1000),
      checkIn: daysFromNow(200),
      checkOut: daysFromNow(205),
    });

    // Stays that ended complete when the jobs run; their guests review them.
    const ended: { cookie: string; booking: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const guest = await newGuest();
      const stay = await createBooking(t.db, {
        propertyId: i === 2 ? hotel.id : home.id,
        guestId: guest.id,
        status: 'confirmed',
        checkIn: daysFromNow(-8 - i * 2),
        checkOut: daysFromNow(-7 - i * 2),
      });
      ended.push({ cookie: guest.cookie, booking: stay.id });
    }
    await runBookingJobs(t.db);
    await agrees();
    // The first review stays hidden (the host has not reviewed the guest) and counts for nothing;
    // the others find the host's review in and publish with it.
    for (const [i, stay] of ended.entries()) {
      if (i > 0)
        await createGuestReview(t.db, { bookingId: stay.booking, visibleAt: new Date(Date.now() + 86_400_000), announcedAt: null });
      expect((await review(stay.cookie, stay.booking, [5, 4, 3][i]!)).statusCode).toBe(201);
      await agrees();
    }
    expect((await storedFigures(t.db, host.id))?.reviewCount).toBe(2);

    // Suspending the host declines the requests waiting at their listings: answered requests too.
    const waiting = await newGuest();
    expect((await book(waiting.cookie, { propertyId: home.id, checkIn: daysFromNow(300), checkOut: daysFromNow(303) })).statusCode).toBe(
      201,
    );
    await setUserStatus(t.db, host.id, 'suspended');
    expect(await storedFigures(t.db, host.id)).toEqual(await perRequestAggregate(t.db, host.id));
  }, 180_000);

  it('recomputes a row once a counted request leaves the super-host window', async () => {
    const host = await createUser(t.db, { email: 'window-host@example.com', role: 'host' });
    const listing = await createProperty(t.db, { propertyType: 'sublet', hostId: host.id, minStayDays: 1 });
    const windowMs = superHostThresholds.windowDays * 24 * 60 * 60 * 1000;
    const now = new Date();
    // Answered a year ago less an hour: counted now, not in two hours.
    await createBooking(t.db, {
      propertyId: listing.id,
      status: 'completed',
      checkIn: daysFromNow(-350),
      checkOut: daysFromNow(-340),
      createdAt: new Date(now.getTime() - windowMs + 3_600_000),
    });
    const [stored] = await refreshHostFigures(t.db, [host.id], now);
    expect(stored).toMatchObject({ answeredRequests: 1, completedStays: 1 });
    expect(stored!.recomputeAt?.getTime()).toBe(now.getTime() + 3_600_000);
    expect(figuresCurrent(stored, new Date(now.getTime() + 3_000_000))).toBe(true);
    const later = new Date(now.getTime() + 7_200_000);
    expect(figuresCurrent(stored, later)).toBe(false);
    const [recomputed] = await refreshHostFigures(t.db, [host.id], later);
    expect(recomputed).toMatchObject({ ...(await perRequestAggregate(t.db, host.id, later)), answeredRequests: 0, recomputeAt: null });
  });

  it("counts the response rate and time from requests and the host's first message, over asks that needed an answer", async () => {
    const host = await createUser(t.db, { email: 'response-host@example.com', role: 'host' });
    const listing = await createProperty(t.db, { hostId: host.id, minStayDays: 1 });
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const ask = (overrides: Partial<typeof bookings.$inferInsert>) =>
      createBooking(t.db, {
        propertyId: listing.id,
        status: 'pending',
        decidedAt: null,
        checkIn: daysFromNow(60 + ++asks * 5),
        checkOut: daysFromNow(62 + asks * 5),
        ...overrides,
      });
    let asks = 0;
    // Answered by a message after an hour, not decided yet: answered within the day.
    const messaged = await ask({ createdAt: hoursAgo(5), expiresAt: hoursAgo(-19) });
    await t.db
      .insert(bookingMessages)
      .values({ bookingId: messaged.id, senderId: host.id, body: 'Yes, it is quiet.', createdAt: hoursAgo(4) });
    // Accepted after three hours.
    await ask({ status: 'confirmed', createdAt: hoursAgo(50), decidedAt: hoursAgo(47), expiresAt: hoursAgo(26) });
    // Never answered: expired.
    await ask({ status: 'expired', createdAt: hoursAgo(40), expiresAt: hoursAgo(16) });
    // Withdrawn by the guest after an hour, unanswered: not counted.
    const withdrawn = await ask({ status: 'cancelled', createdAt: hoursAgo(30), expiresAt: hoursAgo(6) });
    await t.db
      .update(bookings)
      .set({ cancelledBy: withdrawn.guestId, decidedAt: hoursAgo(29) })
      .where(eq(bookings.id, withdrawn.id));
    // Unanswered and two hours old: not counted yet; it will be in 22 hours.
    await ask({ createdAt: hoursAgo(2), expiresAt: hoursAgo(-22) });
    // A hotel's instant booking needed no answer.
    const hotel = await createProperty(t.db, { propertyType: 'hotel', hostId: host.id, roomCount: 3, minStayDays: 1 });
    await createBooking(t.db, { propertyId: hotel.id, status: 'confirmed', createdAt: hoursAgo(10) });

    const [stored] = await refreshHostFigures(t.db, [host.id], new Date(now));
    expect(stored).toMatchObject({ requestsAsked: 3, requestsAnsweredInDay: 2, responseMinutes: 120 });
    expect(stored!.recomputeAt!.getTime()).toBe(now + 22 * 3_600_000);
    expect(await storedFigures(t.db, host.id)).toEqual(await perRequestAggregate(t.db, host.id, new Date(now)));
    const card = (await t.app.inject({ method: 'GET', url: `/api/properties/${listing.id}` })).json().host;
    expect(card).toMatchObject({ responseRate: 66, responseTimeHours: 2 });
  });

  it('counts a question asked before any request (Contact host) as an ask, answered by the host’s next message', async () => {
    const host = await createUser(t.db, { email: 'inquiry-host@example.com', role: 'host' });
    const listing = await createProperty(t.db, { hostId: host.id, minStayDays: 1 });
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const inquiry = async (messages: { from: 'guest' | 'host'; hoursAgo: number }[]) => {
      const guest = await createUser(t.db);
      const [conversation] = await t.db.insert(conversations).values({ propertyId: listing.id, guestId: guest.id }).returning();
      for (const message of messages) {
        await t.db.insert(bookingMessages).values({
          conversationId: conversation!.id,
          senderId: message.from === 'guest' ? guest.id : host.id,
          body: message.from === 'guest' ? 'Is there parking?' : 'Yes, in the building.',
          createdAt: hoursAgo(message.hoursAgo),
        });
      }
    };
    // Answered after three hours: within the day.
    await inquiry([
      { from: 'guest', hoursAgo: 10 },
      { from: 'host', hoursAgo: 7 },
    ]);
    // Never answered, 30 hours old: counted against the host.
    await inquiry([{ from: 'guest', hoursAgo: 30 }]);
    // Unanswered and three hours old: not counted yet; it will be in 21 hours.
    await inquiry([{ from: 'guest', hoursAgo: 3 }]);

    const [stored] = await refreshHostFigures(t.db, [host.id], new Date(now));
    expect(stored).toMatchObject({ requestsAsked: 2, requestsAnsweredInDay: 1, responseMinutes: 180 });
    expect(stored!.recomputeAt!.getTime()).toBe(now + 21 * 3_600_000);
    expect(await storedFigures(t.db, host.id)).toEqual(await perRequestAggregate(t.db, host.id, new Date(now)));
  });

  it('makes a missing or outdated row again when the page is read', async () => {
    const host = await createUser(t.db, { email: 'stale-host@example.com', role: 'host' });
    const listing = await createProperty(t.db, { hostId: host.id });
    await createBooking(t.db, { propertyId: listing.id, status: 'completed', checkIn: daysFromNow(-9), checkOut: daysFromNow(-7) });
    await t.db
      .update(hostFigures)
      .set({ completedStays: 99, recomputeAt: new Date(Date.now() - 1000) })
      .where(eq(hostFigures.hostId, host.id));
    expect((await t.app.inject({ method: 'GET', url: `/api/properties/${listing.id}` })).statusCode).toBe(200);
    expect(await storedFigures(t.db, host.id)).toEqual(await perRequestAggregate(t.db, host.id));
    await t.db.delete(hostFigures).where(and(eq(hostFigures.hostId, host.id)));
    expect((await t.app.inject({ method: 'GET', url: `/api/properties/${listing.id}` })).statusCode).toBe(200);
    expect(await storedFigures(t.db, host.id)).toMatchObject({ completedStays: 1 });
  });

  // Only PostgreSQL has concurrent connections to race (PGlite serves one query at a time).
  it.runIf(testDriver === 'postgres')(
    'count every one of many reviews and bookings for one host made at once',
    async () => {
      const host = await createUser(t.db, { email: 'busy-host@example.com', role: 'host' });
      const listings = await Promise.all([1, 2, 3].map(() => createProperty(t.db, { hostId: host.id, roomCount: 50, minStayDays: 1 })));
      for (let round = 0; round < 2; round++) {
        const reviewers: { cookie: string; booking: string }[] = [];
        for (let i = 0; i < 8; i++) {
          const guest = await newGuest();
          const stay = await createBooking(t.db, {
            propertyId: listings[i % 3]!.id,
            guestId: guest.id,
            status: 'completed',
            checkIn: daysFromNow(-4),
            checkOut: daysFromNow(-3),
          });
          // The host reviewed the guest already, so the guest's review publishes both.
          await createGuestReview(t.db, { bookingId: stay.id, visibleAt: new Date(Date.now() + 86_400_000), announcedAt: null });
          reviewers.push({ cookie: guest.cookie, booking: stay.id });
        }
        const bookers = await Promise.all(Array.from({ length: 8 }, () => newGuest()));
        const answers = await Promise.all([
          ...reviewers.map((r, i) => review(r.cookie, r.booking, 1 + ((i + round) % 5))),
          ...bookers.map((b, i) =>
            book(b.cookie, { propertyId: listings[i % 3]!.id, checkIn: daysFromNow(20), checkOut: daysFromNow(22) }),
          ),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([...reviewers.map(() => 201), ...bookers.map(() => 201)]);
        const reference = await perRequestAggregate(t.db, host.id);
        expect(reference.reviewCount).toBe(8 * (round + 1));
        expect(reference.answeredRequests).toBe(16 * (round + 1));
        expect(await storedFigures(t.db, host.id)).toEqual(reference);
      }
    },
    180_000,
  );
});
