/**
 * HTTP caching of public GET answers, declared per route: `config: { httpCache: { maxAge: 60 } }`.
 * Every 200 answer of such a route gets an ETag computed from its serialized body, and a request
 * whose If-None-Match names it is answered 304 with no body. A visitor's answer may be kept by
 * shared caches (CDN, proxies) for `maxAge` seconds; a signed-in user's never is (`private`), since
 * it may hold what only they may see (a saved flag, an address). `Vary: Cookie` keeps a shared
 * cache from handing a visitor's copy to someone signed in.
 *
 * Every other API answer to a signed-in user that does not say otherwise gets `private, no-store`:
 * bookings, conversations, saved listings… are that user's alone, and must stay out of shared caches
 * and off the disk of a shared computer's browser.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './request-path.ts';

export interface HttpCacheRule {
  /** Seconds a visitor's answer is fresh in browsers and shared caches; 0 revalidates every time (a 304 is still cheap). */
  maxAge: number;
  /** Seconds a stale answer may still be shown while it is refetched in the background. */
  staleWhileRevalidate?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    httpCache?: HttpCacheRule;
  }
}

export function cacheControlOf(rule: HttpCacheRule, signedIn: boolean): string {
  // Signed in: the browser may keep it but asks each time (answered 304 when nothing changed).
  if (signedIn) return 'private, no-cache';
  if (rule.maxAge === 0) return 'public, no-cache';
  const revalidate = rule.staleWhileRevalidate ? `, stale-while-revalidate=${rule.staleWhileRevalidate}` : '';
  return `public, max-age=${rule.maxAge}${revalidate}`;
}

/** A weak ETag: the same answer compressed or not is the same entity, byte-for-byte it is not. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for If-None-Match) or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}

/** Adds a field to the reply's Vary header once, keeping those already there. */
export function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('Vary');
  const fields = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!fields.some((value) => value.toLowerCase() === field.toLowerCase())) reply.header('Vary', [...fields, field].join(', '));
}

/**
 * Registered before @fastify/compress: instance hooks run before the route hooks compress adds, so
 * the ETag is taken of the uncompressed body and a 304 is never compressed.
 */
export function registerHttpCache(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const signedIn = request.user !== null && request.user !== undefined;
    const rule = request.routeOptions.config?.httpCache;
    if (rule && (request.method === 'GET' || request.method === 'HEAD')) {
      addVary(reply, 'Cookie');
      if (reply.statusCode === 200) {
        reply.header('Cache-Control', cacheControlOf(rule, signedIn));
        if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
        const etag = etagOf(payload);
        reply.header('ETag', etag);
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
          reply.code(304);
          reply.removeHeader('Content-Type');
          reply.removeHeader('Content-Length');
          return '';
        }
        return payload;
      }
    }
    // A signed-in user's API answer that names no caching of its own is theirs alone.
    if (signedIn && !reply.hasHeader('Cache-Control') && isApiRequest(request)) reply.header('Cache-Control', 'private, no-store');
    return payload;
  });
}
