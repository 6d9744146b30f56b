import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../test/test-app.ts';

describe('input PostgreSQL cannot take is a 400 naming the field, never a 500', () => {
  let t: TestContext;
  let guest: string;
  let host: string;

  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'guest@example.com' });
    await createUser(t.db, { email: 'host@example.com', role: 'host' });
    guest = await signIn(t.app, 'guest@example.com');
    host = await signIn(t.app, 'host@example.com');
  });
  afterAll(() => t.close());

  it('refuses a NUL character in a query parameter, a body field and a path parameter', async () => {
    const search = await injectAs(t.app, guest, { url: '/api/search?location=Tel%00Aviv' });
    expect(search.statusCode).toBe(400);
    expect(search.json().error).toMatchObject({ code: 'validation_failed', fields: { location: expect.any(String) } });
    expect(search.json().error.message).toBe('Invalid request querystring: location');

    const profile = await injectAs(t.app, guest, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { firstName: 'Dana', lastName: 'Levi', bio: 'a\u0000b' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error).toMatchObject({ code: 'validation_failed', fields: { bio: expect.any(String) } });

    const nested = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/analytics/events',
      payload: { events: [{ name: 'x', path: '/\u0000' }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(Object.keys(nested.json().error.fields)).toEqual(['events.0.path']);

    const media = await t.app.inject('/api/media/public/a%00.png');
    expect(media.statusCode).toBe(400);
    expect(media.json().error.fields).toHaveProperty('*');
  });

  it('still takes zero bytes inside an uploaded file', async () => {
    const pdf = Buffer.from('%PDF-1.7\n\u0000\u0000 1 0 obj <<>> endobj\n%%EOF');
    const upload = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/profile/id-document',
      payload: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(upload.statusCode).toBe(200);
  });

  it('refuses ids past PostgreSQL integer in paths and bodies', async () => {
    const listing = await createProperty(t.db, {});
    for (const url of [
      '/api/host/listings/2147483648',
      '/api/host/listings/2147483648/calendar',
      `/api/admin/listings/2147483648/approve`,
    ]) {
      const response = await injectAs(t.app, host, { method: url.includes('approve') ? 'POST' : 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const own = await injectAs(t.app, host, { url: '/api/host/listings/2147483648' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toMatchObject({ code: 'validation_failed', fields: { id: expect.any(String) } });

    const booking = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/bookings',
      payload: { propertyId: 2_147_483_648, checkIn: '2030-01-01', checkOut: '2030-01-03' },
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().error.fields).toHaveProperty('propertyId');
    // The largest id that fits is an ordinary id: not found, not refused.
    expect((await injectAs(t.app, host, { url: '/api/host/listings/2147483647' })).statusCode).toBe(404);
    expect((await injectAs(t.app, guest, { url: `/api/properties/${listing.id}` })).statusCode).toBe(200);
  });
});
