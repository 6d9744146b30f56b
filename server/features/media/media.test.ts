import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

describe('public media', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await t.storage.put('public/seed/house.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    await t.storage.put('private/id/doc.png', Buffer.from('secret'), 'image/png');
    const sky = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#39c"/></svg>';
    await t.storage.put('public/seed/sky.svg', Buffer.from(sky), 'image/svg+xml');
  });
  afterAll(() => t.close());

  it('serves a public image with its type and a long cache', async () => {
    const response = await t.app.inject('/api/media/public/seed/house.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('makes a photo variant that was never stored on first request, and keeps it', async () => {
    const response = await t.app.inject('/api/media/public/seed/sky.svg.w640.v1.avif');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/avif');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 427]);
    expect(await t.storage.exists('public/seed/sky.svg.w640.v1.avif')).toBe(true);
  });

  it.each([
    '/api/media/public/seed/sky.svg.w1920.v1.avif',
    '/api/media/public/seed/sky.svg.w640.v1.avif.w320.v1.webp',
    '/api/media/public/seed/sky.svg.w640.v2.avif',
    '/api/media/public/seed/missing.svg.w320.v1.webp',
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
