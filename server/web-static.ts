import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { compressPage } from './http/compress-page.ts';
import { errorBody } from './http/errors.ts';
import { pathOfTarget } from './http/request-path.ts';
import { createWebRenderer } from './web-render.ts';
import type { Manifest } from './vite-manifest.ts';

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
  const hasWebApp = existsSync(indexFile);
  const indexHtml = hasWebApp ? readFileSync(indexFile) : null;

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      // Routes only for the files present at start (the build output), so folders never answer 403.
      wildcard: false,
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
    if (wantsPage && renderer && (await renderer.handle(request, reply))) return reply;
    if (wantsPage && indexHtml) {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      return reply.send(compressPage(request, reply, indexHtml));
    }
    return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${path}`));
  });
}
