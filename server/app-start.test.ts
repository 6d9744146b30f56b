import { describe, expect, it } from 'vitest';
import { deferAppFiles, preloadAppFiles, startAppFile, withAppFiles } from './app-start.ts';

// What Vite writes into the built index.html: the entry's script, then preloads of its imports.
const built = [
  '<head>',
  '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/react-B.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/query-C.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-D.css">',
  '  </head>',
].join('\n');

const startTag = (files: string) =>
  `<script type="module" crossorigin src="/${startAppFile}" data-app="/assets/index-A.js" data-app-files="${files}"></script>`;

describe('starting the app after the first paint', () => {
  it('replaces the entry and its preloads by the start script, which names them', () => {
    const html = deferAppFiles(built, 'assets/index-A.js');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-A.js"');
    expect(html).toContain(startTag('/assets/index-A.js /assets/react-B.js /assets/query-C.js'));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D.css">');
  });

  it('fails the build when index.html has no such entry', () => {
    expect(() => deferAppFiles(built, 'assets/other.js')).toThrow(/no <script/);
  });

  it('adds a page’s own files after the app’s, so they are asked for with it', () => {
    const html = withAppFiles(deferAppFiles(built, 'assets/index-A.js'), ['/assets/en-E.js', '/assets/property-page-F.js']);
    expect(html).toContain(startTag('/assets/index-A.js /assets/react-B.js /assets/query-C.js /assets/en-E.js /assets/property-page-F.js'));
  });

  it('has the HTML of a page rendered in the browser preload the app’s files itself', () => {
    const html = preloadAppFiles(deferAppFiles(built, 'assets/index-A.js'));
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloads).toEqual(['/assets/index-A.js', '/assets/react-B.js', '/assets/query-C.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('data-app='));
  });
});
