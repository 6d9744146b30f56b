import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';
import { isApiRequest } from './request-path.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own pages. Every API write carries the header
 * X-Requested-With, which a cross-site form cannot send and a cross-site fetch can send only after
 * a CORS preflight we never approve; Sec-Fetch-Site and Origin are checked as well where present.
 *
 * `signedRoutes` are not a browser's: a payment provider's webhooks carry no cookie and no header of
 * ours, and prove where they come from by their signature (checked by the route itself).
 */
export function registerCrossSiteGuard(app: FastifyInstance, signedRoutes: readonly string[] = []) {
  const signed = new Set(signedRoutes);
  app.addHook('onRequest', async (request, reply) => {
    // The routed path, not request.url: an absolute-form target (http://host/api/…) is an API request too.
    if (safeMethods.has(request.method) || !isApiRequest(request)) return;
    if (request.method === 'POST' && signed.has(request.routeOptions.url ?? '')) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameOrigin = !origin || sameHost(origin, request.headers.host);
    if (!request.headers['x-requested-with'] || (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') || !sameOrigin) {
      return reply.status(403).send(errorBody('cross_site_request', 'Cross-site request refused'));
    }
  });
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
