/**
 * Move-in protection through the API (docs/decisions/056-move-in-protection.md): who may report,
 * answer and decide; the 24-hour window; one open report per stay; photos checked, re-encoded and
 * private; the payout held while a report is open; decisions that refund through Stripe's stand-in
 * with their own idempotency key and a balanced ledger, shown on the receipt. Over 300 lines: one
 * scene (a card host, guests, an admin and the stand-in) serves every case.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, today } from '../../../core/dates.ts';
import { bookings, ledgerEntries, ledgerTransactions, outgoingMail } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';
import { createStripeTestContext } from '../../test/stripe-test-context.ts';
import { injectAs, signIn, testDriver, type TestContext } from '../../test/test-app.ts';

const webhookSecret = 'whsec_moveinstandin';
const verified = { profile: { idVerificationStatus: 'verified' as const } };

describe('move-in protection', () => {
  let t: TestContext;
  let stripe: StripeStandIn;
  let hostId: string;
  let host: string;
  let otherHost: string;
  let admin: string;
  let guestCount = 0;
  let requests = 0;
  let stayOffset = 20;

  const newGuest = async () => {
    const email = `move-in-guest-${++guestCount}@example.com`;
    const user = await createUser(t.db, { email, ...verified });
    return { id: user.id, email, cookie: await signIn(t.app, email) };
  };
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.41.0.${++requests % 250}` });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  /** A card stay requested, paid through the stand-in and accepted (captured), then moved to start today (Israel). */
  async function cardStayToday(guest: { cookie: string }) {
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
      checkInTime: '00:00',
    });
    stayOffset += 10;
    const requested = await call(guest.cookie, 'POST', '/api/bookings', {
      propertyId: listing.id,
      checkIn: daysFromNow(stayOffset),
      checkOut: daysFromNow(stayOffset + 5),
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const booking = requested.json() as { id: string; checkoutUrl: string };
    expect((await stripe.pay(booking.checkoutUrl.split('/pay/')[1]!)).status).toBe(303);
    expect((await call(host, 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(200);
    expect((await row(booking.id)).paymentStatus).toBe('captured');
    // The test's own data moves the stay to today, never the code's clock.
    await t.db
      .update(bookings)
      .set({ checkIn: today(), checkOut: addDaysIso(today(), 5) })
      .where(eq(bookings.id, booking.id));
    return row(booking.id);
  }

  const report = (cookie: string, bookingId: string, reason = 'not_as_described') =>
    call(cookie, 'POST', `/api/bookings/${bookingId}/move-in-report`, { reason, description: 'The balcony in the photos does not exist.' });

  /** Every ledger transaction of a booking sums to zero, and what its accounts hold. */
  async function ledgerOf(bookingId: string) {
    const lines = await t.db
      .select({ key: ledgerTransactions.key, kind: ledgerTransactions.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.bookingId, bookingId));
    const byKey = new Map<string, number>();
    const byAccount: Record<string, number> = {};
    for (const line of lines) {
      byKey.set(line.key, (byKey.get(line.key) ?? 0) + line.amount);
      byAccount[line.account] = (byAccount[line.account] ?? 0) + line.amount;
    }
    for (const sum of byKey.values()) expect(sum).toBe(0);
    return { byAccount, refunds: lines.filter((line) => line.kind === 'refund' && line.account === 'provider_balance') };
  }

  const dueTo = async (id: string) => {
    const response = await call(admin, 'GET', '/api/admin/finance/payouts-due');
    expect(response.statusCode).toBe(200);
    return (response.json().hosts as { hostId: string; due: number; payable: number }[]).find((h) => h.hostId === id);
  };

  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestContext(webhookSecret));
    hostId = (await createUser(t.db, { email: 'move-in-host@example.com', role: 'host', ...verified })).id;
    host = await signIn(t.app, 'move-in-host@example.com');
    await createUser(t.db, { email: 'move-in-other-host@example.com', role: 'host', ...verified });
    otherHost = await signIn(t.app, 'move-in-other-host@example.com');
    await createUser(t.db, { email: 'move-in-admin@example.com', role: 'admin' });
    admin = await signIn(t.app, 'move-in-admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('lets only the guest report, only in the window of a confirmed stay, once while open', async () => {
    const guest = await newGuest();
    const stay = await cardStayToday(guest);
    // Before the window: the stay moved to tomorrow.
    await t.db
      .update(bookings)
      .set({ checkIn: addDaysIso(today(), 1) })
      .where(eq(bookings.id, stay.id));
    const early = await report(guest.cookie, stay.id);
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'move_in_window_closed']);
    // After it: check-in was two days ago.
    await t.db
      .update(bookings)
      .set({ checkIn: addDaysIso(today(), -2) })
      .where(eq(bookings.id, stay.id));
    expect((await report(guest.cookie, stay.id)).json().error.code).toBe('move_in_window_closed');
    await t.db.update(bookings).set({ checkIn: today() }).where(eq(bookings.id, stay.id));

    // Only the guest: the host, another host and an admin are told there is no such booking.
    for (const cookie of [host, otherHost, admin]) expect((await report(cookie, stay.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/${stay.id}/move-in-report`, headers: { 'x-requested-with': 'fetch' } }))
        .statusCode,
    ).toBe(401);
    const bad = await call(guest.cookie, 'POST', `/api/bookings/${stay.id}/move-in-report`, { reason: 'noisy', description: 'x' });
    expect(bad.statusCode).toBe(400);

    const made = await report(guest.cookie, stay.id, 'could_not_get_in');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'open', reason: 'could_not_get_in', decision: null, photos: [] });
    const again = await report(guest.cookie, stay.id);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'move_in_report_exists']);

    // Guest and host are both mailed, each in their language.
    const mails = await t.db.select({ to: outgoingMail.toAddress, subject: outgoingMail.subject }).from(outgoingMail);
    expect(mails.some((mail) => mail.to === guest.email && mail.subject.startsWith('We received your move-in report'))).toBe(true);
    expect(mails.some((mail) => mail.to === 'move-in-host@example.com' && mail.subject.startsWith('Your guest reported a problem'))).toBe(
      true,
    );

    // A pending request cannot be reported.
    const pendingGuest = await newGuest();
    const pending = await createBooking(t.db, {
      guestId: pendingGuest.id,
      status: 'pending',
      checkIn: today(),
      checkOut: addDaysIso(today(), 3),
    });
    expect((await report(pendingGuest.cookie, pending.id)).json().error.code).toBe('move_in_not_confirmed');

    // The report is seen by the stay's guest, its host and admins; not by others.
    for (const [cookie, viewer] of [
      [guest.cookie, 'guest'],
      [host, 'host'],
      [admin, 'admin'],
    ] as const) {
      const seen = await call(cookie, 'GET', `/api/bookings/${stay.id}/move-in-report`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ viewer, windowOpen: true, report: { id: made.json().id } });
    }
    expect((await call(otherHost, 'GET', `/api/bookings/${stay.id}/move-in-report`)).statusCode).toBe(404);
  });

  it('keeps photos private, re-encoded, at most six, and lets the host answer', async () => {
    const guest = await newGuest();
    const stay = await cardStayToday(guest);
    const reportId = (await report(guest.cookie, stay.id)).json().id as string;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .png()
      .toBuffer();
    const upload = (cookie: string, body: Buffer) =>
      injectAs(t.app, cookie, {
        method: 'POST',
        url: `/api/move-in-reports/${reportId}/photos`,
        payload: body,
        headers: { 'content-type': 'image/png' },
      });
    expect((await upload(host, png)).statusCode).toBe(404);
    const notImage = await upload(guest.cookie, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([notImage.statusCode, notImage.json().error.code]).toEqual([400, 'invalid_image']);
    const added = await upload(guest.cookie, png);
    expect(added.statusCode, added.body).toBe(200);
    const photo = added.json().photos[0] as { url: string; width: number };
    expect(photo.width).toBe(40);

    for (const cookie of [guest.cookie, host, admin]) {
      const file = await call(cookie, 'GET', photo.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.includes(Buffer.from('secret place'))).toBe(false);
    }
    expect((await call(otherHost, 'GET', photo.url)).statusCode).toBe(404);
    for (let i = 1; i < 6; i++) expect((await upload(guest.cookie, png)).statusCode).toBe(200);
    const seventh = await upload(guest.cookie, png);
    expect([seventh.statusCode, seventh.json().error.code]).toEqual([409, 'move_in_too_many_photos']);

    // The host answers; the guest cannot answer for them, another host learns nothing.
    expect((await call(guest.cookie, 'POST', `/api/move-in-reports/${reportId}/answer`, { answer: 'No.' })).statusCode).toBe(404);
    expect((await call(otherHost, 'POST', `/api/move-in-reports/${reportId}/answer`, { answer: 'No.' })).statusCode).toBe(404);
    const answered = await call(host, 'POST', `/api/move-in-reports/${reportId}/answer`, { answer: 'The key is in the box by the door.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().hostAnswer).toBe('The key is in the box by the door.');
  });

  it('holds the payout while open; a partial refund goes through Stripe once, balanced, and shows on the receipt', async () => {
    const guest = await newGuest();
    const stay = await cardStayToday(guest);
    const before = await dueTo(hostId);
    const reportId = (await report(guest.cookie, stay.id)).json().id as string;
    const held = await dueTo(hostId);
    // The stay's host share (total − fee) is no longer due while the report is open.
    expect(held!.due).toBe(Math.max(0, before!.due - (stay.total - stay.serviceFee)));

    const decide = (cookie: string, body: Record<string, unknown>) =>
      call(cookie, 'POST', `/api/admin/move-in-reports/${reportId}/decision`, body);
    expect((await decide(host, { decision: 'release' })).statusCode).toBe(403);
    expect((await decide(guest.cookie, { decision: 'release' })).statusCode).toBe(403);
    const tooMuch = await decide(admin, { decision: 'partial_refund', amount: stay.total + 1 });
    expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([400, 'move_in_refund_invalid']);
    expect((await decide(admin, { decision: 'partial_refund' })).json().error.code).toBe('move_in_refund_invalid');

    const queue = await call(admin, 'GET', '/api/admin/move-in-reports');
    expect(queue.json().reports.find((r: { id: string }) => r.id === reportId)).toMatchObject({ status: 'open', refundable: stay.total });

    const decided = await decide(admin, { decision: 'partial_refund', amount: 300 });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'decided', decision: 'partial_refund', refundAmount: 300, refundSent: true });
    const again = await decide(admin, { decision: 'release' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'move_in_report_decided']);

    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === stay.stripePaymentIntentId);
    expect(refunds.map((refund) => refund.amount)).toEqual([30_000]);
    expect(stripe.calls.some((c) => c.path === '/v1/refunds' && c.idempotencyKey === `refund-move-in-${reportId}`)).toBe(true);
    const after = await row(stay.id);
    expect([after.status, after.paymentStatus, after.refunded]).toEqual(['confirmed', 'partially_refunded', 300]);
    const ledger = await ledgerOf(stay.id);
    expect(ledger.refunds.map((line) => line.amount)).toEqual([-300]);
    expect(ledger.byAccount.provider_balance).toBe(stay.total - 300);
    expect((ledger.byAccount.host_payable ?? 0) + (ledger.byAccount.platform_fees ?? 0)).toBe(-(stay.total - 300));
    // Decided: nothing is held any more; the host's share less their part of the refund is due again.
    const hostPartOfRefund = (ledger.byAccount.host_payable ?? 0) + (stay.total - stay.serviceFee);
    expect((await dueTo(hostId))!.due).toBe(before!.due - hostPartOfRefund);

    const receipt = await call(guest.cookie, 'GET', `/api/bookings/${stay.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ refunded: 300, paymentStatus: 'partially_refunded' });
    expect(receipt.json().movements.filter((m: { kind: string }) => m.kind === 'refund')).toEqual([
      expect.objectContaining({ amount: 300 }),
    ]);

    const mails = await t.db.select({ to: outgoingMail.toAddress, text: outgoingMail.textBody }).from(outgoingMail);
    expect(mails.some((mail) => mail.to === guest.email && mail.text.includes('is being refunded to your card'))).toBe(true);
  });

  it('a full refund ends the stay and gives back everything; a release moves nothing', async () => {
    const guest = await newGuest();
    const stay = await cardStayToday(guest);
    const reportId = (await report(guest.cookie, stay.id)).json().id as string;
    const full = await call(admin, 'POST', `/api/admin/move-in-reports/${reportId}/decision`, { decision: 'refund_all_and_end' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ decision: 'refund_all_and_end', refundAmount: stay.total, refundSent: true });
    const ended = await row(stay.id);
    expect([ended.status, ended.paymentStatus, ended.refunded]).toEqual(['cancelled', 'refunded', stay.total]);
    const ledger = await ledgerOf(stay.id);
    expect(ledger.byAccount).toMatchObject({ provider_balance: 0, host_payable: 0, platform_fees: 0 });

    const other = await newGuest();
    const kept = await cardStayToday(other);
    const refundsBefore = stripe.refunds.length;
    const keptReport = (await report(other.cookie, kept.id)).json().id as string;
    const released = await call(admin, 'POST', `/api/admin/move-in-reports/${keptReport}/decision`, { decision: 'release' });
    expect(released.json()).toMatchObject({ decision: 'release', refundAmount: 0, refundSent: false });
    expect(stripe.refunds.length).toBe(refundsBefore);
    const still = await row(kept.id);
    expect([still.status, still.paymentStatus, still.refunded]).toEqual(['confirmed', 'captured', 0]);
    expect((await ledgerOf(kept.id)).refunds).toEqual([]);
  });

  it('a stay paid on arrival can be ended (its fee reversed) but has nothing to refund', async () => {
    const guest = await newGuest();
    const listing = await createProperty(t.db, { hostId, checkInTime: '00:00' });
    const stay = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      paymentMethod: 'on_arrival',
      paymentStatus: 'due_on_arrival',
      checkIn: today(),
      checkOut: addDaysIso(today(), 4),
    });
    const reportId = (await report(guest.cookie, stay.id)).json().id as string;
    const partial = await call(admin, 'POST', `/api/admin/move-in-reports/${reportId}/decision`, {
      decision: 'partial_refund',
      amount: 10,
    });
    expect(partial.json().error.code).toBe('move_in_refund_invalid');
    const ended = await call(admin, 'POST', `/api/admin/move-in-reports/${reportId}/decision`, { decision: 'refund_all_and_end' });
    expect(ended.json()).toMatchObject({ refundAmount: 0 });
    expect(await t.db.select({ s: bookings.status, p: bookings.paymentStatus }).from(bookings).where(eq(bookings.id, stay.id))).toEqual([
      { s: 'cancelled', p: 'cancelled' },
    ]);
  });

  it.runIf(testDriver === 'postgres')('two admins deciding one report at once apply one decision and one refund (PostgreSQL)', async () => {
    await createUser(t.db, { email: 'move-in-admin-2@example.com', role: 'admin' });
    const secondAdmin = await signIn(t.app, 'move-in-admin-2@example.com');
    for (const [first, second] of [
      [{ decision: 'refund_all_and_end' }, { decision: 'partial_refund', amount: 200 }],
      [
        { decision: 'partial_refund', amount: 100 },
        { decision: 'partial_refund', amount: 100 },
      ],
    ]) {
      const guest = await newGuest();
      const stay = await cardStayToday(guest);
      const reportId = (await report(guest.cookie, stay.id)).json().id as string;
      const url = `/api/admin/move-in-reports/${reportId}/decision`;
      const answers = await Promise.all([call(admin, 'POST', url, first), call(secondAdmin, 'POST', url, second)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('move_in_report_decided');
      const won = answers.find((answer) => answer.statusCode === 200)!.json() as { refundAmount: number };
      const refunds = stripe.refunds.filter((refund) => refund.payment_intent === stay.stripePaymentIntentId);
      expect(refunds.map((refund) => refund.amount)).toEqual([won.refundAmount * 100]);
      const ledger = await ledgerOf(stay.id);
      expect(ledger.refunds.map((line) => line.amount)).toEqual([-won.refundAmount]);
      expect((await row(stay.id)).refunded).toBe(won.refundAmount);
    }
  });
});
