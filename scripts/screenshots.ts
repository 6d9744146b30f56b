// Screenshots of pages in English and Hebrew, light and dark, desktop and mobile, for people to look at.
// Usage: npm start (in another shell), then: npm run screenshots -- [--base http://localhost:3000] [--as guest@example.com] /auth /explore
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: process.env.BASE_URL ?? 'http://localhost:3000' },
    as: { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
    full: { type: 'boolean', default: false },
  },
});
const paths = positionals.length ? positionals : ['/', '/auth', '/no-such-page'];
mkdirSync(values.out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const [device, viewport] of Object.entries(viewports)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL: values.base, viewport, colorScheme, deviceScaleFactor: 1, bypassCSP: values.full });
    if (values.as) {
      await context.request.post('/api/auth/sign-in', {
        data: { email: values.as, password: 'Passw0rd!' },
        headers: { 'x-requested-with': 'fetch' },
      });
    }
    const page = await context.newPage();
    for (const path of paths) {
      for (const language of ['en', 'he']) {
        const url = language === 'he' ? (path === '/' ? '/he' : `/he${path}`) : path;
        // A stored language choice redirects to its own prefix; each shot shows the language of its URL.
        await page.evaluate(() => localStorage.removeItem('language')).catch(() => undefined);
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        if (values.full) await drawWholePage(page);
        const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${language}-${colorScheme}-${device}.png`;
        await page.screenshot({ path: `${values.out}/${name}`, fullPage: values.full });
        console.log(`${values.out}/${name}`);
      }
    }
    await context.close();
  }
}
await browser.close();

/**
 * Draws the parts drawn only near the screen (drawn-when-near in web/styles.css) for a full-page shot,
 * as a visitor who scrolls sees them: Chromium's full-page capture leaves them undrawn otherwise.
 * (The context bypasses the page's Content-Security-Policy for this one style element.)
 */
async function drawWholePage(page: Page) {
  await page.addStyleTag({ content: '.drawn-when-near { content-visibility: visible !important; }' });
  await page.waitForTimeout(200);
}
