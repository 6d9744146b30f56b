import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { baseUrl, ownServer } from './browser.ts';

/**
 * The server-rendered pages are valid HTML by the Nu HTML Checker (the W3C validator's engine, from
 * the `vnu-jar` package; issue 40): 0 errors. It once found 84 `role` attributes on the day picker's
 * table cells and the logo's gradient id twice on every page. Needs Java (the machines have 17).
 */
const pages = [
  '/explore',
  '/results?type=hotels&location=Haifa',
  '/results?type=sublets',
  '/property/1',
  '/blog',
  '/help',
  '/about',
  '/he/explore',
  '/he/results?type=sublets',
  '/he/property/1',
];

// The checker's jar, from the vnu-jar package (its module has no types; the path is all it exports).
const vnuJar = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

describe('valid HTML', () => {
  it('the Nu HTML Checker finds no error in the server-rendered pages, in English and Hebrew', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lina-vnu-'));
    try {
      const files: string[] = [];
      for (const [index, page] of pages.entries()) {
        // Asked as the demo guest: the e2e server runs in prelaunch, where visitors see the landing.
        const response = await fetch(baseUrl() + page, { headers: { accept: 'text/html', cookie: ownServer().guestCookie } });
        expect(response.status, page).toBe(200);
        const file = path.join(folder, `page-${index}.html`);
        writeFileSync(file, await response.text());
        files.push(file);
      }
      const { stdout } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', '--stdout', ...files], {
        maxBuffer: 32 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
      const errors = messages
        .filter((message) => message.type === 'error')
        .map((message) => `${pages[Number(/page-(\d+)\.html/.exec(message.url)?.[1])]}: ${message.message} ${message.extract ?? ''}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
