import type { FastifyRequest } from 'fastify';

/**
 * The path a request is for, as the router saw it. `request.url` is the raw request target, which
 * may be in absolute form (`POST http://host/api/contact HTTP/1.1`, RFC 9112 3.2.2): the router
 * strips the scheme and host and routes it to /api/contact, so a check on `request.url.startsWith('/api/')`
 * would let such a request past the cross-site guard and the session hook. A matched route's pattern
 * is what runs; an unmatched request's path is taken the router's way (scheme and authority of an
 * http(s) target dropped, query left out).
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  return pathOfTarget(request.url);
}

/** The path of a raw request target: origin form as it is, absolute form without its scheme and authority. */
export function pathOfTarget(target: string): string {
  let path = target;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length) || '/';
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** Whether the request is for the API (anything under /api/), however its target was written. */
export function isApiRequest(request: FastifyRequest): boolean {
  return routedPath(request).startsWith('/api/');
}
