/**
 * Every moment that writes a notice (decision 063), driven through the API, the webhook of Stripe's
 * stand-in and the jobs: the notice reaches the right member, links where they act, and reads in
 * their language (a Hebrew host, an English guest), with the stay's name and the other side's. One
 * scene (a card host, guests, an admin and the stand-in) serves every moment.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticesResponse } from '../../../core/contracts/notices.ts';
import { addDaysIso, today as israelToday } from '../../../core/dates.ts';
import { addMonthsIso } from '../../../core/stay-months.ts';
import { bookings, notices, payments } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { chargeDuePeriods } from '../bookings/use-cases/long-stay-payments.ts';
import { noticeGraceOver } from '../bookings/use-cases/notice-grace-over.ts';

const webhookSecret = 'whsec_noticesstandin';
const verified = { profile: { idVerificationStatus: 'verified' as const } };
const titles = { titleEn: 'Sea flat', titleHe: 'דירת ים' };

describe('notices from the moments that make them', () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;
  let admin: string;
  let guests = 0;
  let requests = 0;

  const newGuest = async () => {
    const email = `notice-guest-${++guests}@example.com`;
    const user = await createUser(t.db, { email, firstName: 'Gil', ...verified });
    return { id: user.id, cookie: await signIn(t.app, email) };
  };
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.63.0.${++requests % 250}` });
  const listing = (overrides: Parameters<typeof createProperty>[1] = {}) =>
    createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      ...titles,
      pricePerMonth: 4200,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(700),
      minStayDays: 1,
      maxStayDays: 365,
      ...overrides,
    });
  /** The reader's notices, in `lang` or (without it) their own language. */
  const noticesOf = async (cookie: string, lang?: 'en' | 'he') => {
    const response = await call(cookie, 'GET', `/api/notices${lang ? `?lang=${lang}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as NoticesResponse;
    for (const notice of body.notices) expect(notice.body, notice.kind).not.toMatch(/\{\{|undefined|NaN/);
    return body.notices;
  };
  const latest = async (cookie: string, kind: string, lang?: 'en' | 'he') => {
    const found = (await noticesOf(cookie, lang)).filter((notice) => notice.kind === kind);
    expect(found.length, `${kind} notices`).toBeGreaterThan(0);
    return found[0]!;
  };
  const countOf = async (userId: string, kind: string) =>
    (
      await t.db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.userId, userId), eq(notices.kind, kind as 'period_failed')))
    ).length;

  /** A card request paid through the stand-in: the host is told once the hold is made (the webhook). */
  async function cardRequest(guest: { cookie: string }, checkIn: string, checkOut: string, card = '4242 4242 4242 4242') {
    const place = await listing();
    const response = await call(guest.cookie, 'POST', '/api/bookings', { propertyId: place.id, checkIn, checkOut });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json() as { id: string; checkoutUrl: string };
    expect((await stripe.pay(booking.checkoutUrl.split('/pay/')[1]!, card)).status).toBe(303);
    return booking;
  }

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    // The host reads Hebrew; the guests English.
    hostId = (await createUser(t.db, { email: 'notice-host@example.com', role: 'host', language: 'he', firstName: 'הילה', ...verified }))
      .id;
    host = await signIn(t.app, 'notice-host@example.com');
    await createUser(t.db, { email: 'notice-admin@example.com', role: 'admin' });
    admin = await signIn(t.app, 'notice-admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('a request tells the host (in Hebrew, once paid); accepting and declining tell the guest (in English)', async () => {
    const guest = await newGuest();
    const accepted = await cardRequest(guest, daysFromNow(30), daysFromNow(34));
    const requested = await latest(host, 'booking_requested');
    expect(requested).toMatchObject({ title: 'בקשת הזמנה חדשה', link: '/host/bookings', readAt: null });
    expect(requested.body).toContain('Gil ביקש/ה להזמין את דירת ים');
    // The same notice read in the other language, now: the reader's language is the one asked for.
    expect((await latest(host, 'booking_requested', 'en')).body).toMatch(
      /^Gil asked to book Sea flat for .+\. Please answer within 24 hours\.$/,
    );

    expect((await call(host, 'POST', `/api/bookings/${accepted.id}/accept`)).statusCode).toBe(200);
    const confirmed = await latest(guest.cookie, 'booking_confirmed');
    expect(confirmed).toMatchObject({ title: 'Booking confirmed', link: '/my-bookings' });
    expect(confirmed.body).toMatch(/^Your stay at Sea flat, .+ - .+, is confirmed\.$/);

    const declined = await cardRequest(guest, daysFromNow(50), daysFromNow(53));
    expect((await call(host, 'POST', `/api/bookings/${declined.id}/decline`)).statusCode).toBe(200);
    expect(await latest(guest.cookie, 'booking_declined')).toMatchObject({ title: 'Request declined', link: '/my-bookings' });
    // The guest's own "request sent" is a mail, not a notice; the host's notices are the host's alone.
    expect((await noticesOf(guest.cookie)).map((notice) => notice.kind)).toEqual(['booking_declined', 'booking_confirmed']);
    expect((await noticesOf(host)).map((notice) => notice.kind)).toEqual(['booking_requested', 'booking_requested']);
  });

  it('a change of the stay tells the other side; its answer tells the proposer', async () => {
    const guest = await newGuest();
    const place = await listing();
    const stay = await createBooking(t.db, {
      propertyId: place.id,
      guestId: guest.id,
      checkIn: daysFromNow(80),
      checkOut: daysFromNow(90),
    });
    const propose = async () => {
      const response = await call(guest.cookie, 'POST', `/api/bookings/${stay.id}/changes`, {
        checkIn: stay.checkIn,
        checkOut: daysFromNow(92),
        guests: 2,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const first = await propose();
    const proposed = await latest(host, 'stay_change_proposed');
    expect(proposed).toMatchObject({ title: 'בקשה לשינוי', link: '/host/bookings' });
    expect(proposed.body).toContain('Gil ביקש/ה לשנות את השהייה בדירת ים');
    expect(proposed.body).toContain('(2 אורחים)');
    expect((await call(host, 'POST', `/api/stay-changes/${first}/decline`)).statusCode).toBe(200);
    expect((await latest(guest.cookie, 'stay_change_declined')).body).toBe('הילה declined your change to Sea flat; the stay is as it was.');

    const second = await propose();
    const acceptance = await call(host, 'POST', `/api/stay-changes/${second}/accept`);
    expect(acceptance.statusCode, acceptance.body).toBe(200);
    const accepted = await latest(guest.cookie, 'stay_change_accepted');
    expect(accepted.body).toMatch(/^הילה accepted your change: the stay at Sea flat is now .+\.$/);
    expect(accepted.body).toContain(String(new Date(`${daysFromNow(92)}T12:00:00`).getDate()));
    expect(await countOf(hostId, 'stay_change_proposed')).toBe(2);
  });

  it('a move-in report tells the host; its decision tells both, each their side of it', async () => {
    const guest = await newGuest();
    const place = await listing({ checkInTime: '00:00' });
    const stay = await createBooking(t.db, {
      propertyId: place.id,
      guestId: guest.id,
      checkIn: daysFromNow(100),
      checkOut: daysFromNow(110),
    });
    // The test's own data moves the stay to today, never the code's clock.
    await t.db
      .update(bookings)
      .set({ checkIn: israelToday(), checkOut: addDaysIso(israelToday(), 10) })
      .where(eq(bookings.id, stay.id));
    const reported = await call(guest.cookie, 'POST', `/api/bookings/${stay.id}/move-in-report`, {
      reason: 'could_not_get_in',
      description: 'Nobody answered the door and the key box was empty.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const report = await latest(host, 'move_in_reported');
    expect(report).toMatchObject({ title: 'דיווח על בעיה בכניסה', link: '/host/bookings' });
    expect(report.body).toContain('Gil דיווח/ה על בעיה בכניסה לדירת ים: לא הצליח/ה להיכנס');
    // The guest made the report: nothing to tell them yet.
    expect(await countOf(guest.id, 'move_in_reported')).toBe(0);

    const decided = await call(admin, 'POST', `/api/admin/move-in-reports/${reported.json().id}/decision`, { decision: 'release' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await latest(guest.cookie, 'move_in_decided')).body).toBe(
      "Lina decided the move-in report for Sea flat. No refund was given, and the host's payout was released. The stay continues.",
    );
    expect((await latest(host, 'move_in_decided')).body).toBe(
      'צוות לינה החליט בדיווח על הכניסה לדירת ים. התשלום שלך על השהייה שוחרר. השהייה נמשכת.',
    );
  });

  describe('a long stay paid by card', () => {
    const deps = () => (t.app as unknown as { bookingDeps: Parameters<typeof chargeDuePeriods>[0] }).bookingDeps;
    /** Three months booked and accepted, the second period due today and charged by the job. */
    async function secondPeriodCharged(card: string) {
      const guest = await newGuest();
      const checkIn = daysFromNow(20);
      const booking = await cardRequest(guest, checkIn, addMonthsIso(checkIn, 3), card);
      expect((await call(host, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
      const [, second] = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'period')))
        .orderBy(payments.sequence);
      await t.db.update(payments).set({ dueOn: israelToday(), nextAttemptOn: israelToday() }).where(eq(payments.id, second!.id));
      await chargeDuePeriods(deps());
      return { guest, bookingId: booking.id, period: second! };
    }

    it('a declined card tells the guest with a link to pay that period; a card that needs them says their bank asks', async () => {
      const declined = await secondPeriodCharged('4000000000000341');
      const failed = await latest(declined.guest.cookie, 'period_failed');
      expect(failed).toMatchObject({ title: 'Payment declined', link: `/my-bookings?pay=${declined.period.id}`, readAt: null });
      expect(failed.body).toMatch(
        new RegExp(`^We couldn’t charge ₪${declined.period.amount.toLocaleString('en-US')} for your stay at Sea flat \\(.+\\)\\. Pay now`),
      );
      // In Hebrew when the guest reads Hebrew.
      expect((await latest(declined.guest.cookie, 'period_failed', 'he')).body).toContain('לא הצלחנו לחייב');
      // The link is the one that pays: the guest's own period, payable now.
      const pay = await call(declined.guest.cookie, 'POST', `/api/bookings/periods/${declined.period.id}/pay?lang=en`);
      expect(pay.statusCode, pay.body).toBe(200);

      const needsGuest = await secondPeriodCharged('4000002760003184');
      expect(await latest(needsGuest.guest.cookie, 'period_action_required')).toMatchObject({
        title: 'Your bank needs you',
        link: `/my-bookings?pay=${needsGuest.period.id}`,
      });
    });

    it('a period unpaid past its grace days tells the host once; ending the stay tells the guest', async () => {
      const late = await secondPeriodCharged('4000000000000341');
      // Six days past its due day (the default grace is five): the test's data, not the clock.
      const dueOn = addDaysIso(israelToday(), -6);
      await t.db.update(payments).set({ dueOn }).where(eq(payments.id, late.period.id));
      // Every instance runs the job: of two runs at once one tells the host, and a later run nobody.
      const runs = await Promise.all([noticeGraceOver(deps()), noticeGraceOver(deps())]);
      expect(runs.flat().filter((id) => id === late.period.id)).toHaveLength(1);
      expect(await noticeGraceOver(deps())).not.toContain(late.period.id);
      const overdue = (await noticesOf(host)).filter((notice) => notice.kind === 'period_grace_over');
      expect(overdue).toHaveLength(1);
      expect(overdue[0]).toMatchObject({ title: 'תשלום באיחור', link: '/host/bookings' });
      expect(overdue[0]!.body).toContain('אפשר עכשיו לסיים את השהייה');

      const ended = await call(host, 'POST', `/api/bookings/${late.bookingId}/end-unpaid`);
      expect(ended.statusCode, ended.body).toBe(200);
      const told = await latest(late.guest.cookie, 'stay_ended_unpaid');
      expect(told).toMatchObject({ title: 'Your stay was ended', link: '/my-bookings' });
      expect(told.body).toContain('The host ended your stay at Sea flat');
      // A stay no longer confirmed is not told about again.
      await t.db
        .update(payments)
        .set({ dueOn: addDaysIso(israelToday(), -7) })
        .where(eq(payments.id, late.period.id));
      expect(await noticeGraceOver(deps())).toEqual([]);
    });
  });
});
