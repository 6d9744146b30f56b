import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../../core/dates.ts';
import type { StayQuote } from '../../../core/quote.ts';
import { agreementDate } from '../../../core/stay-agreement.ts';
import { extendByMonth } from '../../../core/stay-change-pricing.ts';
import { addMonthsIso } from '../../../core/stay-months.ts';
import { bookings, payments, platformSettings } from '../../db/schema.ts';
import { createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

/*
 * The long stay's due days and grace days are the admin's settings (decision 060): changed through
 * PATCH /api/admin/settings like the commission rates; a new booking's months fall due the days set
 * when it is booked and keep them (its rows, a rebuilt schedule, its agreement); the host may end a
 * stay with an unpaid month after the grace days set on the day they act. Paid directly to the host
 * (no Stripe): the schedule's rows are the same either way.
 */

const verified = { profile: { idVerificationStatus: 'verified' as const } };

describe('long-stay due days and grace days as admin settings (decision 060)', () => {
  let t: TestContext;
  let admin: string;
  let host: string;
  let hostId: string;
  let guests = 0;

  const settings = async () => (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/settings' })).json();
  const change = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'PATCH', url: '/api/admin/settings', payload });
  const set = async (payload: Record<string, unknown>) => {
    const saved = await change(admin, payload);
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json();
  };
  const periodRows = (bookingId: string) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'period')))
      .orderBy(payments.sequence);
  const sublet = () =>
    createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      pricePerMonth: 5000,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(500),
      minStayDays: 1,
      maxStayDays: 365,
    });
  /** A new guest books three months from `checkIn` at a new listing; the host accepts. */
  const threeMonths = async (checkIn = daysFromNow(30)) => {
    const listing = await sublet();
    const email = `settings-guest-${++guests}@example.com`;
    await createUser(t.db, { email, ...verified });
    const guest = await signIn(t.app, email);
    const made = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listing.id, checkIn, checkOut: addMonthsIso(checkIn, 3) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json() as { id: string; money: { quote: StayQuote } };
    const accepted = await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { listing, guest, booking, checkIn };
  };

  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'settings-admin@example.com', role: 'admin' });
    hostId = (await createUser(t.db, { email: 'settings-host@example.com', role: 'host', ...verified })).id;
    admin = await signIn(t.app, 'settings-admin@example.com');
    host = await signIn(t.app, 'settings-host@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an admin reads and changes each setting (only the fields sent), audited; others are refused; bad values are 400', async () => {
    expect(await settings()).toMatchObject({ longStayDueDaysBefore: 3, longStayGraceDays: 5 });

    // Visitors and non-admins change nothing.
    const visitor = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: writeHeaders,
      payload: { longStayDueDaysBefore: 7 },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await change(host, { longStayDueDaysBefore: 7, longStayGraceDays: 10 })).statusCode).toBe(403);

    // Whole days within bounds only: due 0–14, grace 1–30.
    const bad = [
      { longStayDueDaysBefore: -1 },
      { longStayDueDaysBefore: 15 },
      { longStayDueDaysBefore: 2.5 },
      { longStayDueDaysBefore: '7' },
      { longStayDueDaysBefore: null },
      { longStayGraceDays: 0 },
      { longStayGraceDays: 31 },
      { longStayGraceDays: 1.5 },
      { longStayGraceDays: 'ten' },
    ];
    for (const payload of bad) {
      const refused = await change(admin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect(await settings()).toMatchObject({ longStayDueDaysBefore: 3, longStayGraceDays: 5 });

    // The bounds themselves are allowed, and each field changes alone.
    expect(await set({ longStayDueDaysBefore: 0 })).toMatchObject({ longStayDueDaysBefore: 0, longStayGraceDays: 5 });
    expect(await set({ longStayDueDaysBefore: 14, longStayGraceDays: 30 })).toMatchObject({
      longStayDueDaysBefore: 14,
      longStayGraceDays: 30,
    });
    expect(await set({ longStayGraceDays: 1 })).toMatchObject({ longStayDueDaysBefore: 14, longStayGraceDays: 1 });
    expect(await set({ longStayDueDaysBefore: 7 })).toMatchObject({ longStayDueDaysBefore: 7, longStayGraceDays: 1 });

    // In the audit trail, as every settings change.
    const audited = await eventually(async () => {
      const events = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/audit?eventType=ADMIN_ACTION' })).json() as {
        descriptionCode: string | null;
        descriptionParams: Record<string, string> | null;
      }[];
      return events.find(
        (event) => event.descriptionCode === 'settingsChanged' && event.descriptionParams?.changes === '{"longStayGraceDays":1}',
      );
    });
    expect(audited).toBeTruthy();

    // A value out of bounds in the table (written by hand) reads as the default: a bad row breaks no page.
    await t.db.update(platformSettings).set({ value: 99 }).where(eq(platformSettings.key, 'long_stay_due_days_before'));
    await t.db.update(platformSettings).set({ value: 'x' }).where(eq(platformSettings.key, 'long_stay_grace_days'));
    expect(await settings()).toMatchObject({ longStayDueDaysBefore: 3, longStayGraceDays: 5 });
    await set({ longStayDueDaysBefore: 3, longStayGraceDays: 5 });
  });

  it('a new booking falls due the days set when booked, keeps them when the setting changes (rows, rebuilt months, agreement); the page shows the setting', async () => {
    await set({ longStayDueDaysBefore: 7 });
    const { listing, guest, booking, checkIn } = await threeMonths();
    const quote = booking.money.quote;
    expect(quote.dueDaysBefore).toBe(7);
    expect(quote.schedule!.map((payment) => payment.dueOn).slice(1)).toEqual(
      quote.schedule!.slice(1).map((payment) => addDaysIso(payment.start, -7)),
    );
    const booked = await periodRows(booking.id);
    expect(booked.map((row) => row.dueOn)).toEqual(quote.schedule!.map((payment) => payment.dueOn));

    // The property page quotes with the setting (its payment plan line).
    const page = await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}?lang=en` });
    expect(page.json().longStayDueDaysBefore).toBe(7);

    // The admin changes it: the rows booked stay where they were; the page shows the new days.
    await set({ longStayDueDaysBefore: 10 });
    expect((await periodRows(booking.id)).map((row) => [row.id, row.dueOn])).toEqual(booked.map((row) => [row.id, row.dueOn]));
    expect(
      (await injectAs(t.app, guest, { method: 'GET', url: `/api/properties/${listing.id}?lang=en` })).json().longStayDueDaysBefore,
    ).toBe(10);

    // The agreement states the due dates the rows hold.
    const agreement = (await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/agreement` })).json();
    for (const row of booked.slice(1)) expect(agreement.texts.en.text).toContain(`due ${agreementDate(row.dueOn!, 'en')}`);

    // A month longer: the rebuilt months fall due 7 days before they start, as booked, not 10.
    const threeMonthsEnd = addMonthsIso(checkIn, 3);
    const longer = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn, checkOut: extendByMonth(threeMonthsEnd), guests: 1 },
    });
    expect(longer.statusCode, longer.body).toBe(201);
    const accepted = await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${longer.json().id}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [changed] = await t.db.select({ quote: bookings.quote }).from(bookings).where(eq(bookings.id, booking.id));
    expect(changed!.quote!.dueDaysBefore).toBe(7);
    const rebuilt = (await periodRows(booking.id)).filter((row) => row.status !== 'cancelled');
    expect(rebuilt).toHaveLength(4);
    for (const row of rebuilt.slice(1)) expect(row.dueOn).toBe(addDaysIso(row.periodStart!, -7));

    // A booking made now falls due 10 days before each month.
    const later = await threeMonths(daysFromNow(40));
    expect(later.booking.money.quote.dueDaysBefore).toBe(10);
    for (const row of (await periodRows(later.booking.id)).slice(1)) expect(row.dueOn).toBe(addDaysIso(row.periodStart!, -10));
    await set({ longStayDueDaysBefore: 3 });
  });

  it('the host may end a stay with an unpaid month only after the grace days set today; the booking views say when', async () => {
    const { booking } = await threeMonths();
    const [, second] = await periodRows(booking.id);
    // The second month fell due six days ago (the test's rows, not the clock).
    await t.db
      .update(payments)
      .set({ dueOn: daysFromNow(-6) })
      .where(eq(payments.id, second!.id));
    const graceOver = async () => {
      const list = (await injectAs(t.app, host, { method: 'GET', url: '/api/host/bookings' })).json().bookings as {
        id: string;
        money: { schedule: { id: string; graceOver: boolean; status: string }[] };
      }[];
      return list.find((view) => view.id === booking.id)!.money.schedule.find((payment) => payment.id === second!.id)!;
    };
    const end = () => injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/end-unpaid` });

    // Under the default five days it would be over; with seven it is not yet: refused.
    await set({ longStayGraceDays: 7 });
    expect(await graceOver()).toMatchObject({ status: 'overdue', graceOver: false });
    const early = await end();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('booking_state_changed');
    expect((await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('confirmed');

    // Six days: over today. The views say so and the host may end it.
    await set({ longStayGraceDays: 6 });
    expect(await graceOver()).toMatchObject({ graceOver: true });
    const ended = await end();
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().status).toBe('cancelled');
    expect((await periodRows(booking.id)).filter((row) => row.sequence! >= 1).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    await set({ longStayGraceDays: 5 });
  });
});
