import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestContext, type TestContext } from './test/test-app.ts';

describe('serving the built web app', () => {
  let t: TestContext;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'lina-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    // Over the 1 KB compression threshold, as the built shell is.
    writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><html><head><!-- ${'x'.repeat(3000)} --></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    // A chunk the build compressed (scripts/compress-assets.mjs): a brotli file of its own, and no gzip one.
    writeFileSync(path.join(webDir, 'assets', 'chunk-def456.js'), 'export const x = 1;');
    writeFileSync(path.join(webDir, 'assets', 'chunk-def456.js.br'), brotliCompressSync('export const x = 1;'));
    writeFileSync(path.join(webDir, 'assets', 'main-abc123.js.map'), JSON.stringify({ version: 3, sources: ['secret.ts'], mappings: '' }));
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestContext({ webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/he', '/results?type=hotels&location=Tel%20Aviv', '/he/property/12', '/no/such/page'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('compresses the page for a client that accepts it, and only then', async () => {
    const compressed = await t.app.inject({ url: '/explore', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.rawPayload.length).toBeLessThan(1000);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<div id="root">');
    const plain = await t.app.inject({ url: '/explore', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends an asset the build compressed as it is, and the plain file to a client without that encoding', async () => {
    const compressed = await t.app.inject({ url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-length']).toBe(String(brotliCompressSync('export const x = 1;').length));
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers.etag).toBeDefined();
    expect(compressed.headers['last-modified']).toBeUndefined();
    expect(compressed.headers['accept-ranges']).toBeUndefined();
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('export const x = 1;');
    const plain = await t.app.inject({ url: '/assets/chunk-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const x = 1;');
  });

  it('caches other files briefly', async () => {
    const response = await t.app.inject('/favicon.svg');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset under /api with JSON, not the page', async () => {
    const response = await t.app.inject('/api/missing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('serves the browser source maps outside production only', async () => {
    const url = '/assets/main-abc123.js.map';
    expect((await t.app.inject(url)).statusCode).toBe(200);
    const { app: production } = await buildTestApp(t.database, t.storage, {
      webDir,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' },
    });
    try {
      for (const target of [url, `${url}?v=1`, '/assets/other.js.map']) {
        for (const accept of ['*/*', 'text/html']) {
          const response = await production.inject({ url: target, headers: { accept } });
          expect(response.statusCode).toBe(404);
          expect(response.headers['content-type']).toContain('application/json');
          expect(response.body).not.toContain('secret.ts');
        }
      }
      expect((await production.inject('/assets/main-abc123.js')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
  it('sends a sentence submitted without scripts to the structured results, and leaves other results alone', async () => {
    const hebrew = await t.app.inject(`/he/results?type=sublet&q=${encodeURIComponent('דירה בחיפה עם מרפסת')}`);
    expect(hebrew.statusCode).toBe(303);
    const target = new URL(hebrew.headers.location as string, 'http://x');
    expect(target.pathname).toBe('/he/results');
    expect(target.searchParams.get('location')).toBe('חיפה');
    expect(target.searchParams.get('q')).toBeNull();
    const english = await t.app.inject(`/results?q=${encodeURIComponent('hotel in Eilat under 600 a night')}`);
    expect(english.statusCode).toBe(303);
    expect(english.headers.location).toMatch(/^\/results\?type=hotel&location=Eilat/);
    // A sentence over the limit is cut to it, not refused: a page answers here, not the API.
    expect((await t.app.inject(`/results?q=${'a'.repeat(5000)}`)).statusCode).toBe(303);
    for (const plain of ['/results?type=hotels', '/results?q=', '/results?q=%20%20', '/resultsq=x']) {
      expect((await t.app.inject(plain)).statusCode, plain).not.toBe(303);
    }
  });
  it("sends a hashed script without a document's headers, and a page with them", async () => {
    const script = await t.app.inject('/assets/main-abc123.js');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(script.headers[header], header).toBeUndefined();
    }
    const page = await t.app.inject('/');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});
