import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

describe("admin users: the host's cancellations", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('counts the confirmed stays a host cancelled, not requests, nor stays the guest cancelled', async () => {
    const admin = await signIn(t.app, (await createUser(t.db, { role: 'admin' })).email);
    const host = await createUser(t.db, { role: 'host', email: 'cancels@example.com' });
    const hostCookie = await signIn(t.app, host.email);
    const guest = await createUser(t.db);
    const listing = await createProperty(t.db, { hostId: host.id, propertyType: 'hotel' });
    const stay = (days: number, status: 'confirmed' | 'pending') =>
      createBooking(t.db, {
        propertyId: listing.id,
        guestId: guest.id,
        status,
        checkIn: daysFromNow(days),
        checkOut: daysFromNow(days + 2),
      });
    const cancel = (cookie: string, id: string) => injectAs(t.app, cookie, { method: 'POST', url: `/api/bookings/${id}/cancel` });
    expect((await cancel(hostCookie, (await stay(30, 'confirmed')).id)).statusCode).toBe(200);
    expect((await cancel(hostCookie, (await stay(40, 'confirmed')).id)).statusCode).toBe(200);
    // A request the host withdrew was never a stay; a guest's own cancellation is not the host's.
    expect((await cancel(hostCookie, (await stay(50, 'pending')).id)).statusCode).toBe(200);
    expect((await cancel(await signIn(t.app, guest.email), (await stay(60, 'confirmed')).id)).statusCode).toBe(200);

    const users = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/users?q=cancels' })).json();
    expect(users).toMatchObject([{ email: 'cancels@example.com', hostCancellations: 2 }]);
    const guests = (await injectAs(t.app, admin, { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(guest.email)}` })).json();
    expect(guests[0].hostCancellations).toBe(0);
  });
});
