import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticesResponse } from '../../../core/contracts/notices.ts';
import { bookings, listingNights, outgoingMail, payments, stayChanges } from '../../db/schema.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { bookingLedger } from '../payments/ledger-repository.ts';
import { lapseUnpaidChanges, remindUnpaidChanges, runUnpaidChangeJobs } from './use-cases/unpaid-stay-changes.ts';

const webhookSecret = 'whsec_unpaidchanges';
const verified = { profile: { idVerificationStatus: 'verified' as const } };
const hour = 3_600_000;

// A card stay paid at once (under 28 nights) is made longer by an accepted change: its total rises
// at once and the guest owes the difference through a Checkout (decision 058). Decision 062: the
// guest is reminded once after 24 hours with a fresh page to the deadline, and a difference still
// unpaid at the deadline lapses the change (the stay, its total and its nights back as they were,
// both sides told, the page expired through Stripe, a page paid in its last moments let go). Each job
// runs twice at once: on PostgreSQL a real race, on PGlite interleaved at its awaits.
describe(`an accepted change whose difference is not paid (${testDriver})`, () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;
  let hostEmail: string;
  let made = 0;

  const sessionOf = (url: string) => url.split('/pay/')[1]!;
  const mailsTo = async (address: string, subject: string) =>
    (await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, address))).filter((mail) => mail.subject.includes(subject));
  const deps = () => t.app.bookingDeps;

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    hostEmail = 'unpaid-change-host@example.com';
    hostId = (await createUser(t.db, { email: hostEmail, role: 'host', firstName: 'Hila', ...verified })).id;
    host = await signIn(t.app, hostEmail);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** A member's notices of one kind, in the language asked for (decision 063). */
  const noticesOf = async (cookie: string, kind: string, lang: 'en' | 'he' = 'en') => {
    const response = await injectAs(t.app, cookie, { method: 'GET', url: `/api/notices?lang=${lang}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as NoticesResponse).notices.filter((notice) => notice.kind === kind);
  };

  /** Three weeks of a rental, paid at once by card and accepted; then a week more, accepted by the host. */
  const extendedStay = async () => {
    made += 1;
    const listing = await createProperty(t.db, {
      propertyType: 'rental',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
      pricePerWeek: 3000,
    });
    const email = `unpaid-changer-${made}@example.com`;
    await createUser(t.db, { email, firstName: 'Gal', ...verified });
    const guest = await signIn(t.app, email);
    const booked = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: listing.id, checkIn: daysFromNow(20), checkOut: daysFromNow(41) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json();
    await stripe.pay(sessionOf(booking.checkoutUrl));
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` })).statusCode).toBe(200);
    const [before] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const longer = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn: booking.checkIn, checkOut: daysFromNow(48), guests: 1 },
    });
    expect(longer.statusCode, longer.body).toBe(201);
    const acceptedAt = Date.now();
    expect((await injectAs(t.app, host, { method: 'POST', url: `/api/stay-changes/${longer.json().id}/accept` })).statusCode).toBe(200);
    const [change] = await t.db.select().from(stayChanges).where(eq(stayChanges.id, longer.json().id));
    return { listing, guest, email, booking, before: before!, change: change!, acceptedAt };
  };

  const chargeOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const changeRow = async (id: string) => (await t.db.select().from(stayChanges).where(eq(stayChanges.id, id)))[0]!;
  const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('reminds once with a fresh page, then lapses once: the stay, its total and its nights back, both told, the page expired', async () => {
    const { listing, guest, email, booking, before, change, acceptedAt } = await extendedStay();
    // Owed for 48 hours (check-out is weeks away), reminded after 24; the stay as it was is kept.
    expect(change.status).toBe('accepted');
    expect(change.payBy!.getTime() - acceptedAt).toBeGreaterThan(48 * hour - 60_000);
    expect(change.payBy!.getTime() - acceptedAt).toBeLessThan(48 * hour + 60_000);
    expect(change.remindAt!.getTime() - change.answeredAt!.getTime()).toBe(24 * hour);
    expect(change.previous).toMatchObject({ checkOut: before.checkOut, total: before.total, guests: 1 });
    const firstCharge = await chargeOf(change.paymentId!);
    expect(firstCharge).toMatchObject({ kind: 'charge', status: 'awaiting_payment' });
    // The page the guest can pay from My Bookings lasts until the reminder, not 31 minutes.
    const firstSession = stripe.sessions.get(firstCharge.providerSessionId!)!;
    expect(firstSession.expires_at * 1000 - acceptedAt).toBeGreaterThan(23 * hour);
    const extended = await bookingRow(booking.id);
    expect(extended.checkOut).toBe(daysFromNow(48));
    expect(extended.total).toBe(before.total + firstCharge.amount);
    // No new change while the difference is owed.
    const another = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes`,
      payload: { checkIn: booking.checkIn, checkOut: daysFromNow(50), guests: 1 },
    });
    expect(another.statusCode).toBe(409);
    expect(another.json().error.code).toBe('stay_change_not_allowed');

    // Nothing is due yet.
    expect(await runUnpaidChangeJobs(deps())).toEqual({ reminded: [], lapsed: [] });

    // 24 hours on (the reminder's time moved, not the clock): two reminders at once, one mail.
    await t.db
      .update(stayChanges)
      .set({ remindAt: sql`now() - interval '1 minute'` })
      .where(eq(stayChanges.id, change.id));
    const reminded = (await Promise.all([remindUnpaidChanges(deps()), remindUnpaidChanges(deps())])).flat();
    expect(reminded).toEqual([change.id]);
    const reminders = await mailsTo(email, 'Pay the difference');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain(`https://lina.test/my-bookings?booking=${booking.id}`);
    expect(reminders[0]!.textBody).toContain('(Israel time)');
    // Its notice in the app too, once, leading to the booking, with the amount and the deadline.
    const [reminderNotice, ...moreReminders] = await noticesOf(guest, 'stay_change_unpaid');
    expect(moreReminders).toEqual([]);
    expect(reminderNotice).toMatchObject({ title: 'Pay the difference', link: `/my-bookings?booking=${booking.id}` });
    expect(reminderNotice!.body).toContain('₪');
    expect(reminderNotice!.body).not.toContain('{{');
    expect((await noticesOf(guest, 'stay_change_unpaid', 'he'))[0]!.body).toMatch(/^השינוי בשהייה ב.+עד .+, אחרת השהייה תחזור/);
    // The old page is closed, a new charge and page stand to the deadline, and My Bookings offers it.
    expect(stripe.sessions.get(firstSession.id)!.status).toBe('expired');
    const renewed = await changeRow(change.id);
    expect(renewed.paymentId).not.toBe(firstCharge.id);
    expect(await chargeOf(firstCharge.id)).toMatchObject({ status: 'released' });
    const secondCharge = await chargeOf(renewed.paymentId!);
    expect(secondCharge).toMatchObject({ kind: 'charge', status: 'awaiting_payment', amount: firstCharge.amount });
    const list = await injectAs(t.app, guest, { method: 'GET', url: `/api/bookings/${booking.id}/changes` });
    expect(list.json().payUrl).toBe(`${stripe.url}/pay/${secondCharge.providerSessionId}`);
    expect(await remindUnpaidChanges(deps())).toEqual([]);

    // The deadline passes unpaid: two lapses at once, one outcome.
    await t.db
      .update(stayChanges)
      .set({ payBy: sql`now() - interval '1 minute'` })
      .where(eq(stayChanges.id, change.id));
    const lapsed = (await Promise.all([lapseUnpaidChanges(deps()), lapseUnpaidChanges(deps())])).flat();
    expect(lapsed).toEqual([change.id]);
    expect(await changeRow(change.id)).toMatchObject({ status: 'lapsed' });
    expect(await chargeOf(secondCharge.id)).toMatchObject({ status: 'released' });
    expect(stripe.sessions.get(secondCharge.providerSessionId!)!.status).toBe('expired');
    // The booking is what it was before the change, to the shekel.
    expect(await bookingRow(booking.id)).toMatchObject({
      status: 'confirmed',
      checkIn: before.checkIn,
      checkOut: before.checkOut,
      total: before.total,
      subtotal: before.subtotal,
      serviceFee: before.serviceFee,
      paymentStatus: 'captured',
    });
    // The added nights are free: none held, and another stay may take them.
    const held = await t.db
      .select()
      .from(listingNights)
      .where(
        and(
          eq(listingNights.propertyId, listing.id),
          sql`${listingNights.night} >= ${before.checkOut}::date`,
          sql`${listingNights.roomsHeld} > 0`,
        ),
      );
    expect(held).toEqual([]);
    await createBooking(t.db, { propertyId: listing.id, checkIn: before.checkOut, checkOut: daysFromNow(48) });
    // Both sides are told, once each, in their language.
    expect(await mailsTo(email, 'Your change lapsed unpaid')).toHaveLength(1);
    expect(await mailsTo(hostEmail, 'A change lapsed unpaid')).toHaveLength(1);
    // And in the app: both sides, once each, the stay's dates as they are again.
    const [guestLapse, ...moreGuestLapses] = await noticesOf(guest, 'stay_change_lapsed');
    expect(moreGuestLapses).toEqual([]);
    expect(guestLapse).toMatchObject({ title: 'Change undone', link: `/my-bookings?booking=${booking.id}` });
    expect(guestLapse!.body).not.toContain('{{');
    const hostLapses = (await noticesOf(host, 'stay_change_lapsed')).filter((notice) => notice.link.includes(booking.id));
    expect(hostLapses).toHaveLength(1);
    expect(hostLapses[0]!.link).toBe(`/host/bookings?booking=${booking.id}`);
    // The provider holds what the guest paid for the stay as it is; nothing else moved in the ledger.
    const sums: Record<string, number> = {};
    for (const line of await bookingLedger(t.db, booking.id)) sums[line.account] = (sums[line.account] ?? 0) + line.amount;
    expect(sums.provider_balance).toBe(before.total);
    // Nothing is owed any more: the guest may change the stay again (a week shorter here; the week after it is taken now).
    const quote = await injectAs(t.app, guest, {
      method: 'POST',
      url: `/api/bookings/${booking.id}/changes/quote`,
      payload: { checkIn: booking.checkIn, checkOut: daysFromNow(34), guests: 1 },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(await runUnpaidChangeJobs(deps())).toEqual({ reminded: [], lapsed: [] });
  });

  it('lets go of a page paid in its last moments whose webhook comes after the lapse: nothing is taken', async () => {
    const { booking, before, change } = await extendedStay();
    const charge = await chargeOf(change.paymentId!);
    // The guest pays just before the deadline; Stripe's event is late.
    stripe.withholdEvents();
    await stripe.pay(charge.providerSessionId!);
    const intentId = stripe.sessions.get(charge.providerSessionId!)!.payment_intent!;
    expect(stripe.intents.get(intentId)!.status).toBe('requires_capture');
    await t.db
      .update(stayChanges)
      .set({ payBy: sql`now() - interval '1 minute'` })
      .where(eq(stayChanges.id, change.id));
    expect((await Promise.all([lapseUnpaidChanges(deps()), lapseUnpaidChanges(deps())])).flat()).toEqual([change.id]);
    // The lapse found the page paid: its hold is cancelled, the stay is back as it was.
    expect(stripe.intents.get(intentId)!.status).toBe('canceled');
    expect(await bookingRow(booking.id)).toMatchObject({ checkOut: before.checkOut, total: before.total });
    // The late webhook changes nothing more: the hold is let go once (the same key), never captured.
    const statuses = await stripe.deliverWithheld();
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await chargeOf(charge.id)).toMatchObject({ status: 'released', providerPaymentId: intentId });
    expect(stripe.carriedOut(new RegExp(`^POST /v1/payment_intents/${intentId}/cancel$`))).toBe(1);
    expect(stripe.carriedOut(new RegExp(`^POST /v1/payment_intents/${intentId}/capture$`))).toBe(0);
    const ledger = await bookingLedger(t.db, booking.id);
    expect(ledger.filter((line) => line.account === 'provider_balance').reduce((sum, line) => sum + line.amount, 0)).toBe(before.total);
    expect(await releaseLater()).toBe(0);
  });

  it('never lapses a difference paid in time, however late the job runs', async () => {
    const { booking, change } = await extendedStay();
    const charge = await chargeOf(change.paymentId!);
    await stripe.pay(charge.providerSessionId!);
    expect(await chargeOf(charge.id)).toMatchObject({ status: 'captured' });
    await t.db
      .update(stayChanges)
      .set({ payBy: sql`now() - interval '1 minute'`, remindAt: sql`now() - interval '2 minutes'` })
      .where(eq(stayChanges.id, change.id));
    expect((await Promise.all([runUnpaidChangeJobs(deps()), runUnpaidChangeJobs(deps())])).map((run) => run.lapsed.length)).toEqual([0, 0]);
    expect(await changeRow(change.id)).toMatchObject({ status: 'accepted' });
    expect((await bookingRow(booking.id)).checkOut).toBe(daysFromNow(48));
    const charges = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), inArray(payments.kind, ['charge'])));
    expect(charges).toHaveLength(1);
  });

  /** Late holds still to let go (none once the webhook let them go). */
  const releaseLater = async () => (await t.app.bookingDeps.repos.unpaidChanges.heldLateCharges(t.db)).length;
});

describe('the unpaid difference’s mails', () => {
  it('are written in both languages, every placeholder filled', () => {
    const params = {
      firstName: 'Gal',
      otherName: 'Hila',
      title: 'Sea loft',
      checkIn: '2027-03-01',
      checkOut: '2027-03-29',
      guests: '2',
      amount: '₪3,240',
      total: '₪9,720',
      payBy: 'Mar 03, 2027, 10:00',
    };
    for (const template of ['stayChangePayReminder', 'stayChangeLapsedGuest', 'stayChangeLapsedHost'] as const) {
      for (const language of ['en', 'he'] as const) {
        const mail = renderMail(template, language, params, 'https://lina.test/my-bookings');
        expect(mail.text, `${template} ${language}`).not.toMatch(/\{\{/);
        expect(mail.subject).toContain('Sea loft');
        expect(mail.text).toContain('₪3,240');
        if (language === 'he') expect(mail.text).toMatch(/[\u0590-\u05ff]/);
      }
    }
  });
});
