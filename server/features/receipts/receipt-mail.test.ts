import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../../core/format.ts';
import { listAllMail } from '../../mail/mail-repository.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe('booking mails link the receipt', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { PUBLIC_URL: 'https://lina.example', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it("links a confirmed stay's receipt from PUBLIC_URL in the guest's language, never from the request's host", async () => {
    const host = await createUser(t.db, { role: 'host' });
    const guest = await createUser(t.db, { language: 'he' });
    const listing = await createProperty(t.db, { hostId: host.id, propertyType: 'hotel' });
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'pending',
      checkIn: daysFromNow(20),
      checkOut: daysFromNow(22),
    });
    const accepted = await injectAs(t.app, await signIn(t.app, host.email), {
      method: 'POST',
      url: `/api/bookings/${booking.id}/accept`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(accepted.statusCode).toBe(200);
    const mail = await eventually(async () => (await listAllMail(t.db)).find((m) => m.to === guest.email));
    expect(mail.text).toContain(`https://lina.example/he/my-bookings/${booking.id}/receipt`);
    expect(mail.text).not.toContain('evil.example');
    // The booking's stored price, in the guest's language: paid on arrival (no card payments here).
    expect(mail.text).toContain(`סך הכול לשהייה: ${formatPrice(booking.total, 'he')}, בתשלום למארח/ת בהגעה.`);
  });

  it("tells the host the stay's total, the platform's fee and the host's share", async () => {
    const host = await createUser(t.db, { role: 'host' });
    const guest = await createUser(t.db);
    const listing = await createProperty(t.db, { hostId: host.id, propertyType: 'hotel' });
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'confirmed',
      checkIn: daysFromNow(40),
      checkOut: daysFromNow(42),
    });
    await injectAs(t.app, await signIn(t.app, guest.email), { method: 'POST', url: `/api/bookings/${booking.id}/cancel` });
    const mail = await eventually(async () => (await listAllMail(t.db)).find((m) => m.to === host.email));
    const [total, fee, share] = [booking.total, booking.serviceFee, booking.total - booking.serviceFee].map((n) => formatPrice(n, 'en'));
    expect(mail.text).toContain(`Total for the stay: ${total}. After Lina's service fee of ${fee}, you receive ${share}.`);
  });

  it('has no receipt link before the stay is confirmed', async () => {
    const host = await createUser(t.db, { role: 'host' });
    const guest = await createUser(t.db);
    const listing = await createProperty(t.db, { hostId: host.id, propertyType: 'hotel' });
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'pending',
      checkIn: daysFromNow(30),
      checkOut: daysFromNow(32),
    });
    await injectAs(t.app, await signIn(t.app, host.email), { method: 'POST', url: `/api/bookings/${booking.id}/decline` });
    const mail = await eventually(async () => (await listAllMail(t.db)).find((m) => m.to === guest.email));
    expect(mail.text).not.toContain('/receipt');
  });
});
