import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

describe('public media', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await t.storage.put('public/seed/house.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    await t.storage.put('private/id/doc.png', Buffer.from('secret'), 'image/png');
  });
  afterAll(() => t.close());

  it('serves a public image with its type and a long cache', async () => {
    const response = await t.app.inject('/api/media/public/seed/house.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it.each([
    '/api/media/public/seed/missing.svg',
    '/api/media/public/../private/id/doc.png',
    '/api/media/public/%2e%2e/private/id/doc.png',
    '/api/media/public/seed/house.txt',
  ])('answers 404 for %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
  });
});
