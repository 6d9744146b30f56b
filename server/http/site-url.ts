import type { FastifyRequest } from 'fastify';

/** The site's address for links in e-mails: PUBLIC_URL when set, else the address the request came to. */
export function siteUrlOf(publicUrl: string | undefined, request: FastifyRequest): string {
  return publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}
