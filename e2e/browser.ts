import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's chromium package; no browser is ever downloaded. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** This worker's own server (global-setup.ts starts one per worker; VITEST_POOL_ID counts from 1). */
export function ownServer(): { baseUrl: string; guestCookie: string } {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
}

export const baseUrl = () => ownServer().baseUrl;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      // WebGL (the maps' MapLibre) in software: with the GPU off, Chromium falls back to SwiftShader
      // only when allowed to (newer versions stop doing it by default).
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  locale?: string;
  /** The browser's time zone (IANA name); the machine's when absent. */
  timezoneId?: string;
  /** Start signed in as the demo guest (one shared session; see global-setup). */
  asGuest?: boolean;
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    timezoneId: options.timezoneId,
  });
  if (options.asGuest) {
    const [name, value] = ownServer().guestCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl() }]);
  }
  const page = await context.newPage();
  waitForHydrationOnLoad(page);
  return { context, page };
}

/**
 * Public pages arrive server rendered: visible before React is attached, when a click or a keystroke
 * would be lost. Every goto, reload, goBack and goForward here waits until the app marks the page
 * hydrated (root-layout sets html[data-hydrated]), as a person waits for a page to finish loading.
 * Going back or forward to another document loads it again (Playwright's Chromium keeps no
 * back-forward cache); within one document the mark is already there.
 */
export function waitForHydrationOnLoad(page: Page) {
  const hydrated = () => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  page.goBack = async (...args) => {
    const response = await goBack(...args);
    await hydrated();
    return response;
  };
  page.goForward = async (...args) => {
    const response = await goForward(...args);
    await hydrated();
    return response;
  };
}

/** Signs in through the API so that tests not about signing in start signed in. */
export async function signInAs(context: BrowserContext, email: string, password = 'Passw0rd!') {
  const response = await context.request.post('/api/auth/sign-in', {
    data: { email, password },
    headers: { 'x-requested-with': 'fetch' },
  });
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()}`);
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Accessibility violations axe rates serious or critical on the current page. */
export async function seriousAxeViolations(page: Page) {
  // Contrast measured halfway through a fade is wrong: wait for transitions and animations to end.
  // (Skeletons pulse until their data arrives, which on a loaded CI machine can take several seconds.)
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
    timeout: 15_000,
  });
  // Evaluated, not added as a <script>: the Content-Security-Policy rightly refuses inline scripts.
  await page.evaluate(readFileSync(axeSource, 'utf8'));
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> };
      }
    ).axe;
    return axe.run(document);
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
