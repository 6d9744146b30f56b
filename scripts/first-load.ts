/**
 * First-load JavaScript per route, from the built web app's Vite manifest (dist/web/.vite/manifest.json):
 * `npx tsx scripts/first-load.ts` (after a build); `npm run bench:pages` prints it too. The budget (issue 15:
 * 150 KB compressed) is checked on the build by e2e/server-rendering.e2e.ts.
 *
 * What counts, per route: the entry (index.html's module and everything it imports statically),
 * the route's page module (web/app/page-table.ts; the home route's by launch mode) and its static
 * imports, since main.tsx loads that page before hydrating. Each file once, gzip level 9 as a stand-in
 * for what the server sends (the build's brotli files are smaller). The translations the route loads
 * before its first render (the shell's group and its page's, web/i18n/translation-groups.ts) are a
 * column of their own, in Hebrew (the larger), outside the budget: they are text, and what they weigh
 * is decided by the groups, not by code. Why from the manifest: it is exact and needs no browser, so the
 * figure is the same on a busy machine; Lighthouse's "JS before FCP" (page-figures.ts) says what a real
 * load asked for in time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryKey, staticClosure, translationFiles, type Manifest } from '../server/vite-manifest.ts';
import { pageTable, type PageEntry } from '../web/app/page-table.ts';

export { staticClosure, type Manifest } from '../server/vite-manifest.ts';

// 150 KB until 2026-11-27; 151 KB since the third session of that day merged issue 35's and 41's fixes
// (date horizon, filter tables, card actions, status codes): /results measured 150.1 KB. 148 KB since
// issue 40's lean-js branch (decision 066): the entry is one file and /property, the largest, measured
// 146.5 KB. See docs/decisions/044-page-table.md, addendum.
export const firstLoadBudgetBytes = 148 * 1024;

export interface RoutePages {
  path: string;
  /** Manifest keys of the page modules loaded before the first render (relative to web/). */
  pages: string[];
  serverRendered: boolean;
  /** The groups of translations its pages name beyond the shell's (page-table.ts `translations`). */
  translations: string[];
}

/**
 * The routes and their page modules, from the app's page table (web/app/page-table.ts, imported: the table
 * holds only strings and `import()` functions, so no page runs here). A route drawn by a component that
 * shows one of several pages (the home route, by launch mode) has one row per page, `/ (landing-page)`;
 * a redirect (no page) has none. A page a route names but the table lacks is a failure, not a 0.
 */
export function routePages(table: readonly PageEntry[]): RoutePages[] {
  const pages = new Set(table.flatMap((entry) => (entry.module ? [entry.module] : [])));
  const routes: RoutePages[] = [];
  for (const entry of table) {
    const modules = entry.module ? [entry.module] : (entry.shows ?? []);
    for (const module of modules) if (!pages.has(module)) throw new Error(`the page table has no page '${module}'`);
    for (const routePath of entry.paths) {
      for (const file of modules) {
        const label = modules.length > 1 ? `${routePath} (${path.basename(file).replace(/\.tsx$/, '')})` : routePath;
        const translations = [...(table.find((page) => page.module === file)?.translations ?? [])];
        routes.push({ path: label, pages: [file], serverRendered: entry.serverRendered === true, translations });
      }
    }
  }
  if (routes.length === 0) throw new Error('no routes in the page table');
  return routes;
}

export interface RouteFirstLoad {
  path: string;
  serverRendered: boolean;
  /** Compressed bytes of JavaScript (the same in both languages), what the budget limits. */
  bytes: number;
  files: number;
  /** Compressed bytes of the Hebrew translations it loads before its first render (the shell's group and its page's). */
  translationBytes: number;
}

export function firstLoadOf(manifest: Manifest, routes: readonly RoutePages[], gzipSizeOf: (file: string) => number): RouteFirstLoad[] {
  const entry = entryKey(manifest);
  const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipSizeOf(manifest[key]!.file), 0);
  return routes.map((route) => {
    const keys = staticClosure(manifest, [entry, ...route.pages]);
    const translations = translationFiles(manifest, 'he', ['shell', ...route.translations]);
    const translationBytes = translations.reduce((total, file) => total + gzipSizeOf(file), 0);
    return { path: route.path, serverRendered: route.serverRendered, bytes: sum(keys), files: keys.size, translationBytes };
  });
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatFirstLoad(rows: readonly RouteFirstLoad[]): string {
  const lines = [
    '| route | rendered | gzip | files | translations (he) |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| \`${row.path}\` | ${row.serverRendered ? 'server' : 'browser'} | ${kilobytes(row.bytes)} | ${row.files} | ${kilobytes(row.translationBytes)} |`,
    ),
  ];
  return lines.join('\n');
}

/** The figures of the build in `root`/dist/web. */
export function measureFirstLoad(root: string): RouteFirstLoad[] {
  const webDist = path.join(root, 'dist/web');
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const routes = routePages(pageTable);
  const sizes = new Map<string, number>();
  const gzipSizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  // The entry alone first: what every route loads whatever its page.
  return firstLoadOf(manifest, [{ path: '(entry only)', pages: [], serverRendered: true, translations: [] }, ...routes], gzipSizeOf);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureFirstLoad(path.resolve(import.meta.dirname, '..'));
  console.log(`JavaScript before the first render, gzip (budget ${kilobytes(firstLoadBudgetBytes)})\n`);
  console.log(formatFirstLoad(rows));
}
