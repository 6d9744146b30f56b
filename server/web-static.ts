import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { today } from '../core/dates.ts';
import { localizePath } from '../core/languages.ts';
import { maxSentenceLength, sentenceResultsQuery } from '../core/search-interpretation.ts';
import { interpretSearch } from '../core/search-interpreter.ts';
import { parseResultsFilters } from '../core/search-params.ts';
import { compressPage } from './http/compress-page.ts';
import { errorBody } from './http/errors.ts';
import { pathOfTarget } from './http/request-path.ts';
import { createWebRenderer } from './web-render.ts';
import type { Manifest } from './vite-manifest.ts';

/**
 * Headers that apply to a document (or a worker), never to a script or stylesheet it loads: a page
 * loads about sixty hashed chunks, each of a few hundred bytes compressed, and these headers were
 * 0.8 KB of each answer (issue 40: the JavaScript a page transfers). Kept on chunks: nosniff (a
 * script must be served as one), Cross-Origin-Resource-Policy, caching and the request id. The one
 * worker of ours, MapLibre's (.mjs), keeps every header, its Content-Security-Policy included.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built web app: hashed assets are cached for a year, index.html never, and any
 * other GET that wants HTML gets a page: server rendered for the public pages when the SSR build
 * (dist/web-ssr, beside webDir) is there, else index.html, so deep links (and /he/...) survive a reload.
 *
 * The build writes source maps (vite.config.ts), for profiling and reading errors from a build. In
 * production they are not served (404): they would hand anyone the app's whole source, comments
 * included (docs/decisions/036-small-security-holes.md).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string, siteUrl: string, options: { serveSourceMaps: boolean }) {
  const indexFile = path.join(webDir, 'index.html');
  if (!options.serveSourceMaps) {
    // Before the file routes, so it holds for the maps fastify-static found and for any other .map path.
    app.addHook('onRequest', async (request, reply) => {
      const path = pathOfTarget(request.url);
      if (path.endsWith('.map') && !path.startsWith('/api/')) {
        return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${path}`));
      }
    });
  }
  // A hashed script or stylesheet carries only the headers that mean something for it (see documentOnlyHeaders).
  app.addHook('onSend', async (request, reply) => {
    const path = pathOfTarget(request.url);
    if (!path.startsWith('/assets/') || !/\.(js|css)$/.test(path)) return;
    for (const header of documentOnlyHeaders) reply.removeHeader(header);
  });
  const hasWebApp = existsSync(indexFile);
  const indexHtml = hasWebApp ? readFileSync(indexFile) : null;

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // Routes only for the files present at start (the build output), so folders never answer 403.
      wildcard: false,
      // The build compressed the assets at the best ratio (scripts/compress-assets.mjs): sent as they are,
      // by the encoding the browser accepts, instead of compressed again on every request.
      preCompressed: true,
      // A page loads about fifty files: no byte ranges (nothing here is resumed) and no Last-Modified
      // beside the ETag, 70 bytes of headers less on each answer.
      acceptRanges: false,
      lastModified: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // The build's manifest tells the renderer which chunks each page needs (vite.config.ts writes it).
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  const renderer = indexHtml
    ? await createWebRenderer(app, {
        ssrDir: path.join(path.dirname(webDir), 'web-ssr'),
        indexHtml: indexHtml.toString('utf8'),
        siteUrl,
        manifest,
      })
    : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOfTarget(request.url);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (wantsPage) {
      const sentence = sentenceSearchTarget(path, request.url);
      if (sentence) return reply.header('Cache-Control', 'no-store').redirect(sentence, 303);
    }
    if (wantsPage && renderer && (await renderer.handle(request, reply))) return reply;
    if (wantsPage && indexHtml) {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      return reply.send(compressPage(request, reply, indexHtml));
    }
    return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${path}`));
  });
}

/**
 * /results?q=<a sentence>: the sentence box submitted as a plain form, before the scripts arrived or
 * without them (issue 40's progressive enhancement). The sentence is read on the server, as the box
 * reads it through /api/search/interpret, and the visitor is sent on to the structured URL the box
 * would have opened, so a shared or reloaded address is the same either way. A sentence over the
 * length limit is cut to it rather than refused: a page, not an API, answers here.
 */
export function sentenceSearchTarget(path: string, url: string): string | null {
  const language = path === '/he/results' ? 'he' : path === '/results' ? 'en' : null;
  if (!language) return null;
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  const sentence = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, maxSentenceLength);
  if (!url.includes('?') || !sentence) return null;
  const base = parseResultsFilters(params);
  const interpretation = interpretSearch(sentence, { today: today(), lang: language, type: base.type });
  return `${localizePath('/results', language)}?${sentenceResultsQuery(interpretation, base.type, base.sort)}`;
}
