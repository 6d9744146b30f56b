import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticesResponse } from '../../../core/contracts/notices.ts';
import { noticeLimits } from '../../../core/notice-kinds.ts';
import { notices, properties, users } from '../../db/schema.ts';
import { countUnreadNotices } from '../../notices/notices-repository.ts';
import { notify } from '../../notices/notify.ts';
import { createBooking, createProperty, createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

// The notification centre's routes (decision 063): a member's own notices only, newest first by pages
// of a bounded size, the unread count (also in the session), marking one or all read.
describe('the notices routes', () => {
  let t: TestContext;
  let members = 0;

  const newMember = async (language: 'en' | 'he' = 'en') => {
    const email = `noticed-${++members}@example.com`;
    const user = await createUser(t.db, { email, language, firstName: 'Dana' });
    return { id: user.id, cookie: await signIn(t.app, email) };
  };
  const list = async (cookie: string, query = '') => {
    const response = await injectAs(t.app, cookie, { method: 'GET', url: `/api/notices${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as NoticesResponse;
  };
  const sessionCount = async (cookie: string) =>
    ((await injectAs(t.app, cookie, { method: 'GET', url: '/api/session' })).json() as { user: { unreadNotices?: number } }).user
      .unreadNotices;
  /** `count` notices for a member's stay, one second apart (the oldest first), as the moments write them. */
  async function give(userId: string, count: number, bookingId: string) {
    for (let i = 0; i < count; i++) {
      await notify(t.db, { userId, kind: 'booking_confirmed', bookingId, link: `/my-bookings?n=${i}` });
      await t.db
        .update(notices)
        .set({ createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, i)) })
        .where(eq(notices.link, `/my-bookings?n=${i}`));
    }
  }

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it("lists only the member's own notices, newest first, page by page, in a bounded size", async () => {
    const reader = await newMember();
    const other = await newMember();
    const stay = await createBooking(t.db, { guestId: reader.id, propertyId: (await createProperty(t.db, { titleEn: 'Pine cabin' })).id });
    await give(reader.id, 5, stay.id);
    await notify(t.db, { userId: other.id, kind: 'booking_declined', bookingId: stay.id, link: '/my-bookings' });

    const first = await list(reader.cookie, '?limit=2');
    expect(first.notices.map((notice) => notice.link)).toEqual(['/my-bookings?n=4', '/my-bookings?n=3']);
    expect(first.unread).toBe(5);
    expect(first.notices[0]!.body).toMatch(/^Your stay at Pine cabin, .+, is confirmed\.$/);
    const second = await list(reader.cookie, `?limit=2&before=${first.nextBefore}`);
    expect(second.notices.map((notice) => notice.link)).toEqual(['/my-bookings?n=2', '/my-bookings?n=1']);
    const last = await list(reader.cookie, `?limit=2&before=${second.nextBefore}`);
    expect([last.notices.map((notice) => notice.link), last.nextBefore]).toEqual([['/my-bookings?n=0'], null]);
    // The default page and its bound; nothing of the other member's.
    expect((await list(reader.cookie)).notices).toHaveLength(5);
    expect((await list(reader.cookie)).notices.every((notice) => notice.kind === 'booking_confirmed')).toBe(true);
    for (const limit of [0, noticeLimits.maxPageSize + 1, -1]) {
      expect((await injectAs(t.app, reader.cookie, { method: 'GET', url: `/api/notices?limit=${limit}` })).statusCode).toBe(400);
    }
    // Another member's notice is no place to start from: an empty page, not their list.
    const [foreign] = await t.db.select({ id: notices.id }).from(notices).where(eq(notices.userId, other.id));
    expect(await list(reader.cookie, `?before=${foreign!.id}`)).toMatchObject({ notices: [], nextBefore: null });
    expect((await injectAs(t.app, reader.cookie, { method: 'GET', url: '/api/notices?before=nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notices' })).statusCode).toBe(401);
  });

  it("writes each notice in the language asked for, else the reader's own, with the stay's current name", async () => {
    const reader = await newMember('he');
    const place = await createProperty(t.db, { titleEn: 'Olive house', titleHe: 'בית הזית' });
    const stay = await createBooking(t.db, { guestId: reader.id, propertyId: place.id });
    await notify(t.db, { userId: reader.id, kind: 'booking_confirmed', bookingId: stay.id, link: '/my-bookings' });
    expect((await list(reader.cookie)).notices[0]).toMatchObject({ title: 'ההזמנה אושרה', link: '/my-bookings' });
    expect((await list(reader.cookie)).notices[0]!.body).toMatch(/^השהייה שלך בבית הזית, .+, אושרה\.$/);
    expect((await list(reader.cookie, '?lang=en')).notices[0]!.title).toBe('Booking confirmed');
    // Read when shown: a renamed listing reads with its new name in every notice about it.
    await t.db.update(properties).set({ titleHe: 'בית הזית החדש' }).where(eq(properties.id, place.id));
    expect((await list(reader.cookie)).notices[0]!.body).toContain('בבית הזית החדש');
  });

  it('counts the unread (in the session too, bounded), and marks one or all read, only the owner', async () => {
    const reader = await newMember();
    const other = await newMember();
    const stay = await createBooking(t.db, { guestId: reader.id });
    expect(await sessionCount(reader.cookie)).toBe(0);
    await give(reader.id, 3, stay.id);
    expect(await sessionCount(reader.cookie)).toBe(3);
    expect((await injectAs(t.app, reader.cookie, { method: 'GET', url: '/api/notices/unread-count' })).json()).toEqual({ unread: 3 });

    const [newest] = (await list(reader.cookie)).notices;
    // Only its member marks it: anyone else's answer is the answer for an id that does not exist.
    const stranger = await injectAs(t.app, other.cookie, { method: 'POST', url: `/api/notices/${newest!.id}/read` });
    expect([stranger.statusCode, stranger.json().error.code]).toEqual([404, 'notice_not_found']);
    expect(
      (await injectAs(t.app, other.cookie, { method: 'POST', url: '/api/notices/00000000-0000-4000-8000-000000000000/read' })).statusCode,
    ).toBe(404);
    const marked = await injectAs(t.app, reader.cookie, { method: 'POST', url: `/api/notices/${newest!.id}/read` });
    expect([marked.statusCode, marked.json()]).toEqual([200, { unread: 2 }]);
    const readAt = (await list(reader.cookie)).notices[0]!.readAt;
    expect(readAt).not.toBeNull();
    // Marking it again keeps the first time.
    await injectAs(t.app, reader.cookie, { method: 'POST', url: `/api/notices/${newest!.id}/read` });
    expect((await list(reader.cookie)).notices[0]!.readAt).toBe(readAt);
    expect(await sessionCount(reader.cookie)).toBe(2);

    // "Mark all" is the caller's: the other member's unread notice stays unread.
    await notify(t.db, { userId: other.id, kind: 'booking_declined', bookingId: stay.id, link: '/my-bookings' });
    const all = await injectAs(t.app, reader.cookie, { method: 'POST', url: '/api/notices/read-all' });
    expect([all.statusCode, all.json()]).toEqual([200, { unread: 0 }]);
    expect((await list(reader.cookie)).notices.every((notice) => notice.readAt !== null)).toBe(true);
    expect(await sessionCount(other.cookie)).toBe(1);

    // The count stops at its cap: counting is bounded like the list.
    const many = await newMember();
    await t.db.insert(notices).values(
      Array.from({ length: noticeLimits.unreadCap + 5 }, () => ({
        userId: many.id,
        kind: 'booking_confirmed' as const,
        link: '/my-bookings',
      })),
    );
    expect(await countUnreadNotices(t.db, many.id)).toBe(noticeLimits.unreadCap);
    expect(await sessionCount(many.cookie)).toBe(noticeLimits.unreadCap);
  });

  it('notify writes links inside the app only, a keyed notice once, and nothing for a closed account', async () => {
    const member = await newMember();
    for (const link of ['https://evil.example/pay', '//evil.example', '/\\evil.example', 'my-bookings']) {
      await expect(notify(t.db, { userId: member.id, kind: 'booking_confirmed', link })).rejects.toThrow(/inside the app/);
    }
    // The database refuses one too, whoever writes it.
    await expect(t.db.insert(notices).values({ userId: member.id, kind: 'booking_confirmed', link: '//evil.example' })).rejects.toThrow();

    const keyed = { userId: member.id, kind: 'period_grace_over' as const, link: '/host/bookings', key: 'grace:test' };
    expect(await Promise.all([notify(t.db, keyed), notify(t.db, keyed)])).toEqual(expect.arrayContaining([true, false]));
    expect(await countUnreadNotices(t.db, member.id)).toBe(1);

    await t.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, member.id));
    expect(await notify(t.db, { userId: member.id, kind: 'booking_confirmed', link: '/my-bookings' })).toBe(false);
    expect(await countUnreadNotices(t.db, member.id)).toBe(1);
  });
});
