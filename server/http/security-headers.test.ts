import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppsOnOneDatabase } from '../test/test-app.ts';

const themeScript = "document.documentElement.classList.toggle('dark', true);";
const indexHtml = `<!doctype html><html><head><script>${themeScript}</script></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

/** Parses a Content-Security-Policy header into its directives. */
const directivesOf = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
  let webDir: string;
  let development: FastifyInstance;
  let production: FastifyInstance;
  beforeAll(async () => {
    apps = await createAppsOnOneDatabase();
    webDir = mkdtempSync(path.join(os.tmpdir(), 'lina-csp-'));
    writeFileSync(path.join(webDir, 'index.html'), indexHtml);
    development = await apps.appWith({ webDir, env: { NODE_ENV: 'development' } });
    production = await apps.appWith({ webDir, env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' } });
  });
  afterAll(async () => {
    await apps.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/he/explore', '/property/12'])(
    "every HTML page (%s) has a policy that allows only our scripts, the theme script by its hash and this answer's nonce",
    async (url) => {
      const response = await development.inject({ url, headers: { accept: 'text/html' } });
      expect(response.headers['content-type']).toContain('text/html');
      const csp = directivesOf(response.headers['content-security-policy'] as string);
      const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
      // The nonce is for the inline scripts React streams into a server-rendered page; new on every answer.
      expect(csp['script-src']).toEqual(["'self'", hash, expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{24}'$/)]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      const again = directivesOf(
        (await development.inject({ url, headers: { accept: 'text/html' } })).headers['content-security-policy'] as string,
      );
      expect(again['script-src']![2]).not.toBe(csp['script-src']![2]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('sends HSTS in production only', async () => {
    const live = await production.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(live.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(directivesOf(live.headers['content-security-policy'] as string)['upgrade-insecure-requests']).toEqual([]);
    const local = await development.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(local.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(local.headers['content-security-policy'] as string)['upgrade-insecure-requests']).toBeUndefined();
  });

  it('covers the API and the development mailbox too', async () => {
    expect((await development.inject('/api/health')).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await development.inject('/dev/mailbox')).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
