import { describe, expect, it } from 'vitest';
import { firstLoadOf, routePages, staticClosure, type Manifest } from './first-load.ts';
import { pageTable } from '../web/app/page-table.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['features/a/a-page.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'features/a/a-page.tsx': { file: 'assets/a-page.js', imports: ['_shared.js'], dynamicImports: ['_dialog.js'] },
  '_dialog.js': { file: 'assets/dialog.js' },
  'i18n/en.json?group=shell': { file: 'assets/en-shell.js' },
  'i18n/he.json?group=shell': { file: 'assets/he-shell.js' },
  'i18n/he.json?group=search': { file: 'assets/he-search.js' },
  'i18n/he.json?group=admin': { file: 'assets/he-admin.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 100,
  'assets/react.js': 50,
  'assets/shared.js': 7,
  'assets/a-page.js': 10,
  'assets/dialog.js': 1000,
  'assets/en-shell.js': 20,
  'assets/he-shell.js': 25,
  'assets/he-search.js': 30,
  'assets/he-admin.js': 300,
};

describe('first load', () => {
  it('follows static imports only, each chunk once', () => {
    expect([...staticClosure(manifest, ['index.html', 'features/a/a-page.tsx'])].sort()).toEqual(
      ['_react.js', '_shared.js', 'features/a/a-page.tsx', 'index.html'].sort(),
    );
  });

  it('counts the page and its static imports, and apart from them its Hebrew translations: the shell’s and its page’s groups', () => {
    const routes = [
      { path: '/a', pages: ['features/a/a-page.tsx'], serverRendered: true, translations: ['search'] },
      { path: '/b', pages: ['features/a/a-page.tsx'], serverRendered: false, translations: [] },
    ];
    const [rendered, browser] = firstLoadOf(manifest, routes, (file) => sizes[file]!);
    expect(rendered).toMatchObject({ bytes: 167, translationBytes: 55 });
    expect(browser).toMatchObject({ bytes: 167, translationBytes: 25 });
  });

  it('reads the routes, their pages and the home route’s pages from the page table', () => {
    const load = () => Promise.resolve({ default: () => null });
    const table = [
      { paths: ['/'], access: 'home', shows: ['features/a/a-page.tsx', 'features/b/b-page.tsx'] },
      { paths: ['/a'], access: 'public', module: 'features/a/a-page.tsx', load, serverRendered: true },
      { paths: [], access: 'home', module: 'features/b/b-page.tsx', load },
      { paths: ['/old'], access: 'everyone', shows: [] },
    ] as const;
    expect(routePages(table)).toEqual([
      { path: '/ (a-page)', pages: ['features/a/a-page.tsx'], serverRendered: false, translations: [] },
      { path: '/ (b-page)', pages: ['features/b/b-page.tsx'], serverRendered: false, translations: [] },
      { path: '/a', pages: ['features/a/a-page.tsx'], serverRendered: true, translations: [] },
    ]);
  });

  it('fails when a route shows a page the table lacks', () => {
    expect(() => routePages([{ paths: ['/'], access: 'home', shows: ['features/missing-page.tsx'] }])).toThrow(
      /no page 'features\/missing-page.tsx'/,
    );
  });

  it('reads every route of the app’s table, the home route by launch mode', () => {
    const rows = routePages(pageTable);
    expect(rows.slice(0, 3).map((row) => row.path)).toEqual(['/ (explore-page)', '/ (landing-page)', '/explore']);
    expect(rows.find((row) => row.path === '/results')).toEqual({
      path: '/results',
      pages: ['features/results/results-page.tsx'],
      serverRendered: true,
      translations: ['search'],
    });
    expect(rows.some((row) => row.path === '/old-home')).toBe(false);
  });
});
