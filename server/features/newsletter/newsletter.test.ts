import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema.ts';
import { createTestContext, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('POST /api/newsletter', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const subscribe = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', headers: writeHeaders, payload: payload as object });

  it('stores a subscription once, even when sent twice', async () => {
    expect((await subscribe({ email: 'Reader@Example.com', language: 'he' })).statusCode).toBe(201);
    expect((await subscribe({ email: 'reader@example.com' })).statusCode).toBe(201);
    const rows = await t.db.select().from(newsletterSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'reader@example.com', language: 'he', source: 'footer' });
  });

  it('refuses a bad e-mail with 400', async () => {
    const response = await subscribe({ email: 'not an email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('email');
  });
});
