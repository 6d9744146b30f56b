import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Each answer's script nonce, by its raw response: server-rendered pages give it to React's inline scripts. */
const scriptNonces = new WeakMap<object, string>();

/** The nonce this answer's policy allows inline scripts with (server rendering streams a few). */
export function scriptNonceOf(reply: FastifyReply): string | undefined {
  return scriptNonces.get(reply.raw);
}

function scriptNonce(_request: unknown, response: object): string {
  const nonce = randomBytes(16).toString('base64');
  scriptNonces.set(response, nonce);
  return `'nonce-${nonce}'`;
}

/**
 * The hashes of the inline scripts in the built index.html (the theme script that paints the right
 * theme before the app loads). The policy allows exactly these, and the scripts of a server-rendered
 * page that carry this answer's nonce, so no other inline script can run.
 */
export function inlineScriptHashes(webDir: string | undefined): string[] {
  const indexFile = webDir ? path.join(webDir, 'index.html') : '';
  if (!indexFile || !existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/**
 * Security headers on every answer, through helmet. The Content-Security-Policy lets pages load
 * only our own scripts, styles, images, fonts and API; no site may frame us (clickjacking); HSTS
 * is sent in production only, where the site is served over HTTPS (a development server on plain
 * http must not pin browsers to https for localhost).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean; webDir: string | undefined; mapStyleUrl?: string | undefined },
) {
  // A configured base map (MAP_STYLE_URL) loads its style, tiles, glyphs and sprites from its origin.
  const mapOrigin = options.mapStyleUrl ? [new URL(options.mapStyleUrl).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(options.webDir), scriptNonce],
        scriptSrcAttr: ["'none'"],
        // React and Radix set style attributes (positions, transforms).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...mapOrigin],
        // MapLibre decodes images in workers it may start from blob: addresses; its own worker is a file of ours.
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.isProduction ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Photos and files are served from our own origin; nothing cross-origin needs isolating.
    crossOriginEmbedderPolicy: false,
  });
}
