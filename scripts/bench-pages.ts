/**
 * Pages benchmark: `npm run bench:pages`. Lighthouse (performance only) on the built server, for the
 * public pages a visitor lands on, in English and Hebrew, with Lighthouse's mobile settings (a
 * mid-range phone on slow 4G, simulated) unless `--preset desktop`.
 *
 *   npm run bench:pages -- [--pages explore,results,property,blog] [--languages en,he] [--runs 1]
 *                          [--preset mobile|desktop] [--cpu-slowdown 4] [--as guest@example.com] [--json out.json]
 *                          [--reports dir] [--build] [--main-thread-runs 3] [--http2]
 *
 * It starts `dist/server/main.js` (built first when missing or with --build) in production mode on a
 * fresh data folder seeded with the demo data, switches the site to launch mode `live` as the demo
 * admin, and drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Figures and their
 * definitions: scripts/page-figures.ts and docs/performance.md. It first prints each route's first-load
 * JavaScript from the build's manifest (scripts/first-load.ts). Then, unless `--main-thread-runs 0`, it
 * loads each page again in Chromium really slowed down (DevTools' CPU throttling, 4× or --cpu-slowdown)
 * with a trace, and prints the main thread's blocking time, longest task and total work (medians):
 * figures that hold still on a machine whose speed makes Lighthouse's simulated ones wander.
 * `--http2` opens the pages through a TLS + HTTP/2 proxy of its own (scripts/http2-proxy.ts), as
 * phones reach the site behind the TLS proxy of docs/deploy.md; without it they come over HTTP/1.1
 * straight from the server (decision 068).
 *
 * Over 300 lines on purpose: one command's steps (build, server, Lighthouse runs, traced runs, the
 * printed table) are read together.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { generate } from 'otplib';
import { chromium } from 'playwright-core';
import { demoAccounts } from '../server/seed/seed-demo-data.ts';
import { firstLoadBudgetBytes, formatFirstLoad, measureFirstLoad } from './first-load.ts';
import { freePort } from './free-port.ts';
import { startHttp2Proxy } from './http2-proxy.ts';
import {
  figuresFromReport,
  formatMainThreadTable,
  formatTable,
  mainThreadFigures,
  medianMainThread,
  medianRun,
  type MainThreadFigures,
  type PageResult,
  type TraceEvent,
} from './page-figures.ts';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: 'explore,results,property,blog' },
    languages: { type: 'string', default: 'en,he' },
    runs: { type: 'string', default: '1' },
    preset: { type: 'string', default: 'mobile' },
    as: { type: 'string' },
    json: { type: 'string' },
    reports: { type: 'string' },
    'cpu-slowdown': { type: 'string' },
    build: { type: 'boolean', default: false },
    // Pages through a TLS + HTTP/2 proxy, as phones reach the site behind docs/deploy.md's proxy (scripts/http2-proxy.ts).
    http2: { type: 'boolean', default: false },
    'main-thread-runs': { type: 'string', default: '3' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Each page's path in English; Hebrew puts /he in front. `listingId` is a seeded hotel in Tel Aviv. */
const pagePaths: Record<string, (listingId: number) => string> = {
  explore: () => '/explore',
  results: () => `/results?${new URLSearchParams({ type: 'hotel', location: 'Tel Aviv', checkIn: day(30), checkOut: day(33) })}`,
  property: (listingId) => `/property/${listingId}`,
  blog: () => '/blog',
};

/** A page's address in a language: Hebrew puts /he in front of the English path. */
function pageUrl(baseUrl: string, page: string, language: string, listingId: number): string {
  const englishPath = pagePaths[page]!(listingId);
  return `${baseUrl}${language === 'he' ? `/he${englishPath}` : englishPath}`;
}

if (args.help) {
  console.log(
    `usage: npm run bench:pages -- [--pages ${Object.keys(pagePaths).join(',')}] [--languages en,he] [--runs 1] [--preset mobile|desktop] [--cpu-slowdown N] [--as email] [--json out.json] [--reports dir] [--build] [--http2]`,
  );
  process.exit(0);
}

const pages = args.pages.split(',').map((name) => {
  if (!(name in pagePaths)) throw new Error(`unknown page ${name}; known: ${Object.keys(pagePaths).join(', ')}`);
  return name;
});
const languages = args.languages.split(',').map((language) => {
  if (language !== 'en' && language !== 'he') throw new Error(`unknown language ${language}; known: en, he`);
  return language;
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number from 1');
if (args.preset !== 'mobile' && args.preset !== 'desktop') throw new Error('--preset must be mobile or desktop');
const preset = args.preset;
// Lighthouse multiplies the main-thread time it observes by this (4 for mobile, 1 for desktop); a
// machine far slower than a developer's laptop (a low benchmark index) calls for a smaller factor.
const cpuSlowdown = args['cpu-slowdown'] === undefined ? undefined : Number(args['cpu-slowdown']);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown must be a number from 1');
const mainThreadRuns = Number(args['main-thread-runs']);
if (!Number.isInteger(mainThreadRuns) || mainThreadRuns < 0) throw new Error('--main-thread-runs must be a whole number from 0');

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} exited with ${code}`))));
  });
}

/** The built server in production mode on an empty folder, seeded with the demo data as it starts. */
async function startServer(dataDir: string, publicUrl?: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Behind the HTTP/2 proxy, the address pages are opened at: the cross-site guard compares writes' Origin with it.
      PUBLIC_URL: publicUrl ?? baseUrl,
      LOG_LEVEL: 'warn',
      // Production never seeds by itself; this throwaway server asks for the demo data.
      SEED_DEMO_DATA: 'auto',
      SHUTDOWN_GRACE_SECONDS: '2',
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The session cookie (name=value) of a demo account, signed in through the API as the web app does. */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ email, password: demoAccounts.password }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('lina_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function api(baseUrl: string, apiPath: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${baseUrl}${apiPath}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${apiPath} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Opens the site to visitors (the demo data starts in prelaunch) and finds a listing to open. The server
 * runs in production mode, where an admin acts only with a second factor (decision 051): the demo
 * admin of this throwaway server adds an authenticator app first, through the API as the web app does.
 */
async function prepareSite(baseUrl: string): Promise<number> {
  const admin = await signIn(baseUrl, demoAccounts.admin);
  const asAdmin = { 'content-type': 'application/json', 'x-requested-with': 'fetch', cookie: admin };
  const { secret } = (await api(baseUrl, '/api/auth/two-factor/totp/setup', { method: 'POST', headers: asAdmin, body: '{}' })) as {
    secret: string;
  };
  await api(baseUrl, '/api/auth/two-factor/totp/confirm', {
    method: 'POST',
    headers: asAdmin,
    body: JSON.stringify({ code: await generate({ secret }) }),
  });
  await api(baseUrl, '/api/admin/settings', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', cookie: admin },
    body: JSON.stringify({ launchMode: 'live' }),
  });
  const search = (await api(baseUrl, '/api/search?type=hotel&location=Tel%20Aviv&lang=en')) as { results: { id: number }[] };
  const listing = search.results[0];
  if (!listing) throw new Error('the demo data has no hotel in Tel Aviv');
  return listing.id;
}

async function main() {
  if (!existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  }
  if (args.build || !existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/web/index.html'))) {
    await run(process.execPath, ['scripts/build.mjs']);
  }
  // The exact first-load figure per route, from the build's manifest (scripts/first-load.ts), before Lighthouse's.
  console.log(
    `JavaScript before the first render, gzip, per route (budget ${(firstLoadBudgetBytes / 1024).toFixed(1)} KB):\n\n${formatFirstLoad(measureFirstLoad(root))}\n`,
  );
  if (args.reports) mkdirSync(args.reports, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lina-bench-pages-'));
  const proxyPort = args.http2 ? await freePort() : undefined;
  const server = await startServer(dataDir, proxyPort === undefined ? undefined : `https://localhost:${proxyPort}`);
  const proxy = proxyPort === undefined ? undefined : await startHttp2Proxy(server.baseUrl, proxyPort);
  /** Where Chromium opens the pages; the benchmark's own requests go to the server directly. */
  const pagesBase = proxy?.url ?? server.baseUrl;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-sync',
        ...(proxy ? ['--ignore-certificate-errors'] : []),
      ],
    });
    const listingId = await prepareSite(server.baseUrl);
    const cookie = args.as ? await signIn(server.baseUrl, args.as) : undefined;
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Every run is a first visit: Lighthouse keeps local storage and cookies by default, so a Hebrew
      // page's stored language choice made the next English page switch to Hebrew in the browser (a
      // client render from scratch, not the server's page). A signed-in run sends its cookie as a header.
      clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'cookies', 'indexeddb'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    };
    const config = preset === 'desktop' ? desktopConfig : undefined;

    const results: (PageResult & { runs: PageResult['figures'][] })[] = [];
    for (const page of pages) {
      for (const language of languages) {
        const url = pageUrl(pagesBase, page, language, listingId);
        await warmUp(pageUrl(server.baseUrl, page, language, listingId), cookie);
        const measured: PageResult[] = [];
        for (let i = 0; i < runs; i++) {
          const result = await runLighthouse(url, flags, config);
          const figures = figuresFromReport(result.lhr);
          console.log(
            `${page} ${language} run ${i + 1}/${runs}: score ${figures.score}, LCP ${Math.round(figures.lcpMs)} ms, TTI ${Math.round(figures.ttiMs)} ms, ` +
              `TBT ${Math.round(figures.tbtMs)} ms, CPU benchmark index ${figures.benchmarkIndex ?? '?'}`,
          );
          measured.push({ page, language, url, figures });
          // The whole report, to open in Lighthouse's viewer (https://googlechrome.github.io/lighthouse/viewer/).
          if (args.reports) writeFileSync(path.join(args.reports, `${page}-${language}-${preset}-${i + 1}.json`), result.report as string);
        }
        results.push({ ...medianRun(measured), runs: measured.map((m) => m.figures) });
      }
    }

    const settings = `${preset} preset${cpuSlowdown ? `, CPU slowdown ${cpuSlowdown}×` : ''}, ${runs === 1 ? 'one run' : `median of ${runs} runs`} per page${args.as ? `, signed in as ${args.as}` : ''}${proxy ? ', through a TLS + HTTP/2 proxy' : ', HTTP/1.1 from the server'}`;
    console.log(`\nLighthouse, ${settings}\n`);
    console.log(formatTable(results));
    if (mainThreadRuns > 0) {
      const slowdown = cpuSlowdown ?? (preset === 'mobile' ? 4 : 1);
      const rows = await measureMainThread(server.baseUrl, listingId, cookie, slowdown);
      console.log(
        `\nMain thread in Chromium slowed ${slowdown}× (DevTools throttling, not simulated), median of ${mainThreadRuns} loads per page\n`,
      );
      console.log(formatMainThreadTable(rows));
    }
    if (args.json) {
      writeFileSync(
        args.json,
        `${JSON.stringify({ date: new Date().toISOString(), preset, cpuSlowdown: cpuSlowdown ?? null, runs, as: args.as ?? null, results }, null, 2)}\n`,
      );
      console.log(`\nwritten to ${args.json}`);
    }
  } finally {
    chrome?.kill();
    await proxy?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Each page loaded `mainThreadRuns` times in a fresh context with a phone's viewport, the CPU slowed
 * by `slowdown` and a trace running until the page is hydrated and the network quiet.
 */
async function measureMainThread(baseUrl: string, listingId: number, cookie: string | undefined, slowdown: number) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const rows: { page: string; language: string; figures: MainThreadFigures }[] = [];
  try {
    for (const page of pages) {
      for (const language of languages) {
        const url = pageUrl(baseUrl, page, language, listingId);
        const loads: MainThreadFigures[] = [];
        for (let i = 0; i < mainThreadRuns; i++) {
          const context = await browser.newContext(
            preset === 'mobile' ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } : {},
          );
          if (cookie)
            await context.addCookies([{ name: cookie.split('=')[0]!, value: cookie.slice(cookie.indexOf('=') + 1), url: baseUrl }]);
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
          await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
          await tab.goto(url, { waitUntil: 'networkidle' });
          await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' });
          await tab.waitForTimeout(1000);
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          loads.push(mainThreadFigures(trace.traceEvents, baseUrl));
          await context.close();
        }
        const figures = medianMainThread(loads);
        console.log(
          `${page} ${language} main thread: blocking after FCP ${Math.round(figures.blockingAfterFcpMs)} ms, longest task ${Math.round(figures.longestTaskMs)} ms`,
        );
        rows.push({ page, language, figures });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * One request for the page first, so that no run measures the server's first answer for it; then
 * every photo variant the page names. Variants of photos stored before variants existed (the demo
 * seed's) are made on their first request, one at a time: a fresh server would otherwise spend the
 * first run encoding them, which a deployed site has done long before (uploads make theirs at once).
 */
/**
 * One Lighthouse run, tried up to three times when Lighthouse itself fails to record the load (its
 * NO_NAVSTART and similar trace errors come and go on the same build); a page that fails three
 * times stops the benchmark.
 */
async function runLighthouse(url: string, flags: Flags, config: typeof desktopConfig | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    console.log(`Lighthouse failed on ${url} (${result.lhr.runtimeError.code}); trying again`);
  }
}

async function warmUp(url: string, cookie: string | undefined): Promise<void> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const html = await (await fetch(url, { headers })).text();
  const media = new Set(html.match(/\/api\/media\/public\/[^\s"',]+/g) ?? []);
  for (const file of media) await fetch(new URL(file.replace(/&amp;/g, '&'), url), { headers });
}
