import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a private stored file (an ID document, a place document, a CV) to be read in the browser:
 * never kept by a cache, shown inline, and sandboxed with no sources of its own, so a document
 * cannot run anything on our origin.
 */
export function sendPrivateFile(reply: FastifyReply, body: Readable, contentType: string) {
  reply.header('Content-Type', contentType);
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Disposition', 'inline');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  return reply.send(body);
}
