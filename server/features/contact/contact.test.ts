import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('contact messages', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;
  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    await createUser(t.db, { email: 'guest@example.com' });
    admin = await signIn(t.app, 'admin@example.com');
    guest = await signIn(t.app, 'guest@example.com');
  });
  afterAll(() => t.close());

  const send = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/contact', headers: writeHeaders, payload: payload as object });
  const good = {
    name: ' Noa Levi ',
    email: 'Noa@Example.com',
    subject: 'Parking',
    category: 'booking',
    message: 'Is there parking near the flat?',
  };

  it('stores a message, trimmed, with the category optional', async () => {
    expect((await send(good)).statusCode).toBe(201);
    expect((await send({ ...good, category: '' })).statusCode).toBe(201);
    const { category: _omitted, ...withoutCategory } = good;
    expect((await send(withoutCategory)).statusCode).toBe(201);
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ name: 'Noa Levi', email: 'noa@example.com', subject: 'Parking', category: 'booking' });
    expect(rows[1]!.category).toBeNull();
  });

  it('refuses missing fields, a bad e-mail and an unknown category with 400 and a problem per field', async () => {
    const response = await send({ name: '  ', email: 'nope', message: '', category: 'spam' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toMatchObject({ name: 'required', email: 'invalid_email', subject: 'required', message: 'required' });
    expect(error.fields).toHaveProperty('category');
    expect((await send({ ...good, message: 'x'.repeat(5001) })).json().error.fields).toEqual({ message: 'too_long' });
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...writeHeaders, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });

  it('lists messages for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    const forbidden = await injectAs(t.app, guest, { url: '/api/admin/contact-messages' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    const listed = await injectAs(t.app, admin, { url: '/api/admin/contact-messages?limit=2' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toHaveLength(2);
    expect(listed.json().items[0]).toMatchObject({ subject: 'Parking' });
    expect((await injectAs(t.app, admin, { url: '/api/admin/contact-messages?limit=0' })).statusCode).toBe(400);
  });
});
