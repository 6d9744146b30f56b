import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('analytics events', () => {
  let t: TestContext;
  let guest: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    await createUser(t.db, { email: 'guest@example.com' });
    admin = await signIn(t.app, 'admin@example.com');
    guest = await signIn(t.app, 'guest@example.com');
  });
  afterAll(() => t.close());

  const send = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...writeHeaders, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  it('stores a batch of page views and custom events', async () => {
    const response = await send({
      visitorId: 'visitor-aaaa',
      events: [
        { name: 'page_view', path: '/contact', language: 'en' },
        { name: 'page_view', path: '/contact', language: 'he' },
        { name: 'contact.sent', path: '/contact', properties: { category: 'booking', ok: true } },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    expect(
      (
        await send(
          {
            visitorId: 'visitor-bbbb',
            events: [
              { name: 'page_view', path: '/about' },
              { name: 'page_view', path: '/contact' },
            ],
          },
          guest,
        )
      ).statusCode,
    ).toBe(202);
    const rows = await t.db.select().from(analyticsEvents);
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.name === 'contact.sent')).toMatchObject({
      properties: { category: 'booking', ok: true },
      visitorId: 'visitor-aaaa',
      userId: null,
    });
    expect(rows.at(-1)!.userId).not.toBeNull();
  });

  it('refuses bad events with 400: names, paths, empty or oversized batches, nested properties', async () => {
    for (const payload of [
      { events: [] },
      { events: [{ name: 'Page View', path: '/x' }] },
      { events: [{ name: 'page_view', path: 'https://evil.example/' }] },
      { events: [{ name: 'page_view', path: '/x', properties: { nested: { a: 1 } } }] },
      { events: Array.from({ length: 51 }, () => ({ name: 'page_view', path: '/x' })) },
      { visitorId: 'x', events: [{ name: 'page_view', path: '/x' }] },
      {},
    ]) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('counts views and visitors per page for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/analytics/page-views' })).statusCode).toBe(401);
    expect((await injectAs(t.app, guest, { url: '/api/admin/analytics/page-views' })).statusCode).toBe(403);
    const response = await injectAs(t.app, admin, { url: '/api/admin/analytics/page-views?days=7' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      { path: '/contact', views: 3, visitors: 2 },
      { path: '/about', views: 1, visitors: 1 },
    ]);
    expect((await injectAs(t.app, admin, { url: '/api/admin/analytics/page-views?days=0' })).statusCode).toBe(400);
  });
});
