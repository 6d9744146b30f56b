import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLines, refundLines } from '../../../core/ledger-rules.ts';
import { bookings } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow, type Booking } from '../../seed/factories.ts';
import { recordLedgerTransaction } from '../../db/ledger.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('receipts', () => {
  let t: TestContext;
  const cookies: Record<'guest' | 'host' | 'otherHost' | 'admin', string> = { guest: '', host: '', otherHost: '', admin: '' };
  let listingId: number;
  let guestId: string;
  let confirmed: Booking;

  const receipt = (cookie: string, id: string, lang = 'en') =>
    injectAs(t.app, cookie, { method: 'GET', url: `/api/bookings/${id}/receipt?lang=${lang}` });

  beforeAll(async () => {
    t = await createTestContext();
    const guest = await createUser(t.db, { firstName: 'Dana', lastName: 'Levi' });
    const host = await createUser(t.db, { role: 'host', firstName: 'Hila', lastName: 'Cohen' });
    const otherHost = await createUser(t.db, { role: 'host' });
    const admin = await createUser(t.db, { role: 'admin' });
    guestId = guest.id;
    for (const [name, user] of Object.entries({ guest, host, otherHost, admin }))
      cookies[name as keyof typeof cookies] = await signIn(t.app, user.email);
    const listing = await createProperty(t.db, {
      hostId: host.id,
      propertyType: 'hotel',
      titleEn: 'Sea View Hotel',
      titleHe: 'מלון נוף לים',
    });
    listingId = listing.id;
    confirmed = await createBooking(t.db, { propertyId: listingId, guestId });
  });
  afterAll(() => t.close());

  it("shows a confirmed stay's receipt to its guest, the listing's host and admins; 404 to anyone else", async () => {
    for (const who of ['guest', 'host', 'admin'] as const) {
      const response = await receipt(cookies[who], confirmed.id);
      expect(response.statusCode, who).toBe(200);
    }
    const body = (await receipt(cookies.guest, confirmed.id)).json();
    expect(body).toMatchObject({
      bookingId: confirmed.id,
      receiptNumber: confirmed.receiptNumber,
      status: 'confirmed',
      propertyTitle: 'Sea View Hotel',
      guestName: 'Dana Levi',
      hostName: 'Hila Cohen',
      subtotal: confirmed.subtotal,
      serviceFee: confirmed.serviceFee,
      total: confirmed.total,
      paymentMethod: 'on_arrival',
      paymentStatus: 'due_on_arrival',
      refunded: 0,
      movements: [],
      cancelledByHost: false,
    });
    expect(body.quote).toMatchObject({ subtotal: confirmed.subtotal, total: confirmed.total });
    expect((await receipt(cookies.guest, confirmed.id, 'he')).json().propertyTitle).toBe('מלון נוף לים');
    expect((await receipt(cookies.otherHost, confirmed.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${confirmed.id}/receipt` })).statusCode).toBe(401);
    expect((await receipt(cookies.guest, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('has no receipt before the stay is confirmed; accepting numbers receipts in sequence', async () => {
    const first = await createBooking(t.db, {
      propertyId: listingId,
      guestId,
      status: 'pending',
      checkIn: daysFromNow(50),
      checkOut: daysFromNow(52),
    });
    const second = await createBooking(t.db, {
      propertyId: listingId,
      guestId,
      status: 'pending',
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(62),
    });
    expect(first.receiptNumber).toBeNull();
    const refused = await receipt(cookies.guest, first.id);
    expect([refused.statusCode, refused.json().error.code]).toEqual([404, 'receipt_not_found']);
    for (const booking of [first, second]) {
      const accepted = await injectAs(t.app, cookies.host, { method: 'POST', url: `/api/bookings/${booking.id}/accept` });
      expect(accepted.statusCode).toBe(200);
    }
    const a = (await receipt(cookies.guest, first.id)).json();
    const b = (await receipt(cookies.guest, second.id)).json();
    expect(a.receiptNumber).toBeGreaterThan(confirmed.receiptNumber!);
    expect(b.receiptNumber).toBe(a.receiptNumber + 1);
  });

  it('shows the card charge and the refund of a stay cancelled after confirmation', async () => {
    const card = await createBooking(t.db, {
      propertyId: listingId,
      guestId,
      paymentMethod: 'card',
      checkIn: daysFromNow(80),
      checkOut: daysFromNow(82),
    });
    await recordLedgerTransaction(
      t.db,
      { key: `capture:${card.id}`, kind: 'capture', bookingId: card.id },
      captureLines(card.total, card.serviceFee),
    );
    await recordLedgerTransaction(
      t.db,
      { key: `refund:${card.id}`, kind: 'refund', bookingId: card.id },
      refundLines(card.subtotal, card.serviceFee),
    );
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', paymentStatus: 'refunded', refunded: card.total, cancelledBy: await hostIdOf(card) })
      .where(eq(bookings.id, card.id));
    const body = (await receipt(cookies.guest, card.id)).json();
    expect(body).toMatchObject({
      status: 'cancelled',
      paymentMethod: 'card',
      paymentStatus: 'refunded',
      refunded: card.total,
      cancelledByHost: true,
    });
    expect(body.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['charge', card.total],
      ['refund', card.total],
    ]);
  });

  it('shows the subtotal, fee and total of a stay booked before quotes were stored', async () => {
    const old = await createBooking(t.db, {
      propertyId: listingId,
      guestId,
      quote: null,
      status: 'completed',
      checkIn: daysFromNow(-10),
      checkOut: daysFromNow(-8),
    });
    const body = (await receipt(cookies.host, old.id)).json();
    expect(body).toMatchObject({ quote: null, subtotal: old.subtotal, serviceFee: old.serviceFee, total: old.total, nights: 2 });
  });

  async function hostIdOf(booking: Booking) {
    const { properties } = await import('../../db/schema.ts');
    const [row] = await t.db.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, booking.propertyId));
    return row!.hostId;
  }
});
