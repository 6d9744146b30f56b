import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

describe('GET /api/geo', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const geo = async (headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: '/api/geo', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json().country;
  };

  it('reads the country from a CDN header', async () => {
    expect(await geo({ 'cf-ipcountry': 'IL' })).toBe('IL');
    expect(await geo({ 'x-vercel-ip-country': 'us' })).toBe('US');
    expect(await geo({ 'cloudfront-viewer-country': 'GB' })).toBe('GB');
  });

  it('answers null when no header says, or the header means unknown', async () => {
    expect(await geo()).toBeNull();
    expect(await geo({ 'cf-ipcountry': 'XX' })).toBeNull();
    expect(await geo({ 'cf-ipcountry': 'T1' })).toBeNull();
    expect(await geo({ 'cf-ipcountry': 'Israel' })).toBeNull();
  });
});
