import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { compressPage } from './http/compress-page.ts';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scriptNonceOf } from './http/security-headers.ts';
import { preloadAppFiles, withAppFiles } from './app-start.ts';
import { chunkFilesBeyondEntry, entryFontFiles, entryKey, translationFiles, type Manifest } from './vite-manifest.ts';

/**
 * Server rendering of the public pages, with the module `vite build --ssr` makes of web/entry-server.tsx
 * (dist/web-ssr/entry-server.js). The page's API calls go through app.inject with the visitor's
 * cookies: one data path, the same authorization and launch mode as the browser's own calls.
 * Without that build (API tests, a dev server) every page gets the plain shell, as before.
 */

/** The parts of web/entry-server.tsx's render() the server uses (the web code is not imported here). */
type RenderResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'shell'; language: string; dir: string; state: string; translationGroups: string[] }
  | {
      kind: 'page';
      status: number;
      language: string;
      dir: string;
      head: string;
      state: string;
      body: Readable;
      signedIn: boolean;
      pageModules: string[];
      translationGroups: string[];
    };

interface ServerEntry {
  render(request: {
    url: string;
    siteUrl: string;
    fetch: typeof fetch;
    nonce?: string;
    onError?: (error: unknown) => void;
  }): Promise<RenderResult>;
}

export interface WebRenderer {
  /** Answers a page request (server rendered, or the shell with its language), or returns false when rendering failed (send the plain shell). */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** A fetch whose same-origin /api calls are answered by the app itself, as this visitor. */
function fetchThroughApp(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  const cookie = request.headers.cookie;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? 'lina-ssr' };
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    if (cookie) headers.cookie = cookie;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    const contentType = answer.headers['content-type'];
    if (typeof contentType === 'string') responseHeaders.set('content-type', contentType);
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.payload, { status: answer.statusCode, headers: responseHeaders });
  };
}

/** Splits the built index.html around the root element, where the rendered page goes. */
function splitTemplate(html: string) {
  const marker = '<div id="root"></div>';
  const at = html.indexOf(marker);
  if (at === -1) throw new Error('index.html has no <div id="root"></div>');
  return { before: html.slice(0, at), after: html.slice(at + marker.length) };
}

/** The template's <html> with the page's own language and direction. */
function withLanguage(before: string, language: string, dir: string) {
  return before.replace(/<html[^>]*>/, `<html lang="${language}" dir="${dir}">`);
}

/** The page's own <html lang dir>, title and description in place of the template's defaults, and its preloads. */
function pageHead(before: string, result: { language: string; dir: string; head: string }, preloads: string) {
  return withLanguage(before, result.language, result.dir)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${preloads}${result.head}\n  </head>`);
}

/**
 * Preloads for the Heebo subsets every page draws with: Latin (digits, names) and Hebrew (Hebrew text,
 * and the shekel sign on English pages too). Found only by the stylesheet, they arrived after the first
 * paint. Not the rarer subsets. Without a manifest (a dev server, API tests) there is nothing to name.
 * Not the scripts: in flight before the first paint, they made it later (docs/performance.md), so
 * the start script asks for them once the page is painted (server/app-start.ts).
 */
export function fontPreloads(manifest: Manifest | null): string {
  if (!manifest) return '';
  return entryFontFiles(manifest, ['latin', 'hebrew'])
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">\n    `)
    .join('');
}

/** What a server-rendered page needs beyond the app's own files: its groups of translations and its page's chunks. */
function pageFiles(manifest: Manifest | null, page: { language: string; pageModules: string[]; translationGroups: string[] }): string[] {
  if (!manifest) return [];
  return [...translationFiles(manifest, page.language, page.translationGroups), ...chunkFilesBeyondEntry(manifest, page.pageModules)].map(
    (file) => `/${file}`,
  );
}

export async function createWebRenderer(
  app: FastifyInstance,
  options: { ssrDir: string; indexHtml: string; siteUrl: string; manifest?: Manifest | null },
): Promise<WebRenderer | null> {
  const entryFile = path.join(options.ssrDir, 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const template = splitTemplate(options.indexHtml);
  const manifest = options.manifest ?? null;
  if (manifest) entryKey(manifest); // a manifest without an entry is a broken build: fail at start, not per page
  const preloads = fontPreloads(manifest);
  /** The shell of a page rendered in the browser, by language. */
  const shells = new Map<string, string>();
  /**
   * A page's files by language and page modules: the same for every request of that page, and walking
   * the manifest for them on every request is work the hot path need not do. As many as pages × languages.
   */
  const filesOfPages = new Map<string, string[]>();
  const filesOf = (page: { language: string; pageModules: string[]; translationGroups: string[] }) => {
    const key = `${page.language} ${page.pageModules.join(' ')} ${page.translationGroups.join(' ')}`;
    let files = filesOfPages.get(key);
    if (files === undefined) {
      files = pageFiles(manifest, page);
      filesOfPages.set(key, files);
    }
    return files;
  };

  return {
    async handle(request, reply) {
      let result: RenderResult;
      try {
        const nonce = scriptNonceOf(reply);
        result = await entry.render({
          url: request.url,
          siteUrl: options.siteUrl,
          fetch: fetchThroughApp(app, request),
          ...(nonce ? { nonce } : {}),
          onError: (error) => request.log.warn({ err: error }, 'part of a page failed to render on the server'),
        });
      } catch (error) {
        // A page that cannot render on the server still works in the browser.
        request.log.error({ err: error }, 'server rendering failed; sending the shell');
        return false;
      }
      if (result.kind === 'shell') {
        // Rendered in the browser; the HTML carries its language and names its groups of translations.
        // The same for every request of a page in a language (the template's title and description
        // stay), so made once for each.
        const shellKey = `${result.language} ${result.translationGroups.join(' ')}`;
        let html = shells.get(shellKey);
        if (html === undefined) {
          // Rendered in the browser, it starts at once: the HTML preloads the app's files itself, and the translations it needs.
          const translations = manifest
            ? translationFiles(manifest, result.language, result.translationGroups).map((file) => `/${file}`)
            : [];
          const head = preloadAppFiles(withAppFiles(withLanguage(template.before, result.language, result.dir), translations)).replace(
            '</head>',
            `  ${preloads}\n  </head>`,
          );
          html = `${head}<div id="root"></div>${result.state}${template.after}`;
          shells.set(shellKey, html);
        }
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
        await reply.send(compressPage(request, reply, html));
        return true;
      }
      // The answer depends on the visitor's session (launch mode, saved state): never shared by caches.
      reply.header('Vary', 'Cookie');
      if (result.kind === 'redirect') {
        await reply.header('Cache-Control', 'no-store').redirect(result.location, 302);
        return true;
      }
      const output = new PassThrough();
      // The start script fetches the page's groups of translations (not in its HTML: chunks cached across
      // pages) and its page's chunks with the app (server/app-start.ts).
      output.write(withAppFiles(pageHead(template.before, result, preloads), filesOf(result)) + '<div id="root">');
      result.body.pipe(output, { end: false });
      result.body.on('end', () => output.end(`</div>${result.state}${template.after}`));
      result.body.on('error', (error) => output.destroy(error));
      await reply
        .status(result.status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', result.signedIn ? 'private, no-store' : 'no-cache')
        .send(compressPage(request, reply, output));
      return true;
    },
  };
}
