import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';

/** Country headers set by the CDNs we may run behind; whichever is present decides. */
const countryHeaders = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'] as const;

/** Two letters, but not the CDNs' placeholders for unknown (XX) or Tor (T1). */
export function countryOf(headers: Record<string, string | string[] | undefined>): string | null {
  for (const name of countryHeaders) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return null;
}

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/geo', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return { country: countryOf(request.headers) };
  });
};
